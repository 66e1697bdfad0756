# A long step that prints nothing of its own (fstests' make, mmdebstrap,
# mke2fs -d of the fstests image) says every SG_TICK seconds that it goes
# on, with its log's last line, and keeps its status.
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/lib/sg.sh"
SG_TICK=1
sg_ticking "a step" "$T/log" sh -c 'echo one; sleep 3; echo two; exit 3' 2> "$T/said"
rc=$?
n=$(grep -c '^stableguard: a step: [0-9]*s: one$' "$T/said")
[ $rc = 3 ] && [ "$n" -ge 2 ] && [ "$(cat "$T/log")" = "one
two" ] && ok "a 3 s step with a 1 s tick: $n lines saying it goes on, its status 3, its log whole" ||
	fail "exit $rc, $n lines: $(cat "$T/said")"
sg_ticking "a short one" "$T/log2" true 2> "$T/said2"
[ $? = 0 ] && [ ! -s "$T/said2" ] && ok "a step shorter than a tick says nothing" || fail "short: $(cat "$T/said2")"
done_testing
