# The gate on a stand-in tree and QEMU (tests/gate-standin.sh): a
# stable-queue folder on the previous release; the candidate built in the
# series' build folder beside the previous release, both booted with every
# check, and compared row by row.  A queue with a planted regression (a
# patch that puts BUG in the "kernel") comes out regression, exit 1,
# bisected to the queue's patch (make bisect's bisect.sh), verified; the
# same queue without it no regression, exit 0.  The tester's reply:
# "Regressions found" with each check, its first bad line, the repro line
# and the patch; or a Tested-by.  Each patch's proof: a check that passes
# without it too is "not reached"; a revert that does not apply is
# "untestable", said why.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
gate "$T/bad" "$q"
rc=$?
[ $rc = 1 ] && ok "a planted regression: exit 1" || fail "exit $rc: $(tail -n 20 "$T/bad.out")"
v() { "$RUNFILE" list --where check="$2" "$1/gate.tsv" previous candidate verdict; }
[ "$(v "$T/bad" raid0-map)" = "PASS,PASS,PASS FAIL,FAIL,FAIL regression" ] &&
	[ "$(v "$T/bad" raid0-discard)" = "PASS,PASS,PASS FAIL,FAIL,FAIL regression" ] &&
	ok "every check: PASS on the previous release, FAIL on the candidate, three tries each: regression" ||
	fail "gate.tsv: $(cat "$T/bad/gate.tsv")"
grep -q 'REGRESSION: not safe to release$' "$T/bad.out" && ok "the run says so" || fail "out: $(cat "$T/bad.out")"
[ "$(cat "$SG_CACHE/build/9.9/images/candidate-queue-9.9.2/bzImage")" = "BUG
static int b;" ] && [ "$(cat "$SG_CACHE/build/9.9/images/previous/bzImage")" = "static int a;
static int b;" ] && ls "$SG_CACHE/build/9.9" | grep -qx kbuild &&
	ok "the previous release and the candidate (its queue applied in order), one build folder" ||
	fail "images: $(ls -R "$SG_CACHE/build/9.9")"

[ "$("$RUNFILE" list "$T/bad/culprit" number patch upstream verified)" = \
	"002/002 planted 2222222222222222222222222222222222222222 verified" ] &&
	ok "bisected to the queue's second patch, planted, its upstream commit, verified" ||
	fail "culprit: $(cat "$T/bad/culprit" 2>&1; tail -n 5 "$T/bad.out")"
m="$T/bad/reply.eml"
grep -qx 'Subject: Re: \[PATCH 9.9 000/002\] 9.9.2-stable review' "$m" &&
	grep -qx 'Regressions found: 2 checks.' "$m" &&
	grep -qx 'raid0-map: PASS on 9.9.1, FAIL on 9.9.2 (3 boots each)' "$m" &&
	grep -q '^  seed=7 first: array sector 77$' "$m" &&
	grep -qx "  make repro RUN=$T/bad ROW=9.9/candidate-queue-9.9.2/raid0-map" "$m" && ! grep -q '^Tested-by:' "$m" &&
	grep -qx 'Bisected to patch 002/002, planted:' "$m" &&
	grep -qx '  (commit 2222222222222222222222222222222222222222 upstream.)' "$m" &&
	grep -q '^  Verified: it fails, its parent passes' "$m" &&
	ok "the reply: Regressions found, each check with its first bad line and the repro line, the patch, no Tested-by" ||
	fail "reply: $(cat "$m")"
gate "$T/good" "$T/clean"
rc=$?
[ $rc = 0 ] && [ "$(v "$T/good" raid0-map)" = "PASS PASS pass" ] && grep -q '; no regression$' "$T/good.out" &&
	ok "the queue without it: no regression, exit 0" || fail "clean: exit $rc: $(tail -n 20 "$T/good.out")"
grep -qx 'Subject: Re: \[PATCH 9.9 000/001\] 9.9.2-stable review' "$T/good/reply.eml" &&
	grep -qx 'No regression: 2 checks, none worse than on 9.9.1.' "$T/good/reply.eml" &&
	grep -qx 'Tested-by: stableguard <stableguard@localhost>' "$T/good/reply.eml" &&
	ok "the reply: no regression and a Tested-by" || fail "reply: $(cat "$T/good/reply.eml")"

[ "$("$RUNFILE" list "$T/good/proofs" number patch check without with outcome)" = \
	"001/001 widen-a raid0-map PASS,PASS,PASS PASS not reached" ] && [ -d "$T/good/proof-001-try-3" ] &&
	grep -qx '  patch 001/001 widen-a (commit 111111111111): not reached by raid0-map: passes with it and without it: the check does not reach the bug here' "$T/good/reply.eml" &&
	ok "proof: a patch whose check passes without it too, every try: not reached" ||
	fail "proof, good: $(cat "$T/good/proofs"; grep -A3 'Backports' "$T/good/reply.eml")"
[ "$("$RUNFILE" list "$T/bad/proofs" number outcome)" = "001/002 untestable" ] &&
	"$RUNFILE" list "$T/bad/proofs" note | grep -q '^the revert does not apply to the candidate' &&
	ok "proof: a revert that does not apply: untestable, named" ||
	fail "proof, bad: $(cat "$T/bad/proofs")"
