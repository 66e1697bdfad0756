# The initramfs is made again after an edit of any file under verify/
# (a check, a cross-era scenario, their common code, a fio job,
# verify/Makefile) or of the guest's init and the image builder: make's
# prerequisites of the image, asked with make -n -W FILE against an image
# newer than them all (and than a stand-in fio, itself newer than its
# sources).
. "$SG_ROOT/tests/common.sh"
initrd="$T/cache/image/initramfs.cpio"
mkdir -p "${initrd%/*}"
touch -d "@$(( $(date +%s) - 5 ))" "$T/fio.inputs"
touch "$T/fio"
touch -d "@$(( $(date +%s) + 5 ))" "$initrd"
image() { make -n -s "$@" SG_CACHE="$T/cache" SG_FIO="$T/fio" FIO_INPUTS="$T/fio.inputs" "$initrd" 2>&1; }
cd "$SG_ROOT" || exit 1
# verify/fstests/ is the fstests guest's (prove/fstests-image.sh), not the initramfs'.
srcs=$(find verify -path verify/fstests -prune -o -type f \( -name '*.[ch]' -o -name '*.fio' -o -name Makefile \) -print)
# A find that sees nothing would pass for every source it did not see.
n=$(echo $srcs | wc -w)
[ "$n" -gt 0 ] || fail "no sources found under verify/: nothing was checked"
for f in $srcs vm-images/init vm-images/mkinitramfs.sh; do
	image -W "$f" | grep -q 'mkinitramfs\.sh' ||
		fail "an edit of $f does not make the initramfs again (Makefile CHECK_SRCS)"
done
[ "$failures" = 0 ] && ok "an edit of any of $n sources of verify/, of the init or of the image builder makes the initramfs again"
image | grep -q 'mkinitramfs\.sh' &&
	fail "an image newer than its sources is made again" || ok "an image newer than its sources is kept"
done_testing
