# The gate on a stand-in tree and QEMU: a stable-queue folder on the
# previous release; the candidate built in the series' build folder beside
# the previous release, both booted with every check, and compared row by
# row.  A queue with a planted regression (a patch that puts BUG in the
# "kernel", which the stand-in QEMU fails) comes out regression, exit 1;
# the same queue without it no regression, exit 0; a check that fails
# one boot in three flaky, not a regression; a queue whose patch
# does not apply exit 2, naming the patch, every branch as it was.  A
# regression is bisected to the queue's patch (make bisect's bisect.sh),
# verified.  The tester's reply: "Regressions found" with each check, its
# first bad line, the repro line and the patch; or a Tested-by.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_gate_tree
# The guest's arrays: chunks of 64 and 12 KiB.
sed -i 's/chunks: \[64\]/chunks: [64, 12]/' "$SG_BRANCHES"

# The record's proof of three stand-in commits: widen-a (1111...) by
# raid0-map, planted (2222...) by fstests' generic/001, drop-allfail
# (5555...) by raid0-discard.
cat >> "$T/conf/upstream.yaml" <<'EOF'

  - id: "1111111111111111111111111111111111111111"
    subject: "md/raid0: widen-a"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-map"]

  - id: "2222222222222222222222222222222222222222"
    subject: "md/raid0: planted"
    release: "v9.9"
    kind: "fix"
    proven-by:
      fstests: ["generic/001"]

  - id: "5555555555555555555555555555555555555555"
    subject: "md/raid0: drop-allfail"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-discard"]
EOF

standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
r=PASS
grep -q '^BUG' "$kernel" && r="FAIL seed=$seed first: array sector 77"
# NO12: raid0-map fails on an array of 12 KiB chunks (4.0.1's
# 20d0189b1012 bug), only when the guest builds one.
no12=
grep -q '^NO12' "$kernel" && case " $append " in *" sg_chunks="*12*) no12=1 ;; esac
# FLAKY_CHECK fails one boot in three, on either kernel, by the seed.
# The variants whose name links to this kernel (build/S/images/V: kept
# by its sources, named by its variants).
names=$(for l in "${kernel%/*/bzImage}"/*; do
	[ -L "$l" ] && [ "$(readlink "$l")" = "$(basename "${kernel%/bzImage}")" ] && echo "/${l##*/}/"
done)
off=1
case $names in */candidate-*) off=0 ;; esac
echo "SG-BOOT 9.9.1" >> "$log"
for c in $checks; do
	rc=$r
	[ "$c" = "${FLAKY_CHECK:-}" ] && [ $(( (seed + off) % 3 )) = 0 ] && rc="FAIL seed=$seed flaky"
	[ "$c" = raid0-map ] && [ -n "$no12" ] && rc="FAIL seed=$seed chunk=12K"
	# ALLFAIL: raid0-discard fails with every chunk.
	[ "$c" = raid0-discard ] && grep -q '^ALLFAIL' "$kernel" && rc="FAIL seed=$seed always"
	# REACHED_SOMETIMES: a bug the check reaches one boot in three, on a
	# kernel without a patch (a proof's).
	case $names in */without-*)
		[ "$c" = "${REACHED_SOMETIMES:-}" ] && [ $((seed % 3)) = 2 ] && rc="FAIL seed=$seed reached"
	esac
	printf 'SG-BEGIN %s\nSG-RESULT %s %s\nSG-END %s rc=0 secs=0.1\n' "$c" "$c" "$rc" "$c" >> "$log"
done
echo SG-DONE >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=7

# quilt NAME ID FROM TO: a stable-queue patch of the queue in $q that
# turns line FROM of raid0.c into TO.
quilt() {
	cat > "$q/$1" <<EOF
From $2 Mon Sep 17 00:00:00 2001
From: A U Thor <author@example.org>
Date: Mon, 4 May 2015 10:00:00 +0200
Subject: md/raid0: $1

From: A U Thor <author@example.org>

commit $2 upstream.

A stand-in change.

Signed-off-by: A U Thor <author@example.org>
Signed-off-by: Greg Kroah-Hartman <gregkh@linuxfoundation.org>

---
 drivers/md/raid0.c |    2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

--- a/drivers/md/raid0.c
+++ b/drivers/md/raid0.c
@@ -1,2 +1,2 @@
-$3
+$4
 static int b;
EOF
	echo "$1" >> "$q/series"
}
q="$T/queue-9.9.2"
mkdir -p "$q"
quilt widen-a 1111111111111111111111111111111111111111 "static int a;" "static long a;"
cp -r "$q" "$T/clean"
printf -- '@@ -1,2 +1,3 @@\n static long a;\n+BUG\n static int b;\n' > "$T/hunk"
quilt planted 2222222222222222222222222222222222222222 "static long a;" "BUG"

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

