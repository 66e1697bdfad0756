# FSTESTS: fstests on both kernels too (a stand-in tree and guest), its
# rows beside the checks': generic/001 fails on a kernel with BUG in it
# (a regression with the checks'), generic/002 fails everywhere and the
# baseline expects it (still failing, its reason said); the bisection
# takes the checks.  Proofs by fstests tests: the record's generic/001
# (inverted, a regression of that patch) and generic/003, whose
# _fixed_by_kernel_commit names the patch (not reached).
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
standin_gate_fstests
FSTESTS="$fst" TESTS="generic/001 generic/002" SG_FSTESTS_IMAGE_CMD="$T/fsimage" SG_FSTESTS_BOOT_CMD="$T/fsboot" \
	gate "$T/fs" "$q"
rc=$?
f() { "$RUNFILE" list --where check="$1" "$T/fs/gate.tsv" previous candidate verdict; }
[ $rc = 1 ] && [ "$(f generic/001)" = "PASS FAIL regression" ] && [ "$(f generic/002)" = "FAIL FAIL still failing" ] &&
	"$RUNFILE" list --where check=generic/002 "$T/fs/gate.tsv" reason | grep -q 'a known failure of the stand-in era' &&
	[ "$(f raid0-map)" = "PASS,PASS,PASS FAIL,FAIL,FAIL regression" ] &&
	grep -q 'culprit	.*' "$T/fs/bisect/answer" && grep -q '^checks	raid0-map,raid0-discard$' "$T/fs/bisect/answer" &&
	ok "FSTESTS: the tests on both kernels beside the checks: a regression, a known failure still failing; bisected by the checks" ||
	fail "fstests gate: exit $rc: $(cat "$T/fs/gate.tsv"; tail -n 6 "$T/fs.out")"
[ "$("$RUNFILE" list --where check=generic/001 "$T/fs/proofs" number without with outcome)" = "002/002 PASS,PASS,PASS FAIL inverted" ] &&
	[ "$("$RUNFILE" list --where check=generic/003 "$T/fs/proofs" number without with outcome)" = "002/002 PASS,PASS,PASS PASS not reached" ] &&
	grep -q '^  patch 002/002 planted (commit 222222222222): inverted by generic/001: REGRESSION: passes without it, fails with it$' "$T/fs/reply.eml" &&
	[ "$(jq -r '.[] | select(.check == "generic/003" and (.variant | startswith("candidate"))) | .proofs[0].outcome' "$T/fs/results.json")" = "not reached" ] &&
	[ "$(jq -r '.tests[] | select(.id | endswith("/generic/001")) | select(.misc.proofs) | .misc.proofs[0].outcome' "$T/fs/kcidb.json")" = inverted ] &&
	[ "$(grep -c '<tr><td class="mono">previous</td>' "$T/fs/report.html")" = 1 ] &&
	! grep -q '^Tested-by' "$T/fs/reply.eml" &&
	ok "proofs by fstests tests (the record's generic/001, generic/003's _fixed_by_kernel_commit): inverted, a regression of that patch; not reached; in results.json and kcidb.json, the page's grid a row a variant" ||
	fail "fstests proof: $(cat "$T/fs/proofs"; sed -n '/Backports/,$p' "$T/fs/reply.eml")"

done_testing
