#!/bin/sh
# fstests-boot.sh BZIMAGE ROOT_IMAGE LOG TEST...
# One boot of the fstests guest: BZIMAGE with ROOT_IMAGE (fstests-image.sh)
# as its root disk, vda, left as it was (SG_DISK_SNAPSHOT), and the tests
# on a second disk, vdb, one a line.  Exits with boot.sh's status; the
# caller reads LOG with logread and the TESTs as its checks (one verdict
# each: PASS, FAIL, SKIP, ERROR).  What make fstests boots, and what a
# bisection step can boot for CHECK=generic/086.
#	SG_SEED		the run's seed (sg_seed=; fstests draws its own)
#	SG_FSTESTS_CHUNK	the arrays' chunk, KiB (64)
#	SG_FSTESTS_MEMBER_MB	each array's two members on tmpfs (512)
#	SG_FSTESTS_GUEST_MEM, SG_FSTESTS_SILENCE (lib/settings)
#	SG_BOOT_TIMEOUT	seconds in all (guest.sh gives 600 + 900 a test)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/settings"
kernel=$1 root=$2 log=$3
shift 3
[ -f "$kernel" ] || { echo "fstests-boot: $kernel: no such kernel" >&2; exit 2; }
[ -f "$root" ] || { echo "fstests-boot: $root: no such root image" >&2; exit 2; }
plan="$log.tests"
printf '%s\n' "$@" > "$plan"
# A disk is whole sectors: the list, padded with NULs the guest drops.
truncate -s %4096 "$plan"
SG_DISKS="$root $plan" SG_DISK_SNAPSHOT=1 SG_GUEST_MEM=$SG_FSTESTS_GUEST_MEM \
SG_SILENCE=$SG_FSTESTS_SILENCE \
	exec "$here/../vm-images/boot.sh" "$kernel" - "$log" "$SG_BOOT_TIMEOUT" \
	"root=/dev/vda rw rootfstype=ext4 init=/sg/init sg_seed=$SG_SEED sg_chunk=$SG_FSTESTS_CHUNK sg_member_mb=$SG_FSTESTS_MEMBER_MB"
