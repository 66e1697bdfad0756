# make proofs MISSING=1: the fixes the released kernel lacks, shown by
# their checks and fstests tests; FIXES= names them; bad ids refused.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
standin_rc
standin_gate_fstests
# make proofs MISSING=1: the fixes the released kernel lacks, shown by
# their checks, on TREE_9_9=the RC's branch (BUG and ALLFAIL in it):
# 6666... (and the stand-in record's 1111..., 5555...) missing, each
# check FAIL, evidence; 3333... is in the tree's history (a backport's
# "commit ... upstream."), not missing; 7777... fixes a commit the kernel
# does not carry: left out, named.
cat >> "$T/conf/upstream.yaml" <<'EOF'

  - id: "3333333333333333333333333333333333333333"
    subject: "md/raid0: trade 12 KiB chunks for a bug"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-discard"]

  - id: "6666666666666666666666666666666666666666"
    subject: "md/raid0: a fix the base lacks"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-map"]

  - id: "8888888888888888888888888888888888888888"
    subject: "md/raid0: a later era's change"
    release: "v9.10"
    kind: "history"

  - id: "7777777777777777777777777777777777777777"
    subject: "md/raid0: a fix of a later era's bug"
    release: "v9.10"
    kind: "fix"
    fixes: ["8888888888888888888888888888888888888888"]
    proven-by:
      checks: ["raid0-map"]
EOF
SG_REIMPORT=1 TREE_9_9="$r@rc" "$SG_ROOT/prove/missing.sh" "$T/missing" "$T/initrd" 9.9 > "$T/missing.out" 2>&1
rc=$?
m() { "$RUNFILE" list --where upstream="$1" "$T/missing/missing" check observed said; }
[ $rc = 1 ] && [ "$(m 6666666666666666666666666666666666666666)" = "raid0-map FAIL evidence: fails without it" ] &&
	[ "$(m 5555555555555555555555555555555555555555)" = "raid0-discard FAIL evidence: fails without it" ] &&
	[ -z "$(m 3333333333333333333333333333333333333333)" ] && [ -z "$(m 7777777777777777777777777777777777777777)" ] &&
	grep -q 'missing: 777777777777 left out: 9.9.s kernel lacks what it fixes' "$T/missing.out" &&
	ok "MISSING=1: each fix the kernel lacks shown by its failing check; one in the tree's history and one of a later era's bug left out" ||
	fail "missing: exit $rc: $(cat "$T/missing/missing"; tail -n 6 "$T/missing.out")"
[ "$(m 2222222222222222222222222222222222222222)" = "generic/001 - no answer: not run" ] &&
	"$RUNFILE" list --where upstream=2222222222222222222222222222222222222222 "$T/missing/missing" first_bad |
	grep -q '^FSTESTS not set' && ok "MISSING=1 without FSTESTS: a fix's fstests test named, not run" ||
	fail "missing, no FSTESTS: $(cat "$T/missing/missing")"
FSTESTS="$fst" SG_FSTESTS_IMAGE_CMD="$T/fsimage" SG_FSTESTS_BOOT_CMD="$T/fsboot" \
	TREE_9_9="$r@rc" "$SG_ROOT/prove/missing.sh" "$T/missing-fs" "$T/initrd" 9.9 > "$T/missing-fs.out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$("$RUNFILE" list --where upstream=2222222222222222222222222222222222222222 "$T/missing-fs/missing" check observed said)" = \
	"generic/001 FAIL evidence: fails without it" ] &&
	ok "MISSING=1 with FSTESTS: the missing fix's fstests test fails on the kernel: evidence" ||
	fail "missing, FSTESTS: exit $rc: $(cat "$T/missing-fs/missing"; tail -n 5 "$T/missing-fs.out")"
# FIXES= (as make follow-ups names a missing fix): that fix alone, by
# every check and test of the proof index, the checkout's too: the
# record's generic/001 fails, generic/003 (whose _fixed_by_kernel_commit
# names it) passes.  An id that is not one, or that nothing proves: exit 2.
missing_fixes() {	# missing_fixes NAME FIXES: missing.sh's status, its output in NAME.out
	FIXES="$2" FSTESTS="$fst" SG_FSTESTS_IMAGE_CMD="$T/fsimage" SG_FSTESTS_BOOT_CMD="$T/fsboot" \
		TREE_9_9="$r@rc" "$SG_ROOT/prove/missing.sh" "$T/$1" "$T/initrd" 9.9 > "$T/$1.out" 2>&1
}
missing_fixes missing-fixes 222222222222
rc=$?
[ $rc = 1 ] && [ "$("$RUNFILE" list "$T/missing-fixes/missing" check observed | sort | paste -sd' ' -)" = \
	"generic/001 FAIL generic/003 PASS" ] &&
	ok "MISSING=1 FIXES=: the fix named, by the record's test and the checkout's test that names it" ||
	fail "missing, FIXES: exit $rc: $(cat "$T/missing-fixes/missing"; tail -n 5 "$T/missing-fixes.out")"
missing_fixes missing-notid 12xz
rc=$?
missing_fixes missing-none 999999999999
rc2=$?
[ $rc = 2 ] && [ $rc2 = 2 ] && grep -q 'FIXES=12xz: "12xz" is not a commit id' "$T/missing-notid.out" &&
	grep -q 'no check or test of the proof index proves 999999999999' "$T/missing-none.out" &&
	ok "FIXES=: an id that is not one, or that nothing proves: exit 2, named" ||
	fail "FIXES bad: $(cat "$T/missing-notid.out" "$T/missing-none.out")"
done_testing

