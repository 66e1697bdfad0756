# A candidate that does not build is a regression (build), never "still
# failing": the gate bisects it, by the build alone, to the queue's patch
# that stops it building (its parent builds), verifies it (the candidate
# with that patch reverted builds), and the reply quotes the compiler's
# first error with file and line, as 0-day does.  No Tested-by.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_gate
q="$T/queue-9.9.2"
standin_gate_quilt "$q" one 1111111111111111111111111111111111111111 "static int a;" "static int a1;"
standin_gate_quilt "$q" two 2222222222222222222222222222222222222222 "static int a1;" "static int a2;"
cat > "$q/three" <<'P'
From 3333333333333333333333333333333333333333 Mon Sep 17 00:00:00 2001
From: A U Thor <author@example.org>
Date: Mon, 4 May 2015 10:00:00 +0200
Subject: md/raid0: three

commit 3333333333333333333333333333333333333333 upstream.

Signed-off-by: A U Thor <author@example.org>
---
--- a/drivers/md/raid0.c
+++ b/drivers/md/raid0.c
@@ -2 +2,2 @@
 static int b;
+NOBUILD
P
echo three >> "$q/series"
standin_gate_quilt "$q" four 4444444444444444444444444444444444444444 "static int a2;" "static int a4;"
standin_gate_quilt "$q" five 5555555555555555555555555555555555555555 "static int a4;" "static int a5;"
gate "$T/g" "$q"
rc=$?
v() { "$RUNFILE" list --where check="$1" "$T/g/gate.tsv" previous candidate verdict; }
[ $rc = 1 ] && [ "$(v raid0-map)" = "PASS ERROR regression (build)" ] && [ "$(v raid0-discard)" = "PASS ERROR regression (build)" ] &&
	grep -q 'REGRESSION: not safe to release' "$T/g.out" &&
	ok "the candidate does not build: regression (build), exit 1" || fail "exit $rc: $(cat "$T/g/gate.tsv"; tail -n 8 "$T/g.out")"
[ "$("$RUNFILE" list "$T/g/culprit" number patch upstream verified)" = "003/005 three 3333333333333333333333333333333333333333 verified" ] &&
	grep -q '^checks	build$' "$T/g/bisect/answer" &&
	[ "$("$RUNFILE" list --where role=culprit "$T/g/bisect/steps.tsv" verdict first_bad)" = "bad drivers/md/raid0.c:3:5: error: expected declaration before NOBUILD" ] &&
	[ "$("$RUNFILE" list --where role=revert "$T/g/bisect/steps.tsv" build verdict)" = "built good" ] &&
	ok "bisected by the build to patch 003/005, verified: it does not build, its parent and the revert build" ||
	fail "culprit: $(cat "$T/g/culprit" "$T/g/bisect/steps.tsv" 2>&1; tail -n 5 "$T/g/bisect.out")"
m="$T/g/reply.eml"
grep -qx '9.9.2 does not build (9.9.1 builds and runs 2 checks):' "$m" &&
	grep -qx '  build failed: drivers/md/raid0.c:3:5: error: expected declaration before NOBUILD' "$m" &&
	grep -qx 'Bisected to patch 003/005, three:' "$m" &&
	grep -q '^  Verified: it does not build, its parent builds, and 9.9.2 with it reverted builds.$' "$m" &&
	! grep -q '^Tested-by' "$m" && ! grep -q 'Error 1' "$m" &&
	ok "the reply: does not build, the compiler's line, the patch, no Tested-by" || fail "reply: $(cat "$m")"
done_testing
