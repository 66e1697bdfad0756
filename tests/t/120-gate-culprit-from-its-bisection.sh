# A gate's culprit (report --culprit, report/judge/gateculprit.c): the queue's
# patch whose commit the bisection named, with its number, file, subject
# and upstream commit from the queue's entries, the known fixes the
# answer lists, and "verified" only when the culprit failed, its parent
# passed and the candidate without it passed; else what did not hold.  A
# bisection that named no patch of the queue: exit 1, said.
. "$SG_ROOT/tests/common.sh"
run="$T/gate"
standin_bisect "$run/bisect"
printf 'followup\tabcdef012345abcdef012345abcdef012345abcd\tmd/raid0: the fix of it\tv9.10\tno\n' >> "$run/bisect/answer"
{
	"$RUNFILE" header entries
	"$RUNFILE" row entries number=001/002 patch=a-cleanup.patch subject="md: a cleanup" upstream=- \
		commit=2222222222222222222222222222222222222222
	"$RUNFILE" row entries number=002/002 patch=a-change.patch subject="md/raid0: a change" \
		upstream=4747474747474747474747474747474747474747 commit=3333333333333333333333333333333333333333
} > "$run/entries"
"$REPORT" --culprit "$run" > "$T/out"
rc=$?
[ $rc = 0 ] && [ "$("$RUNFILE" list "$run/culprit" number patch subject upstream)" = \
	"002/002 a-change.patch md/raid0: a change 4747474747474747474747474747474747474747" ] &&
	[ "$("$RUNFILE" list "$run/culprit" verified)" = "not verified: the candidate without it did not pass" ] &&
	[ "$("$RUNFILE" list "$run/culprit" fixed_by)" = "abcdef012345abcdef012345abcdef012345abcd md/raid0: the fix of it" ] &&
	grep -qx 'a-change.patch (not verified: the candidate without it did not pass)' "$T/out" &&
	ok "the culprit: the queue's second patch, its known fix, and the revert that did not pass said" ||
	fail "exit $rc: $(cat "$T/out" "$run/culprit")"
sed -i '/^6\trevert\t/s/\tskip\t-$/\tgood\t-/' "$run/bisect/steps.tsv"
"$REPORT" --culprit "$run" > /dev/null && [ "$("$RUNFILE" list "$run/culprit" verified)" = verified ] &&
	ok "all three held: verified" || fail "verified: $(cat "$run/culprit"; tail -n 1 "$run/bisect/steps.tsv")"
"$RUNFILE" header entries > "$run/entries"
"$REPORT" --culprit "$run" > "$T/none"
[ $? = 1 ] && grep -q '^the bisection named no patch of the queue' "$T/none" &&
	ok "a culprit that is no patch of the queue: exit 1, said" || fail "none: $(cat "$T/none")"
done_testing
