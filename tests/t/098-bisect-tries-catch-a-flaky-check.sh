# make bisect on the stand-in history of tests/bisect-standin.sh: a check
# that fails one seed in three is caught with BISECT_TRIES=3 (three
# boots a step), and the commit that brought it named.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/bisect-standin.sh"

# Flaky: only one seed in three fails; three boots a step catch it.
git -C "$user" checkout -q -b flaky v9.9.1
harmless 1 3 f
commit "md/raid0: the flaky mutant" flaky BUG-FLAKY
flaky=$(ug rev-parse --short=12 HEAD)
harmless 4 6 g
SG_SEED=4 BISECT_TRIES=3 "$SG_ROOT/maintain/bisect.sh" "$T/flaky" "$T/initrd" 9.9 v9.9.1 flaky raid0-map \
	>"$T/fout" 2>&1
grep -q "^- commit $flaky" "$T/fout" && grep -q 'PASS@4,PASS@5,FAIL@6' "$T/flaky/steps.tsv" &&
	ok "BISECT_TRIES=3 catches the check that fails one seed in three" || fail "flaky: $(cat "$T/fout")"
done_testing