# A check that fails one boot in three on both kernels: its first boots
# differ (the candidate's fails), so both boot it again with the next
# seeds: the previous release disagrees with itself, a flake, 1/3, never
# a regression; the reply says so, with a Tested-by.
FLAKY_CHECK=raid0-discard SG_SEED=9 gate "$T/flaky" "$T/clean"
rc=$?
[ $rc = 0 ] && [ "$(v "$T/flaky" raid0-discard)" = "PASS,PASS,FAIL FAIL,PASS,PASS flaky" ] &&
	[ "$("$RUNFILE" list --where check=raid0-discard "$T/flaky/gate.tsv" rate)" = 1/3 ] &&
	[ "$(v "$T/flaky" raid0-map)" = "PASS PASS pass" ] && [ -d "$T/flaky/try-3" ] &&
	ok "a check failing one boot in three: booted again, flaky 1/3, not a regression, exit 0" ||
	fail "flaky: exit $rc: $(cat "$T/flaky/gate.tsv"; tail -n 5 "$T/flaky.out")"
grep -qx 'Flaky, on the previous release too: raid0-discard (1/3)' "$T/flaky/reply.eml" &&
	grep -q '^Tested-by: ' "$T/flaky/reply.eml" && ok "the reply names the flake" ||
	fail "flaky reply: $(cat "$T/flaky/reply.eml")"

# A patch that does not apply: named with its hunk, every branch kept.
git -C "$SG_CACHE/src/9.9" for-each-ref --format='%(refname) %(objectname)' > "$T/refs.before"
rm -f "$T/clean/series"
quilt() { :; }
cp "$q/planted" "$T/clean/planted"
printf 'planted\nwiden-a\n' > "$T/clean/series"
gate "$T/noapply" "$T/clean"
rc=$?
git -C "$SG_CACHE/src/9.9" for-each-ref --format='%(refname) %(objectname)' > "$T/refs.after"
[ $rc = 2 ] && grep -q "planted.* does not apply" "$T/noapply.out" && cmp -s "$T/refs.before" "$T/refs.after" &&
	[ ! -e "$T/noapply/results.tsv" ] &&
	ok "a patch that does not apply: exit 2, named, every branch as it was, nothing built" ||
	fail "does not apply: exit $rc: $(tail -n 12 "$T/noapply.out"); refs: $(diff "$T/refs.before" "$T/refs.after")"
[ ! -d "$T/nowhere" ] && gate "$T/noq" "$T/nowhere"
[ $? = 2 ] && grep -q "QUEUE=$T/nowhere: no such folder" "$T/noq.out" && ok "no queue: exit 2, named" ||
	fail "no queue: $(cat "$T/noq.out")"
