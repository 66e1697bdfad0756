# The QEMU launcher with a stand-in for QEMU: a guest whose console goes
# silent is killed (status 125) and the log reader says during which
# check; a guest past its time is killed (124); an interrupted launcher
# leaves no guest behind.
. "$SG_ROOT/tests/common.sh"
boot="$SG_ROOT/vm-images/boot.sh"
checks=$("$SGCONF" "$SG_ROOT/branches.yaml" checks)

# The stand-in prints a boot and one finished check on the serial file,
# begins the next, then hangs: what a deadlocked kernel looks like.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
echo $$ > "${log%.log}.pid"
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map PASS seed=1 arrays=2\nSG-END raid0-map rc=0 secs=1.0\nSG-BEGIN raid0-discard\n' >> "$log"
exec sleep 300
SH
export SG_QEMU="$T/qemu"

# gone PIDFILE: the process is dead, 2 s at most after it should be.
gone() { until_true 2 dead "$(cat "$1")"; }

SG_SILENCE=2 "$boot" k i "$T/silent.log" 200 "" 2>"$T/err"
rc=$?
[ $rc -eq 125 ] && grep -q "silent for 2s" "$T/err" && ok "a silent guest is killed (125)" ||
	fail "silent: rc $rc, $(cat "$T/err")"
gone "$T/silent.pid" && ok "and its process is gone" || fail "the silent guest still runs"
# shellcheck disable=SC2086
"$LOGREAD" "$T/silent.log" 125 $checks > "$T/verdicts"
grep -q "^raid0-discard	ERROR	.*no result: the guest went silent while it ran" "$T/verdicts" &&
	grep -q "^ext4-es-delayed	ERROR	.*not run: the guest went silent during raid0-discard" "$T/verdicts" &&
	grep -q "^raid0-map	PASS" "$T/verdicts" &&
	ok "the log reader names the check that hung and those not run" || fail "$(cat "$T/verdicts")"

SG_SILENCE=100 "$boot" k i "$T/slow.log" 2 "" 2>"$T/err"
rc=$?
[ $rc -eq 124 ] && gone "$T/slow.pid" && ok "a guest past its time is killed (124)" ||
	fail "timeout: rc $rc, $(cat "$T/err")"

SG_SILENCE=100 "$boot" k i "$T/int.log" 200 "" 2>/dev/null &
launcher=$!
until_true 10 test -s "$T/int.pid"
kill -TERM $launcher
wait $launcher
gone "$T/int.pid" && ok "an interrupted launcher leaves no guest" || fail "the guest outlived its launcher"
done_testing
