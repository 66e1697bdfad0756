# RC=repo@rev FROM=repo@rev: a linux-stable-rc branch on a release other
# than the series' base, which fails raid0-map with 12 KiB chunks before
# any patch (NO12), and raid0-discard with every chunk (ALLFAIL: not the
# arrays' doing, it narrows nothing); its first commit trades NO12 for a
# BUG, as 47d68979cc96 did in 4.0.2.  The gate narrows the arrays to the
# 64 KiB chunk the previous release passes raid0-map with, and there
# raid0-map regresses, bisected to that commit with the same chunks;
# raid0-discard is still failing.  FROM not an ancestor of RC: exit 2.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
v() { "$RUNFILE" list --where check="$2" "$1/gate.tsv" previous candidate verdict; }
standin_rc
RC="$r@rc" FROM="$r@v9.9.1" gate "$T/rc" ""
rc=$?
[ $rc = 1 ] && [ "$("$RUNFILE" list "$T/rc/narrow" chunks kept checks)" = "64,12 64 raid0-map" ] &&
	[ "$(v "$T/rc" raid0-map | cut -d' ' -f3)" = regression ] &&
	[ "$(v "$T/rc" raid0-discard | cut -d' ' -f3-)" = "still failing" ] &&
	[ "$("$RUNFILE" list --where check=raid0-map "$T/rc/gate-all-chunks.tsv" verdict)" = "still failing (changed)" ] &&
	ok "RC on FROM: the previous release fails raid0-map with 12 KiB chunks only: narrowed to 64, raid0-map regresses there" ||
	fail "rc: exit $rc: $(cat "$T/rc/narrow" "$T/rc/gate.tsv"; tail -n 8 "$T/rc.out")"
[ "$("$RUNFILE" list "$T/rc/culprit" number patch upstream verified)" = \
	"001/002 0001-md-raid0-trade-12-KiB-chunks-for-a-bug.patch 3333333333333333333333333333333333333333 verified" ] &&
	grep -q 'guest.*chunks 64$' "$T/rc/bisect/answer" &&
	grep -qx '9.9.1 fails raid0-map' "$T/rc/reply.eml" && grep -q '^with RAID0 chunks other than 64 KiB before any patch of the queue' "$T/rc/reply.eml" &&
	grep -qx 'raid0-map: PASS on 9.9.1, FAIL on 9.9.2 (3 boots each)' "$T/rc/reply.eml" &&
	ok "bisected with the narrowed chunks to the RC's first commit, verified; the reply says what was narrowed" ||
	fail "rc culprit: $(cat "$T/rc/culprit" "$T/rc/bisect/answer" "$T/rc/reply.eml" 2>&1 | head -n 40)"
RC="$r@v9.9.1" FROM="$r@rc" gate "$T/rcback" ""
[ $? = 2 ] && grep -q "FROM=$r@rc is not an ancestor of RC=$r@v9.9.1" "$T/rcback.out" &&
	ok "FROM not an ancestor of RC: exit 2, named" || fail "rcback: $(tail -n 3 "$T/rcback.out")"

done_testing
