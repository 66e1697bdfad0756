# make bisect FIXED=1 on the stand-in history of tests/bisect-standin.sh:
# from broken to fixed, the first commit that passes, verified.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/bisect-standin.sh"

# FIXED=1: from broken to fixed, the first commit that passes.
git -C "$user" checkout -q -b fixes "$mutant"
harmless 1 3 h
uncommit "md/raid0: the fix" bug
fix=$(ug rev-parse --short=12 HEAD)
harmless 4 6 k
FIXED=1 "$SG_ROOT/maintain/bisect.sh" "$T/fixed" "$T/initrd" 9.9 "$mutant" fixes raid0-map >"$T/xout" 2>&1
grep -q "^- commit $fix" "$T/xout" && grep -q '^Verified: 3 of 3' "$T/xout" &&
	ok "FIXED=1 names the fix, verified" || fail "fixed: $(cat "$T/xout")"
done_testing