# RC=repo@rev FROM=repo@rev: a linux-stable-rc branch on a release other
# than the series' base, which fails raid0-map with 12 KiB chunks before
# any patch (NO12), and raid0-discard with every chunk (ALLFAIL: not the
# arrays' doing, it narrows nothing); its first commit trades NO12 for a
# BUG, as 47d68979cc96 did in 4.0.2.  The gate narrows the arrays to the
# 64 KiB chunk the previous release passes raid0-map with, and there
# raid0-map regresses, bisected to that commit with the same chunks;
# raid0-discard is still failing.
r="$T/stable-rc"
mkdir -p "$r" && cp -r "$src/." "$r/"
printf 'NO12\nALLFAIL\nstatic int a;\nstatic int b;\n' > "$r/drivers/md/raid0.c"
{ printf 'VERSION = 9\nPATCHLEVEL = 9\nSUBLEVEL = 1\n'; cat "$src/Makefile"; } > "$r/Makefile"
rgit() { git -C "$r" -c user.name=T -c user.email=t@example.org "$@"; }
rgit init -q && rgit add -A && rgit commit -q -m "Linux 9.9.1" && rgit tag v9.9.1
printf 'BUG\nALLFAIL\nstatic int a;\nstatic int b;\n' > "$r/drivers/md/raid0.c"
rgit commit -q -a -m "md/raid0: trade 12 KiB chunks for a bug" -m "commit 3333333333333333333333333333333333333333 upstream."
printf 'BUG\nALLFAIL\nstatic int a;\nstatic int b; /* b */\n' > "$r/drivers/md/raid0.c"
sed -i 's/^SUBLEVEL = 1$/SUBLEVEL = 2/' "$r/Makefile"
rgit commit -q -a -m "md/raid0: a comment, and 9.9.2-rc1"
rgit branch rc
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
# Proof per patch: widen-a, reverted on the clean candidate, passes
# raid0-map as with it (not reached); on the planted queue its revert
# conflicts with the patch after it (untestable, said why).  A patch that
# drops ALLFAIL on FROM (raid0-discard failing with every chunk): proven,
# it fails without it and passes with it; the reply says each.
[ "$("$RUNFILE" list "$T/good/proofs" number patch check without with outcome)" = \
	"001/001 widen-a raid0-map PASS,PASS,PASS PASS not reached" ] && [ -d "$T/good/proof-001-try-3" ] &&
	grep -qx '  patch 001/001 widen-a (commit 111111111111): not reached by raid0-map: passes with it and without it: the check does not reach the bug here' "$T/good/reply.eml" &&
	ok "proof: a patch whose check passes without it too, every try: not reached" ||
	fail "proof, good: $(cat "$T/good/proofs"; grep -A3 'Backports' "$T/good/reply.eml")"
[ "$("$RUNFILE" list "$T/bad/proofs" number outcome)" = "001/002 untestable" ] &&
	"$RUNFILE" list "$T/bad/proofs" note | grep -q '^the revert does not apply to the candidate' &&
	ok "proof: a revert that does not apply: untestable, named" ||
	fail "proof, bad: $(cat "$T/bad/proofs")"
q3="$T/queue-9.9.3"
mkdir -p "$q3"
cat > "$q3/drop-allfail" <<'EOF'
From 5555555555555555555555555555555555555555 Mon Sep 17 00:00:00 2001
From: A U Thor <author@example.org>
Date: Mon, 4 May 2015 10:00:00 +0200
Subject: md/raid0: drop-allfail

From: A U Thor <author@example.org>

commit 5555555555555555555555555555555555555555 upstream.

Signed-off-by: A U Thor <author@example.org>

---
--- a/drivers/md/raid0.c
+++ b/drivers/md/raid0.c
@@ -1,4 +1,3 @@
 NO12
-ALLFAIL
 static int a;
 static int b;
EOF
echo drop-allfail > "$q3/series"
FROM="$r@v9.9.1" gate "$T/proof" "$q3"
rc=$?
[ $rc = 0 ] && [ "$("$RUNFILE" list "$T/proof/proofs" number check without with outcome)" = \
	"001/001 raid0-discard FAIL PASS,PASS,PASS proven" ] &&
	grep -qx '  patch 001/001 drop-allfail (commit 555555555555): proven by raid0-discard: fails without it, passes with it' "$T/proof/reply.eml" &&
	grep -q '^Tested-by: ' "$T/proof/reply.eml" &&
	[ "$(jq -r '.[] | select(.check == "raid0-discard" and (.variant | startswith("candidate"))) | .proofs[0].outcome' "$T/proof/results.json")" = proven ] &&
	[ "$(jq -r '.tests[] | select(.id | endswith("candidate-queue-9.9.3/raid0-discard")) | .misc.proofs[0] | .number + " " + .without + " " + .with' "$T/proof/kcidb.json")" = "001/001 FAIL PASS,PASS,PASS" ] &&
	"$(dirname "$SGCONF")/kcidbcheck" "$T/proof/kcidb.json" > /dev/null &&
	ok "proof: a fix that fails without it and passes with it: proven, in the reply, results.json and kcidb.json" ||
	fail "proof: exit $rc: $(cat "$T/proof/proofs"; tail -n 5 "$T/proof.out"; cat "$T/proof/reply.eml")"
