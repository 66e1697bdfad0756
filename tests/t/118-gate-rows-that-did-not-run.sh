# The judge's rows where a kernel did not run a check (report --compare,
# report/judge/gatejudge.c): ERROR is never a pass nor a known failure.  The
# candidate's build failure is regression (build), its dead guest
# regression (boot) with the log's tail; the previous release's dead
# guest fixed (boot) (but one dead try beside its PASSes is no evidence:
# judged on the tries it ran); ERROR on both not run; FAIL on both with other
# first bad lines (seeds and sectors aside) still failing (changed).  Any
# of these: no Tested-by.  A previous release that ran nothing: cannot
# judge, exit 3.  A verified culprit that its proof shows fixing its test
# is said as both: proven, but it breaks the checks it regressed.
. "$SG_ROOT/tests/common.sh"

side() { standin_side "$@"; }
cmp_() { "$REPORT" --compare "$T/$1" "$T/$2" "$T/$3" > "$T/$1.out"; }
verdict() { "$RUNFILE" list --where check="$2" "$T/$1/gate.tsv" verdict; }

side "$T/p1" a=PASS b=PASS c=ERROR="the guest stopped before SG-END" d=ERROR="the guest stopped" \
	e=FAIL="seed=7 first: array sector 121" f=FAIL="seed=7 first: array sector 121" g=PASS
side "$T/c1" a=ERROR="build failed: fs/ext4/super.c:12:3: error: x" b=ERROR="the guest stopped before SG-END" \
	c=PASS d=ERROR="the guest stopped" e=FAIL="seed=8 first: array sector 990" \
	f=FAIL="seed=8 block 7 zeroed" g=PASS
mkdir -p "$T/g1"
cmp_ g1 p1 c1
rc=$?
[ $rc = 1 ] && [ "$(verdict g1 a)" = "regression (build)" ] && [ "$(verdict g1 b)" = "regression (boot)" ] &&
	[ "$(verdict g1 c)" = "fixed (boot)" ] && [ "$(verdict g1 d)" = "not run" ] &&
	[ "$(verdict g1 e)" = "still failing" ] && [ "$(verdict g1 f)" = "still failing (changed)" ] &&
	[ "$(verdict g1 g)" = pass ] &&
	ok "build and boot regressions, fixed (boot), not run, still failing and failing differently, kept apart" ||
	fail "exit $rc: $(cat "$T/g1/gate.tsv")"
"$RUNFILE" list --where check=b "$T/g1/gate.tsv" reason | grep -q "the log's tail: Kernel panic - not syncing: oops" &&
	[ "$("$RUNFILE" list --where check=f "$T/g1/gate.tsv" previous_reason)" = "seed=7 first: array sector 121" ] &&
	grep -q 'was: seed=7 first: array sector 121; now: seed=8 block 7 zeroed' "$T/g1/gate.md" &&
	ok "a dead guest's log tail; both lines of a check failing differently" || fail "reasons: $(cat "$T/g1/gate.tsv" "$T/g1/gate.md")"

# Without the regressions: no regression, but no Tested-by while a row
# did not run on both.
side "$T/p2" a=PASS c=ERROR="the guest stopped" g=PASS
side "$T/c2" a=PASS c=PASS g=PASS
mkdir -p "$T/g2"
cmp_ g2 p2 c2
rc=$?
"$REPORT" --reply "$T/g2" 9.9 9.9.2 1 "T <t@example.org>" > /dev/null
[ $rc = 0 ] && [ "$("$RUNFILE" list "$T/g2/judgement" verdict tested)" = "no regression no" ] &&
	grep -q '^Not tested: 1 of 3 rows did not run on both kernels; no Tested-by.$' "$T/g2/reply.eml" &&
	! grep -q '^Tested-by' "$T/g2/reply.eml" &&
	head -n 1 "$T/g2/gate.md" | grep -qx '\*\*No regression\*\*, but no Tested-by: 1 of 3 rows did not run on both kernels.' &&
	ok "a row the previous release did not run: no regression, and no Tested-by, said why" ||
	fail "exit $rc: $(cat "$T/g2/judgement"; cat "$T/g2/reply.eml")"

