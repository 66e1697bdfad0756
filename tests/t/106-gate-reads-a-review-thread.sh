# MBOX: the review thread as the list sends it, its cover letter and
# patches out of order; the reply goes into the thread.  A -rc1 review
# thread is read too; one whose subject names no release, or with a patch
# missing, is refused.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
standin_rc
rgit format-patch -q --cover-letter --subject-prefix="PATCH 9.9" -o "$T/thread" v9.9.1..rc
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/9.9.2-stable review/; s/^Subject: \[PATCH 9.9 0\/2\]/Subject: [PATCH 9.9 000\/002]/' \
	"$T/thread/0000-cover-letter.patch"
sed -i '/^Subject:/a Message-ID: <cover-9.9.2@example.org>' "$T/thread/0000-cover-letter.patch"
cat "$T/thread/0002-"* "$T/thread/0000-cover-letter.patch" "$T/thread/0001-"* > "$T/review.mbox"
MBOX="$T/review.mbox" FROM="$r@v9.9.1" gate "$T/mbox" ""
rc=$?
[ $rc = 1 ] && grep -qx 'Subject: Re: \[PATCH 9.9 000/002\] 9.9.2-stable review' "$T/mbox/reply.eml" &&
	grep -qx 'In-Reply-To: <cover-9.9.2@example.org>' "$T/mbox/reply.eml" &&
	grep -qx 'References: <cover-9.9.2@example.org>' "$T/mbox/reply.eml" &&
	[ "$("$RUNFILE" list "$T/mbox/culprit" number)" = 001/002 ] &&
	ok "MBOX: patches in the order of their numbers, the culprit 001/002, the reply in the thread" ||
	fail "mbox: exit $rc: $(cat "$T/mbox/reply.eml" 2>&1 | head -n 12; tail -n 5 "$T/mbox.out")"
# Today's threads say "[PATCH 9.9 000/002] 9.9.2-rc1 review"; one whose
# subject names no release is refused, never replied to as "On  (...)".
sed 's/9.9.2-stable review/9.9.2-rc1 review/' "$T/thread/0000-cover-letter.patch" > "$T/rc1-cover"
cat "$T/thread/0002-"* "$T/rc1-cover" "$T/thread/0001-"* > "$T/rc1.mbox"
SG_GATE_TRIES=1 MBOX="$T/rc1.mbox" FROM="$r@v9.9.1" gate "$T/mbox-rc1" ""
grep -qx 'Subject: Re: \[PATCH 9.9 000/002\] 9.9.2-rc1 review' "$T/mbox-rc1/reply.eml" &&
	grep -q '^On 9.9.2 (9.9.1 plus 2 patches' "$T/mbox-rc1/reply.eml" &&
	ok "MBOX: a -rc1 review thread: its release read, the reply in it" ||
	fail "rc1 thread: $(head -n 12 "$T/mbox-rc1/reply.eml" 2>&1; tail -n 3 "$T/mbox-rc1.out")"
sed 's/9.9.2-stable review/the next one/' "$T/thread/0000-cover-letter.patch" > "$T/norel-cover"
cat "$T/norel-cover" "$T/thread/0001-"* "$T/thread/0002-"* > "$T/norel.mbox"
MBOX="$T/norel.mbox" gate "$T/norel" ""
[ $? = 2 ] && grep -q "MBOX=$T/norel.mbox: its cover letter's subject names no release" "$T/norel.out" &&
	[ ! -e "$T/norel/reply.eml" ] && ok "a thread whose release cannot be read: exit 2, named, no reply" ||
	fail "no release: $(tail -n 3 "$T/norel.out")"
cat "$T/thread/0000-cover-letter.patch" "$T/thread/0002-"* > "$T/gap.mbox"
MBOX="$T/gap.mbox" gate "$T/gap" ""
[ $? = 2 ] && grep -q "MBOX=$T/gap.mbox: patch 1/2 is missing" "$T/gap.out" &&
	ok "a thread with a patch missing: exit 2, named" || fail "gap: $(tail -n 3 "$T/gap.out")"
done_testing