# The gate's tries: a bug its check reaches one boot in three (the seeds
# 7, 8, 9) is reached by the second boot without the patch: proven, not
# "not reached"; the candidate (one boot in the gate, raid0-map passing
# on both kernels) is booted with it again to three passes.
mkdir -p "$T/queue-reached" && cp "$q/widen-a" "$T/queue-reached/" && echo widen-a > "$T/queue-reached/series"
REACHED_SOMETIMES=raid0-map gate "$T/sometimes" "$T/queue-reached"
rc=$?
[ $rc = 0 ] && [ "$("$RUNFILE" list "$T/sometimes/proofs" check without with outcome)" = \
	"raid0-map PASS,FAIL PASS,PASS,PASS proven" ] && [ ! -d "$T/sometimes/proof-001-try-3" ] &&
	[ -d "$T/sometimes/proof-001-with-try-3" ] &&
	ok "proof with the gate's tries: a bug reached on the second boot without the patch: proven; the candidate passes three boots" ||
	fail "sometimes: exit $rc: $(cat "$T/sometimes/proofs"; tail -n 5 "$T/sometimes.out")"
RC="$r@v9.9.1" FROM="$r@rc" gate "$T/rcback" ""
[ $? = 2 ] && grep -q "FROM=$r@rc is not an ancestor of RC=$r@v9.9.1" "$T/rcback.out" &&
	ok "FROM not an ancestor of RC: exit 2, named" || fail "rcback: $(tail -n 3 "$T/rcback.out")"

# MBOX: the review thread as the list sends it, its cover letter and
# patches out of order; the reply goes into the thread.  A thread with a
# patch missing is refused.
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
# A distributed engine's three jobs: each side booted alone (GATE_SIDE),
# then compared (GATE_SIDES): the same verdicts and culprit as one gate.
GATE_SIDE=previous gate "$T/side-p" "$q" && GATE_SIDE=candidate gate "$T/side-c" "$q" &&
	[ "$("$RUNFILE" list "$T/side-p/results.tsv" variant | sort -u)" = previous ] &&
	[ "$("$RUNFILE" list "$T/side-c/results.tsv" variant | sort -u)" = candidate-queue-9.9.2 ] ||
	fail "the sides: $(tail -n 3 "$T/side-p.out" "$T/side-c.out")"
GATE_SIDES="$T/side-p $T/side-c" gate "$T/sides" "$q"
rc=$?
[ $rc = 1 ] && [ "$("$RUNFILE" list "$T/sides/gate.tsv" check verdict)" = "$("$RUNFILE" list "$T/bad/gate.tsv" check verdict)" ] &&
	[ "$("$RUNFILE" list "$T/sides/culprit" number patch verified)" = "002/002 planted verified" ] &&
	[ "$("$RUNFILE" count "$T/sides/results.tsv")" = 4 ] && [ -f "$T/sides/report.html" ] &&
	ok "GATE_SIDE=previous, GATE_SIDE=candidate, then GATE_SIDES: the one gate's verdicts and culprit" ||
	fail "sides: exit $rc: $(cat "$T/sides/gate.tsv"; tail -n 5 "$T/sides.out")"
# FSTESTS: fstests on both kernels too (a stand-in tree and guest), its
# rows beside the checks': generic/001 fails on a kernel with BUG in it
# (a regression with the checks'), generic/002 fails everywhere and the
# baseline expects it (still failing, its reason said); the bisection
# takes the checks, not the fstests guest.
fst="$T/fstests"
standin_fstests "$fst"
standin_test 001 'grep -q "^BUG" "$SG_STANDIN_KERNEL" && echo corrupted || echo 0123456789abcdef' '0123456789abcdef
'
standin_test 002 'echo "read back 0000"' 'read back abcd
'
# generic/003 names the planted patch's commit as its fix, as fstests'
# tests do: the gate runs it too, though TESTS leaves it out.
standin_test 003 '. ./common/rc; _fixed_by_kernel_commit 222222222222 "md/raid0: planted"; echo ok' 'ok
'
cp "$(dirname "$SGCONF")/fixedby" "$SG_CACHE/bin/"
standin_fstests_boot "$fst" "$T/fsboot"
printf '#!/bin/sh\necho made "$@" >&2\n' > "$T/fsimage"
chmod +x "$T/fsimage"
cp "$(dirname "$SGCONF")/fsbaseline" "$SG_CACHE/bin/"
mkdir -p "$T/conf/backports/9.9"
printf 'generic/002\t# FAIL: a known failure of the stand-in era\n' > "$T/conf/backports/9.9/fstests.expunge"
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
