#!/bin/sh
# boot.sh KERNEL INITRD LOG TIMEOUT APPEND
# One QEMU run with the serial console in LOG; exits with QEMU's status,
# or 124 if the guest had to be killed after TIMEOUT seconds.
set -u

kernel=$1 initrd=$2 log=$3 limit=$4 append=$5
accel=${SG_ACCEL:-tcg}

: > "$log"
# loglevel=5: WARN_ON()s print at KERN_WARNING and must reach the log;
# panic=-1 with -no-reboot ends QEMU at a panic instead of hanging.
timeout -k 10 "$limit" qemu-system-x86_64 \
	-machine pc,accel="$accel" -cpu qemu64 -m "${SG_GUEST_MEM:-768}" -smp 1 \
	-nodefaults -no-reboot -display none -monitor none \
	-serial file:"$log" \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 loglevel=5 $append" </dev/null
