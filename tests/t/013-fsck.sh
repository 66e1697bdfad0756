# e2fsck -fn after every check that mounts ext4 (verify/common/fsfile.c),
# on an image file: no loop device, no mount.
. "$SG_ROOT/tests/common.sh"
command -v debugfs >/dev/null || { echo "debugfs not installed (make deps installs e2fsprogs)"; exit 77; }
${CC:-gcc} -O1 -g -Wall -Wextra -std=gnu11 -D_GNU_SOURCE -o "$T/fsck_test" \
	"$SG_ROOT/tests/unit/fsck_test.c" "$SG_ROOT/verify/common/fsfile.c" \
	"$SG_ROOT/verify/common/guest.c" "$SG_ROOT/verify/common/setuptime.c" ||
	fail "fsck_test does not compile"
"$T/fsck_test" "$T/ext4.img" && ok "e2fsck: clean, complaint, not run" || fail "fsck_test"
done_testing
