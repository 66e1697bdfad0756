# A candidate against the release before it, row by row (report
# --compare): a check the previous release passes and the candidate fails
# is a regression, an intermittent one too (its rate); FAIL to PASS is
# fixed, FAIL on both still failing, a previous release that disagrees
# with itself flaky, a SKIP skip; a cross-era pair is matched by its
# writer and reader.  Exit 1 on a regression, 0 without, 2 on bad input;
# gate.tsv (run file kind gate) and gate.md, led by the verdict,
# regressions first.
. "$SG_ROOT/tests/common.sh"

# side DIR CHECK=OBSERVED...: a run folder of series 9.9 (variant V, all
# expected PASS) with those outcomes, and a pair 9.8→9.9 that passes.
side() {
	standin_side "$@"
	"$RUNFILE" row results series=- variant=up check=raid0-layout expected=PASS \
		observed=PASS seconds=1 kernel=- patchset=- seed=1 complaint=- log=- \
		reason=ok kind=pair writer=9.8 reader=9.9 log_tail=- image=- >> "$1/results.tsv"
}
side "$T/prev" a=PASS b=PASS c=FAIL d=SKIP e=FAIL
side "$T/cand" a=FAIL b=PASS c=PASS d=PASS e=FAIL
"$REPORT" --compare "$T" "$T/prev" "$T/cand" > "$T/out"
rc=$?
[ $rc = 1 ] && ok "a regression: exit 1" || fail "exit $rc: $(cat "$T/out")"
verdict() { "$RUNFILE" list --where check="$1" "$T/gate.tsv" verdict rate; }
[ "$(verdict a)" = "regression -" ] && [ "$(verdict b)" = "pass -" ] && [ "$(verdict c)" = "fixed -" ] &&
	[ "$(verdict d)" = "skip -" ] && [ "$(verdict e)" = "still failing -" ] &&
	[ "$(verdict raid0-layout)" = "pass -" ] &&
	ok "regression, pass, fixed, skip, still failing, a pair's pass" || fail "verdicts: $(cat "$T/gate.tsv")"
head -n 1 "$T/gate.md" | grep -qx '\*\*Regression\*\*: not safe to release; no Tested-by.' &&
	head -n 5 "$T/gate.md" | tail -n 1 | grep -q '^| 9.9 | cand | a | PASS | FAIL | \*\*regression\*\* | a said FAIL |$' &&
	ok "gate.md: led by the verdict; the regression first, in bold, with the candidate's first bad line" ||
	fail "gate.md: $(cat "$T/gate.md")"
grep -qx '6 rows: 1 regression, 1 fixed, 1 still failing, 2 pass, 1 skip; REGRESSION: not safe to release' "$T/out" &&
	ok "the summary line" || fail "summary: $(cat "$T/out")"

# Tries: the previous release's three all pass, the candidate fails two
# of three: an intermittent regression, 2/3.  The previous disagreeing
# with itself: flaky, its rate.  Nothing else: exit 0.
side "$T/p1" a=PASS f=PASS
side "$T/p2" a=PASS f=FAIL
side "$T/p3" a=PASS f=PASS
side "$T/c1" a=FAIL f=PASS
side "$T/c2" a=PASS f=PASS
side "$T/c3" a=FAIL f=FAIL
"$REPORT" --compare "$T" "$T/p1,$T/p2,$T/p3" "$T/c1,$T/c2,$T/c3" > "$T/out"
[ $? = 1 ] && [ "$(verdict a)" = "regression 2/3" ] && [ "$(verdict f)" = "flaky 1/3" ] &&
	[ "$("$RUNFILE" list --where check=a "$T/gate.tsv" previous candidate)" = "PASS,PASS,PASS FAIL,PASS,FAIL" ] &&
	ok "an intermittent regression (2/3), a flake (1/3), each try's outcome" ||
	fail "tries: $(cat "$T/gate.tsv")"
"$REPORT" --compare "$T" "$T/p1,$T/p2,$T/p3" "$T/p1,$T/p3,$T/p2" > "$T/out"
[ $? = 0 ] && grep -q '; no regression$' "$T/out" && ok "no regression: exit 0" ||
	fail "no regression: $(cat "$T/out")"
"$REPORT" --compare "$T" "$T/nowhere" "$T/c1" 2>"$T/err"
[ $? = 2 ] && grep -q "nowhere/results.tsv" "$T/err" && ok "a run folder without results: exit 2, named" ||
	fail "bad input: $(cat "$T/err")"
done_testing
