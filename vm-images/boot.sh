#!/bin/sh
# boot.sh KERNEL INITRD LOG TIMEOUT APPEND
# One QEMU run with the serial console in LOG; INITRD - for none (the
# fstests guest boots a disk: root= in APPEND).  Exits with QEMU's status;
# 124 if the guest was killed after TIMEOUT seconds; 125 if it was killed
# because its console said nothing for SG_SILENCE seconds.
# QEMU is killed with this script: an interrupted run leaves no guest.
# SG_DISKS: raw image files given to the guest as virtio disks (vda, vdb,
# ... in that order), for the cross-era scenarios; with SG_DISK_SNAPSHOT=1
# the guest's writes to them go to a temporary file and are dropped (the
# fstests guest's cached root disk stays as it was made).  LOG.argv keeps
# the QEMU command line, one argument a line.  SG_QEMU, SG_GUEST_MEM and
# SG_SILENCE take their defaults from lib/settings, sourced here too, so
# that boot.sh run on its own (tests/t/035) has the values a run has.
set -u	# not -e: QEMU's own status is the answer, and the watch loop reads it
. "${0%/*}/../lib/settings"

kernel=$1 initrd=$2 log=$3 limit=$4 append=$5
# An empty SG_ACCEL is the caller's to decide (sg_pick_accel probes KVM);
# a launch on its own takes TCG, which works everywhere.
accel=${SG_ACCEL:-tcg}
disks= snapshot=
[ "${SG_DISK_SNAPSHOT:-0}" = 1 ] && snapshot=,snapshot=on
for d in ${SG_DISKS:-}; do
	[ -f "$d" ] || { echo "boot.sh: $d: no such disk image" >&2; exit 2; }
	disks="$disks -drive file=$d,format=raw,if=virtio$snapshot"
done

: > "$log"
# loglevel=5: WARN_ON()s print at KERN_WARNING and must reach the log.
# oops=panic and panic=-1 with -no-reboot: an Oops ends the guest at once
# instead of leaving it to hang on a lock the dead task held.
set -- "$SG_QEMU" \
	-machine pc,accel="$accel" -cpu qemu64 -m "$SG_GUEST_MEM" -smp 1 \
	-nodefaults -no-reboot -display none -monitor none \
	-serial file:"$log" \
	-kernel "$kernel"
[ "$initrd" = - ] || set -- "$@" -initrd "$initrd"
set -- "$@" $disks \
	-append "console=ttyS0 panic=-1 oops=panic loglevel=5 $append"
# The exact command line, one argument a line: make repro boots the same.
printf '%s\n' "$@" > "$log.argv"
"$@" </dev/null &
pid=$!
trap 'kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
trap 'exit 130' INT TERM HUP

# The clock read without a process: the seconds since boot.
now() { read -r now _ < /proc/uptime; now=${now%.*}; }
now
start=$now
last=$start size=0
while kill -0 "$pid" 2>/dev/null; do
	sleep 0.5
	now
	n=$(stat -c %s "$log" 2>/dev/null || echo 0)
	[ "$n" != "$size" ] && size=$n last=$now
	if [ $((now - start)) -ge "$limit" ]; then
		echo "boot.sh: guest still running after ${limit}s: killed" >&2
		exit 124
	fi
	if [ $((now - last)) -ge "$SG_SILENCE" ]; then
		echo "boot.sh: guest console silent for ${SG_SILENCE}s: killed" >&2
		exit 125
	fi
done
wait "$pid"
