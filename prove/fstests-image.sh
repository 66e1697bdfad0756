#!/bin/sh
# fstests-image.sh FSTESTS OUT_IMAGE
# fstests-image.sh --check FSTESTS [JOB]	(make JOB, default fstests, before anything else)
# The fstests guest's root disk: Debian bookworm's packages
# (vm-images/fstests/packages, by mmdebstrap, never installed on the
# host), the user's fstests checkout built on the host, and the guest's
# init and helpers, made an ext4 image by mke2fs -d (nothing mounted).
# Each layer is kept in $SG_CACHE/fstests and made again only when what
# it is made from changed:
#	build/		a copy of FSTESTS, built with make (nice -n 19)
#	userland.tar	mmdebstrap's tarball; userland.stamp
#	OUT_IMAGE	the disk; OUT_IMAGE.stamp
# The guest's helpers (fsresult) are built by the top Makefile into
# $SG_CACHE/fstests/guest first.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

# lacks DIR: what DIR lacks of an fstests checkout, said after its name
# (": no such folder ..."), or nothing.
lacks() {
	if [ ! -d "$1" ]; then
		echo ": no such folder (want your fstests checkout)"
		return
	fi
	l=
	[ -f "$1/check" ] || l="no check script"
	[ -d "$1/tests/generic" ] || l="${l:+$l and }no tests/generic/"
	[ -z "$l" ] || echo " is not an fstests checkout: $l"
}

if [ "$1" = --check ]; then
	l=$(lacks "$2")
	[ -z "$l" ] || { echo "make ${3:-fstests}: FSTESTS=$2$l" >&2; exit 2; }
	exit 0
fi
src=$1 image=$2
cache="$SG_CACHE/fstests"
guest="$SG_ROOT/vm-images/fstests"
die() { echo "fstests-image: $*" >&2; exit 1; }
l=$(lacks "$src")
[ -z "$l" ] || die "FSTESTS=$src$l"
[ -x "$cache/guest/fsresult" ] || die "$cache/guest/fsresult: not built (make fstests builds it)"
mkdir -p "$cache"

# The checkout copied as it is (its .git left out), built where it lies:
# rsync keeps the times, so make builds again only what changed.
build() {
	rsync -a --exclude=.git "$src/" "$cache/build/"
	sg_say "fstests: building $src in $cache/build (log: $cache/build.log)"
	sg_ticking "fstests: make" "$cache/build.log" nice -n 19 make -C "$cache/build" -j"$(nproc)" ||
		die "make in $cache/build failed: $(tail -n 5 "$cache/build.log" | tr '\n' ' ')"
	[ -x "$cache/build/ltp/fsx" ] || die "make in $cache/build made no ltp/fsx (log: $cache/build.log)"
}

packages() {
	sed -e 's/#.*//' "$guest/packages" | awk 'NF { printf "%s%s", sep, $1; sep = "," }'
}

# mmdebstrap in a user namespace (--mode=unshare): what it mounts for the
# packages' scripts is in its own mount namespace, not the host's.  The
# userland is made again when the packages or these options change.
MMDEBSTRAP_OPTS="--mode=unshare --format=tar --variant=essential
	--dpkgopt=path-exclude=/usr/share/doc/* --dpkgopt=path-exclude=/usr/share/man/*
	--dpkgopt=path-exclude=/usr/share/locale/* --dpkgopt=path-exclude=/usr/share/info/*"
SUITE=bookworm

userland() {
	mirror=$(sg_debian_mirror)
	[ -n "$mirror" ] || die "no Debian mirror in the host's apt sources"
	set -f	# the dpkg path patterns are not the shell's
	stamp=$(printf '%s\n' "$(packages)" $MMDEBSTRAP_OPTS $SUITE | sha1sum | cut -c1-40)
	if [ -f "$cache/userland.tar" ] && [ "$(cat "$cache/userland.stamp" 2>/dev/null)" = "$stamp" ]; then
		set +f
		return 0
	fi
	command -v mmdebstrap >/dev/null || die "mmdebstrap not found (run: make deps-fstests)"
	sg_say "fstests: Debian $SUITE userland by mmdebstrap (log: $cache/userland.log)"
	rm -f "$cache/userland.stamp"
	# shellcheck disable=SC2086
	sg_ticking "fstests: mmdebstrap" "$cache/userland.log" nice -n 19 mmdebstrap $MMDEBSTRAP_OPTS \
		--include="$(packages)" $SUITE "$cache/userland.tar.new" "$mirror" ||
		die "mmdebstrap failed: $(tail -n 5 "$cache/userland.log" | tr '\n' ' ')"
	set +f
	mv "$cache/userland.tar.new" "$cache/userland.tar"
	echo "$stamp" > "$cache/userland.stamp"
}

# What the image is made from: the userland, every file of the build by
# name and content (not time: fstests' make writes each tests/*/group.list
# again, the same), the guest's files and this script.
image_stamp() {
	{
		cat "$cache/userland.stamp"
		(cd "$cache/build" && find . -path ./results -prune -o -type f -print0 |
			LC_ALL=C sort -z | xargs -0 sha1sum)
		cat "$guest/init" "$guest/run-tests.sh" "$cache/guest/fsresult" "$0"
	} | sha1sum | cut -c1-40
}

# The tree becomes / of the guest: the userland, fstests in /fstests, the
# guest's own files in /sg, fstests' users.
stage() {
	mkdir -p "$1"
	tar -C "$1" -xf "$cache/userland.tar"
	cp -a "$cache/build" "$1/fstests"
	rm -rf "$1/fstests/results" "$1/fstests/local.config"
	install -D -m 755 "$guest/init" "$1/sg/init"
	install -m 755 "$guest/run-tests.sh" "$cache/guest/fsresult" "$1/sg/"
	ln -sf ../proc/self/mounts "$1/etc/mtab"
	for u in fsgqa:1000 fsgqa2:1001 123456-fsgqa:1002; do
		echo "${u%:*}:x:${u#*:}:${u#*:}::/home/${u%:*}:/bin/sh" >> "$1/etc/passwd"
		echo "${u%:*}:x:${u#*:}:" >> "$1/etc/group"
		mkdir -p "$1/home/${u%:*}" && chown "${u#*:}:${u#*:}" "$1/home/${u%:*}"
	done
}

build
userland
stamp=$(image_stamp)
if [ -f "$image" ] && [ "$(cat "$image.stamp" 2>/dev/null)" = "$stamp" ]; then
	sg_say "fstests: $image is up to date"
	exit 0
fi
tmp=$(mktemp -d "$cache/stage.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sg_say "fstests: staging the guest's tree"
stage "$tmp/root"
# Room for results/ and what tests leave in /fstests beside the tree;
# ext4 as the 2015 kernels mount it (no metadata_csum before 3.18).
mb=$(( $(du -sm "$tmp/root" | cut -f1) + 512 ))
rm -f "$image.stamp"
rm -f "$image.new"
truncate -s "${mb}M" "$image.new"
sg_ticking "fstests: mke2fs -d" "$cache/mke2fs.log" mke2fs -q -F -t ext4 \
	-O ^metadata_csum,^metadata_csum_seed -L sg-fstests -d "$tmp/root" "$image.new" ||
	die "mke2fs -d failed: $(tail -n 3 "$cache/mke2fs.log" | tr '\n' ' ')"
mv "$image.new" "$image"
echo "$stamp" > "$image.stamp"
sg_say "fstests: $image made ($mb MiB)"
