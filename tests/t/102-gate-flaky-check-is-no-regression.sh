# A check that fails one boot in three on both kernels: its first boots
# differ (the candidate's fails), so both boot it again with the next
# seeds: the previous release disagrees with itself, a flake, 1/3, never a
# regression; the reply says so, with a Tested-by, and what the checks
# went through, path by path (branches.yaml's paths:).
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
v() { "$RUNFILE" list --where check="$2" "$1/gate.tsv" previous candidate verdict; }
printf 'paths:\n  "md raid0, the array": [raid0-map]\n  "md raid0, discards on it": [raid0-discard]\n' \
	>> "$SG_BRANCHES"
FLAKY_CHECK=raid0-discard SG_SEED=9 gate "$T/flaky" "$T/clean"
rc=$?
[ $rc = 0 ] && [ "$(v "$T/flaky" raid0-discard)" = "PASS,PASS,FAIL FAIL,PASS,PASS flaky" ] &&
	[ "$("$RUNFILE" list --where check=raid0-discard "$T/flaky/gate.tsv" rate)" = 1/3 ] &&
	[ "$(v "$T/flaky" raid0-map)" = "PASS PASS pass" ] && [ -d "$T/flaky/try-3" ] &&
	ok "a check failing one boot in three: booted again, flaky 1/3, not a regression, exit 0" ||
	fail "flaky: exit $rc: $(cat "$T/flaky/gate.tsv"; tail -n 5 "$T/flaky.out")"
grep -qx 'Flaky, on the previous release too: raid0-discard (1/3)' "$T/flaky/reply.eml" &&
	grep -q '^Tested-by: ' "$T/flaky/reply.eml" && ok "the reply names the flake" ||
	fail "flaky reply: $(cat "$T/flaky/reply.eml")"
grep -qx 'What the checks went through, path by path:' "$T/flaky/reply.eml" &&
	grep -qx '  md raid0, the array: raid0-map' "$T/flaky/reply.eml" &&
	grep -qx '  md raid0, discards on it: raid0-discard' "$T/flaky/reply.eml" &&
	ok "the reply says what the checks went through, path by path" ||
	fail "flaky reply: $(cat "$T/flaky/reply.eml")"

done_testing
