# make bisect on the stand-in history of tests/bisect-standin.sh, the
# cases 096 leaves: a flaky check caught with BISECT_TRIES=3, FIXED=1
# finding a fix, and an interrupt that leaves the user's repository as it
# was and no guest behind.
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

# FIXED=1: from broken to fixed, the first commit that passes.
git -C "$user" checkout -q -b fixes "$mutant"
harmless 1 3 h
uncommit "md/raid0: the fix" bug
fix=$(ug rev-parse --short=12 HEAD)
harmless 4 6 k
FIXED=1 "$SG_ROOT/maintain/bisect.sh" "$T/fixed" "$T/initrd" 9.9 "$mutant" fixes raid0-map >"$T/xout" 2>&1
grep -q "^- commit $fix" "$T/xout" && grep -q '^Verified: 3 of 3' "$T/xout" &&
	ok "FIXED=1 names the fix, verified" || fail "fixed: $(cat "$T/xout")"
git -C "$user" checkout -q master 2>/dev/null || git -C "$user" checkout -q main
head_before=$(ug rev-parse HEAD) refs_before=$(ug for-each-ref | sha1sum)

# Interrupted mid-step (TERM: a background job of sh ignores INT): the
# user's repository as it was, no guest left.
SLOW="$T/slow.pid" setsid "$SG_ROOT/maintain/bisect.sh" "$T/int" "$T/initrd" 9.9 v9.9.1 v9.9.2 raid0-map \
	>"$T/iout" 2>&1 &
pid=$!
until_true 20 test -s "$T/slow.pid"
kill -TERM -"$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && grep -q 'bisection interrupted' "$T/iout" && ok "an interrupted bisection says so and exits 130" ||
	fail "interrupted bisection exited $rc: $(cat "$T/iout")"
until_true 2 dead "$(cat "$T/slow.pid")" && ok "no guest left" || fail "the guest still runs"
[ "$(ug rev-parse HEAD)" = "$head_before" ] && [ "$(ug for-each-ref | sha1sum)" = "$refs_before" ] &&
	[ -z "$(ug status --porcelain)" ] && ! [ -e "$user/.git/BISECT_LOG" ] &&
	ok "the user's repository: HEAD, refs and work tree as they were" || fail "user repo changed"
wt="$SG_CACHE/bisect/src/9.9"
! git -C "$wt" bisect log >/dev/null 2>&1 && [ -z "$(git -C "$wt" status --porcelain)" ] &&
	ok "the cache's worktree is out of bisect mode" || fail "worktree still bisecting"
done_testing