# The previous release's ERROR in one try of three, PASS in the others;
# the candidate FAIL in all three (6.1.64's file position, replayed): a
# regression, judged on the tries the previous ran, never "fixed (boot)".
# FAIL and ERROR beside a PASS on the previous: flaky, 1 of the 2 it ran.
side "$T/p6a" h=PASS i=PASS
side "$T/p6b" h=ERROR="seed=8 writev() returned -1: Input/output error" i=FAIL="seed=8 first: byte 3"
side "$T/p6c" h=PASS i=ERROR="the guest stopped"
for k in a b c; do side "$T/c6$k" h=FAIL="seed=7 first: file position 0, expected 4096" i=PASS; done
mkdir -p "$T/g6"
cmp_ g6 "p6a,$T/p6b,$T/p6c" "c6a,$T/c6b,$T/c6c"
rc=$?
[ $rc = 1 ] && [ "$(verdict g6 h)" = regression ] && [ "$(verdict g6 i)" = flaky ] &&
	[ "$("$RUNFILE" list --where check=i "$T/g6/gate.tsv" rate)" = 1/2 ] &&
	ok "an ERROR beside the previous release's PASSes: a regression on the tries it ran, not fixed (boot)" ||
	fail "exit $rc: $(cat "$T/g6/gate.tsv")"

# A previous release that ran nothing: cannot judge.
side "$T/p3" a=ERROR="build failed: fs/ext4/super.c:12:3: error: x" g=ERROR="build failed: fs/ext4/super.c:12:3: error: x"
side "$T/c3" a=PASS g=PASS
mkdir -p "$T/g3"
cmp_ g3 p3 c3
rc=$?
[ $rc = 3 ] && grep -q 'CANNOT JUDGE: the previous release does not build: build failed: fs/ext4/super.c:12:3: error: x$' "$T/g3.out" &&
	ok "a previous release that did not build: cannot judge, exit 3, the compiler's line" || fail "exit $rc: $(cat "$T/g3.out")"

# All ran: a Tested-by.
side "$T/p4" a=PASS g=FAIL
side "$T/c4" a=PASS g=PASS
mkdir -p "$T/g4"
cmp_ g4 p4 c4
"$REPORT" --reply "$T/g4" 9.9 9.9.2 1 "T <t@example.org>" > /dev/null
grep -qx 'Tested-by: T <t@example.org>' "$T/g4/reply.eml" && ok "every row ran on both, nothing regressed: Tested-by" ||
	fail "reply: $(cat "$T/g4/reply.eml")"

# One story a patch: the culprit's proof.
side "$T/p5" a=PASS generic/762=FAIL="bavail 1"
side "$T/c5" a=FAIL="seed=7 first: array sector 9" generic/762=PASS
mkdir -p "$T/g5"
cmp_ g5 p5 c5
"$RUNFILE" row --header culprit number=001/001 patch=statvfs.patch subject="ext4: statvfs" \
	upstream=f87d3af7419307ae0000000000000000000000ff verified=verified fixed_by=- bisect=- > "$T/g5/culprit"
{ "$RUNFILE" header proof
  "$RUNFILE" row proof number=001/001 patch=statvfs.patch upstream=f87d3af7419307ae0000000000000000000000ff \
	check=generic/762 without=FAIL with=PASS,PASS,PASS outcome=proven note=-; } > "$T/g5/proofs"
"$REPORT" --reply "$T/g5" 9.9 9.9.2 1 "T <t@example.org>" > /dev/null
grep -q '^  patch 001/001 statvfs.patch (commit f87d3af74193): proven by generic/762: fails without it, passes with it; but it breaks a$' "$T/g5/reply.eml" &&
	! grep -q '^Tested-by' "$T/g5/reply.eml" &&
	ok "a verified culprit proven by its test: fixes it, and breaks a, in one line" || fail "reply: $(cat "$T/g5/reply.eml")"
done_testing
