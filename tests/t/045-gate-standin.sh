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
standin_conf
cp "$SGCONF" "$QUILTMAIL" "$(dirname "$SGCONF")/bisectmd" "$SG_CACHE/bin/"
printf 'initrd\n' > "$T/initrd"
export SG_STANDIN_CHECKS="raid0-map raid0-discard"
{ standin_head "raid0-map, raid0-discard"; standin_entry 9.9 9.9.1 p/empty base:true:PASS; } > "$SG_BRANCHES"

# The tree: its "bzImage" is drivers/md/raid0.c as it was built.
src="$T/linux-9.9.1"
mkdir -p "$src/drivers/md" "$src/scripts/kconfig" "$SG_CACHE/tarballs"
cat > "$src/Makefile" <<'MK'
kernelversion:
	@echo 9.9.1
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@mkdir -p $(O)/arch/x86/boot $(O)/obj && touch $(O)/obj/a.o
	@cat drivers/md/raid0.c > $(O)/arch/x86/boot/bzImage
MK
printf 'static int a;\nstatic int b;\n' > "$src/drivers/md/raid0.c"
printf '#!/bin/sh\n' > "$src/scripts/kconfig/merge_config.sh"
chmod +x "$src/scripts/kconfig/merge_config.sh"
tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1

standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
r=PASS
grep -q '^BUG' "$kernel" && r="FAIL seed=$seed first: array sector 77"
# FLAKY_CHECK fails one boot in three, on either kernel, by the seed.
off=1
case $kernel in */candidate-*) off=0 ;; esac
echo "SG-BOOT 9.9.1" >> "$log"
for c in $checks; do
	rc=$r
	[ "$c" = "${FLAKY_CHECK:-}" ] && [ $(( (seed + off) % 3 )) = 0 ] && rc="FAIL seed=$seed flaky"
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

gate() {	# gate RUN QUEUE: the gate's exit status; its output in RUN.out
	"$SG_ROOT/maintain/gate.sh" "$1" "$T/initrd" 9.9 "$2" > "$1.out" 2>&1
}
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
	grep -qx 'No regression: 2 checks, each as on 9.9.1.' "$T/good/reply.eml" &&
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
done_testing
