#!/bin/sh
# mkinitramfs.sh OUT CHECKS_DIR FIO FIO_JOBS_DIR
# An uncompressed newc initramfs: static busybox with a link per applet,
# the real mdadm and mke2fs with the shared libraries ldd names, e2fsck
# from Debian's e2fsck-static (the same e2fsprogs, 0.03 s a run under TCG
# where the shared one takes 0.11 s loading its libraries, and a guest
# runs it ten times), the
# static fio (vm-images/build-fio.sh) with the checks' job files in
# /etc/fio, and the check binaries, stripped.  Uncompressed and with the links made
# here, because under TCG the guest's gunzip and busybox --install are
# the largest part of its way to the first check (issue 19: about 0.3 s
# of some 0.8 s; QEMU loads the bigger file in no time).
set -eu

[ $# -eq 4 ] || { echo "usage: mkinitramfs.sh OUT CHECKS_DIR FIO FIO_JOBS_DIR" >&2; exit 2; }
out=$1 checks=$2 fio=$3 jobs=$4
here=$(cd "$(dirname "$0")" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

die() { echo "mkinitramfs: $*" >&2; exit 1; }

need() {
	command -v "$1" >/dev/null 2>&1 || die "$1 not found (run: make deps)"
	command -v "$1"
}

copy_with_libs() {
	bin=$(need "$1")
	install -D -m 755 "$bin" "$stage/sbin/$1"
	ldd "$bin" 2>/dev/null | awk '/=>/ { print $3 } /^\t\// { print $1 }' |
	while read -r lib; do
		[ -f "$lib" ] || continue
		install -D -m 755 "$lib" "$stage$lib"
	done
}

busybox=/bin/busybox
[ -x "$busybox" ] || die "$busybox not found (run: make deps)"
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
	die "$busybox is not the static build (package busybox-static)"
install -D -m 755 "$busybox" "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
for a in $("$busybox" --list); do
	[ -e "$stage/bin/$a" ] || ln -s busybox "$stage/bin/$a"
done
for tool in mdadm mke2fs; do
	copy_with_libs "$tool"
done
e2fsck=$(need e2fsck.static)
file -L "$e2fsck" 2>/dev/null | grep -q 'statically linked' ||
	die "$e2fsck is not statically linked (package e2fsck-static)"
install -D -m 755 "$e2fsck" "$stage/sbin/e2fsck"
file -L "$fio" 2>/dev/null | grep -q 'statically linked' ||
	die "$fio is not a static fio (vm-images/build-fio.sh)"
install -D -m 755 "$fio" "$stage/sbin/fio"
for j in "$jobs"/*.fio; do
	install -D -m 644 "$j" "$stage/etc/fio/$(basename "$j")"
done
[ -f /etc/mke2fs.conf ] && install -D -m 644 /etc/mke2fs.conf "$stage/etc/mke2fs.conf"
mkdir -p "$stage/sg" "$stage/etc/mdadm"
echo "root:x:0:0:root:/:/bin/sh" > "$stage/etc/passwd"
echo "root:x:0:" > "$stage/etc/group"
echo "CREATE owner=root group=root mode=0600 auto=yes" > "$stage/etc/mdadm/mdadm.conf"
for c in "$checks"/*; do
	[ -x "$c" ] && install -s -m 755 "$c" "$stage/sg/"
done
install -m 755 "$here/init" "$stage/init"

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$out.tmp"
mv "$out.tmp" "$out"
