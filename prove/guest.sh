#!/bin/sh
# guest.sh KERNEL INITRD LOG CHECKS [NAME=VALUE...]
# The one way a kernel is booted and judged, for the matrix, the cross-era
# pairs, each bisection step and the bench.  KERNEL boots with INITRD
# under QEMU (vm-images/boot.sh: the serial console in LOG, the QEMU
# command line in LOG.argv, QEMU's own output in LOG.qemu) and runs the
# checks CHECKS (comma-separated; empty: none, a boot to the end), then
# logread --both judges the log, read once, into two run files
# (lib/runfile.h), written
# whatever happened:
#
#	LOG.verdicts	a row per check: observed, secs, complaint, reason
#			(an ERROR's reason ends with the log's tail), line
#	LOG.outcome	the boot's verdict over its checks, its first bad line,
#			whether the guest got to its end, QEMU's status
#
# NAME=VALUE: seed, layouts, chunks, phase, layout, chunk, update or gcov, given
# to the guest as sg_NAME=VALUE on the kernel command line (docs/protocol.md);
# append=TEXT, kernel parameters as they are.  root=IMAGE boots the fstests
# guest instead (prove/fstests-boot.sh: a Debian userland on IMAGE, made
# by fstests-image.sh; INITRD is not used): CHECKS are then fstests tests
# (generic/086), judged the same way, with 600 s and 900 s a test to run.  The environment: SG_DISKS,
# SG_ACCEL, SG_SILENCE and SG_GUEST_MEM (boot.sh), SG_BOOT_TIMEOUT.
# Exit 0 when both files were written, 2 on bad arguments.
set -u	# not -e: the guest's failure is a verdict, not this script's
. "${0%/*}/../lib/sg.sh"

[ $# -ge 4 ] || sg_die "usage: guest.sh KERNEL INITRD LOG CHECKS [NAME=VALUE...]"
kernel=$1 initrd=$2 log=$3 checks=$4
shift 4
params="sg_checks=$checks" root= seed=0
for a; do
	case $a in
	root=*) root=${a#root=} ;;
	append=*) params="$params ${a#append=}" ;;
	seed=* | layouts=* | chunks=* | phase=* | layout=* | chunk=* | update=* | gcov=*)
		params="$params sg_$a"
		case $a in seed=*) seed=${a#seed=} ;; esac ;;
	*) echo "guest.sh: $a: not NAME=VALUE of a guest parameter" >&2; exit 2 ;;
	esac
done
names=
sg_ifs=$IFS
IFS=,
for c in $checks; do names="$names${names:+ }$c"; done
IFS=$sg_ifs

if [ -n "$root" ]; then
	# shellcheck disable=SC2086
	SG_SEED=$seed SG_BOOT_TIMEOUT=$((600 + 900 * $(echo $names | wc -w))) \
		${SG_FSTESTS_BOOT_CMD:-"$SG_ROOT/prove/fstests-boot.sh"} "$kernel" "$root" "$log" $names \
		>"$log.qemu" 2>&1
else
	"$SG_ROOT/vm-images/boot.sh" "$kernel" "$initrd" "$log" "$SG_BOOT_TIMEOUT" "$params" \
		>"$log.qemu" 2>&1
fi
status=$?
# shellcheck disable=SC2086
why=$("$SG_CACHE/bin/logread" --both "$log" "$status" $names 2>&1) && exit 0
# No log to judge (QEMU did not start): every check an ERROR that says so.
why="logread could not read $log (qemu status $status): $( { echo "$why"; cat "$log.qemu" 2>/dev/null; } | tail -n 3 | tr '\n' ' ')"
{
	"$RUNFILE" header verdicts
	for c in $names; do
		"$RUNFILE" row verdicts check="$c" observed=ERROR secs=0 complaint=- reason="$why" \
			log_tail=- line=-
	done
} > "$log.verdicts"
{
	"$RUNFILE" header outcome
	"$RUNFILE" row outcome outcome=ERROR first_bad=- done=no status="$status"
} > "$log.outcome"
exit 0
