#!/bin/sh
# build-kernel.sh SRC BUILD "FRAGMENT..." [CC]
# Out-of-tree build of SRC into BUILD: allnoconfig plus the fragments (a
# space-separated list, merged in order), then bzImage with ccache.
# Prints the bzImage path on success.
set -eu

src=$1 build=$2 fragments=$3 cc=${4:-gcc}
jobs=${SG_JOBS:-$(nproc)}

die() { echo "build-kernel: $*" >&2; exit 1; }

[ -f "$src/Makefile" ] || die "$src: not a kernel tree (no Makefile)"
[ -n "$fragments" ] || die "no config fragment given"
for f in $fragments; do
	[ -f "$f" ] || die "$f: no such config fragment"
done
mkdir -p "$build"

export CCACHE_DIR="${CCACHE_DIR:-${SG_CACHE:?}/ccache}"
# Sources move between variant checkouts; hash content, not mtimes.
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export CCACHE_NOHASHDIR=1
# Same relative paths from every build folder: variants share hits.
export CCACHE_BASEDIR="${SG_CACHE:?}"
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2015'
export KBUILD_BUILD_USER=stableguard KBUILD_BUILD_HOST=stableguard
kmake() { make -s -C "$src" O="$build" CC="ccache $cc" HOSTCC="$cc" "$@"; }

want=$build/.config.want
# shellcheck disable=SC2086
cat $fragments > "$want.new"
if ! [ -f "$build/.config" ] || ! cmp -s "$want.new" "$want"; then
	kmake allnoconfig >/dev/null || die "make allnoconfig failed in $src"
	# merge_config.sh leaves its temporary files in the current folder.
	(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" \
		"$build/.config" "$want.new") >"$build/merge.log" 2>&1 ||
		die "merge_config failed: see $build/merge.log"
	kmake olddefconfig >/dev/null || die "make olddefconfig failed in $build"
	lost=$(grep '^CONFIG_' "$want.new" | while read -r line; do
		grep -qx "$line" "$build/.config" || echo "${line%%=*}"
	done)
	[ -z "$lost" ] || die "$fragments: options lost in olddefconfig (not in this tree's Kconfig, or a dependency is missing): $lost"
	mv "$want.new" "$want"
else
	rm -f "$want.new"
fi

kmake -j"$jobs" bzImage >"$build/make.log" 2>&1 || {
	tail -n 30 "$build/make.log" >&2
	die "make bzImage failed in $build (log: $build/make.log)"
}
echo "$build/arch/x86/boot/bzImage"
