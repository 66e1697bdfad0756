#!/bin/sh
# build-kernel.sh SRC BUILD "FRAGMENT..." [CC]
# Out-of-tree build of SRC into BUILD: allnoconfig plus the fragments (a
# space-separated list, merged in order), then bzImage with ccache.
# Prints the bzImage path on success.  With SG_PROGRESS set (a label), a
# line on fd 3 every SG_TICK seconds (lib/settings) says how far the build is: objects
# compiled of those the last build of this folder had, on one updating
# line when fd 3 is a terminal.  BUILD_MAKE_ARGS: more arguments for make
# bzImage (prove/coverage.sh's GCOV_PROFILE_<object>=y).
set -eu
. "$(dirname "$0")/../lib/sg.sh"

src=$1 build=$2 fragments=$3 cc=${4:-gcc}
jobs=$SG_JOBS

die() { echo "build-kernel: $*" >&2; exit 1; }

[ -f "$src/Makefile" ] || die "$src: not a kernel tree (no Makefile)"
[ -n "$fragments" ] || die "no config fragment given"
for f in $fragments; do
	[ -f "$f" ] || die "$f: no such config fragment"
done
mkdir -p "$build"
# make.log is this build's or none: a failure before make leaves no older one.
rm -f "$build/make.log"

export CCACHE_DIR="${CCACHE_DIR:-${SG_CACHE:?}/ccache}"
# Sources move between variant checkouts; hash content, not mtimes.
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export CCACHE_NOHASHDIR=1
# Same relative paths from every build folder: variants share hits.
export CCACHE_BASEDIR="${SG_CACHE:?}"
# A distcc farm when DISTCC_HOSTS is set: ccache first, distcc behind it.
pump=
if [ -n "${DISTCC_HOSTS:-}" ]; then
	command -v distcc >/dev/null || die "DISTCC_HOSTS is set but distcc is not installed (make deps)"
	export CCACHE_PREFIX=distcc
	[ -n "$jobs" ] || jobs=$(distcc -j)
	case $(sg_build_mode) in *pump*) pump=pump ;; esac
fi
[ -n "$jobs" ] || jobs=$(nproc)
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2015'
export KBUILD_BUILD_USER=stableguard KBUILD_BUILD_HOST=stableguard
# No build counter in the image either: the same sources give the same
# bytes, which is how a bisection knows a commit changed nothing it runs.
export KBUILD_BUILD_VERSION=1
kmake() { $pump make -s -C "$src" O="$build" CC="ccache $cc" HOSTCC="$cc" "$@"; }

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

# How many objects a whole build of this tree and config makes, as the
# last build of any folder counted them: a cold folder's total.
objects="$SG_CACHE/timings/objects/$(sg_makefile_version < "$src/Makefile")-$(cat $fragments | sha1sum | cut -c1-12)"

# ticker: objects newer than the build's start, every SG_TICK seconds, of
# the folder's last build ("about" another folder's, for a cold one).
ticker() {
	first=
	of="of $(cat "$build/.sg-objects" 2>/dev/null) " ||
		of="of about $(cat "$objects" 2>/dev/null) " ||
		{ of= first=" (the first build of this tree: no total yet)"; }
	t=0 cr=
	[ -t 3 ] && cr=$(printf '\r')
	while sleep "$SG_TICK"; do
		t=$((t + SG_TICK))
		n=$(find "$build" -name '*.o' -newer "$build/.sg-start" | wc -l)
		if [ -n "$cr" ]; then
			printf '%s%s: %s %sobjects compiled%s, %ss ' "$cr" "$SG_PROGRESS" "$n" "$of" "$first" "$t" >&3
			: > "$build/.sg-ticked"
		else
			echo "$SG_PROGRESS: $n ${of}objects compiled$first, ${t}s" >&3
		fi
	done
}

: > "$build/.sg-start"
rm -f "$build/.sg-ticked"
tick=
if [ -n "${SG_PROGRESS:-}" ] && { true >&3; } 2>/dev/null; then
	ticker >/dev/null &
	tick=$!
fi
rc=0
# shellcheck disable=SC2086
kmake -j"$jobs" bzImage ${BUILD_MAKE_ARGS:-} >"$build/make.log" 2>&1 || rc=$?
if [ -n "$tick" ]; then
	kill "$tick" 2>/dev/null
	wait "$tick" 2>/dev/null || true
	# The updating line ends before whatever is printed next.
	[ ! -e "$build/.sg-ticked" ] || echo >&3
fi
if [ $rc -ne 0 ]; then
	tail -n 30 "$build/make.log" >&2
	die "make bzImage failed in $build (log: $build/make.log)"
fi
find "$build" -name '*.o' | wc -l > "$build/.sg-objects"
mkdir -p "${objects%/*}" && cp "$build/.sg-objects" "$objects"
echo "$build/arch/x86/boot/bzImage"
