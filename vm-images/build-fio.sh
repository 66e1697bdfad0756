#!/bin/sh
# build-fio.sh OUT
# fio for the guest: Debian bookworm's source package (fetched through a
# private deb-src list, prove/fetch-package.sh), built static and stripped
# into OUT.  The packaged binary would need 57 shared libraries beyond
# the image's (ceph, gluster, rdma, pmem: some 81 MB); this one has none.
# Configured with only what the checks use (psync on block devices and
# files, crc32c verify):
#   --disable-native  the guest CPU is QEMU's qemu64, not the host's
#   --disable-shm     the job table in memory, jobs as threads: no System
#                     V IPC needed in the guest kernel (fio 3.33's
#                     "failed to setup shm segment" on a kernel without it)
#   --disable-lex     no arithmetic in job files: the checks hand fio
#                     every number ready (verify/fio/*.fio)
# and without the engines that pull in libraries (numa, rdma, rados, rbd,
# http, gluster, nfs, pmem, xnvme, libzbc, tcmalloc, dfs).  Built with
# nice and one job (SG_FIO_JOBS) beside the kernel builds.
set -eu

FIO_SOURCE=fio=3.33-3
FIO_SUITE=bookworm

out=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/settings"
die() { echo "build-fio: $*" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/sg-fio.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$here/../prove/fetch-package.sh" --source "$FIO_SOURCE" "$FIO_SUITE" "$work"
src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'fio-*' | head -n 1)
[ -n "$src" ] || die "no fio-* tree in $work after apt-get source"

cd "$src"
./configure --build-static --disable-native --disable-shm --disable-lex \
	--disable-numa --disable-rdma --disable-rados --disable-rbd \
	--disable-http --disable-gfapi --disable-libnfs --disable-pmem \
	--disable-xnvme --disable-libzbc --disable-tcmalloc --disable-dfs \
	> "$work/configure.log" 2>&1 ||
	die "configure failed: $(tail -n 5 "$work/configure.log")"
grep -q '^LDFLAGS.*-static' config-host.mak || die "configure did not take --build-static"
nice -n 19 make -j"$SG_FIO_JOBS" fio > "$work/make.log" 2>&1 ||
	die "make failed: $(grep -m 5 -e error -e Error "$work/make.log")"
file fio | grep -q 'statically linked' || die "fio is not statically linked: $(file fio)"
mkdir -p "$(dirname "$out")"
strip -o "$out.tmp" fio
mv "$out.tmp" "$out"
echo "build-fio: $("$out" --version) static, $(wc -c < "$out") bytes, in $out" >&2
