# Each backport proven on the candidate: a patch that drops ALLFAIL on
# FROM (raid0-discard failing with every chunk) fails without it and
# passes with it: proven, in the reply, results.json and kcidb.json.
# With the gate's tries: a bug its check reaches one boot in three is
# reached by the second boot without the patch: proven, not "not
# reached"; the candidate is booted with it again to three passes.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
standin_rc
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
done_testing
