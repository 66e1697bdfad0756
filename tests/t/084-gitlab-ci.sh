# .gitlab-ci.yml, run by gitlab-ci-local in shell mode on a copy of this
# repository, on two stand-in series (stand-in kernel trees and QEMU,
# passed as pipeline variables): both shards of the matrix job run, each
# a whole series, so that the pipeline builds each kernel once; the
# join's table has every row once, and a shard whose check fails turns
# the pipeline red.  The shards' timings are kept for the next plan.
# gitlab-ci-local comes from make deps.
# needs: apt
. "$SG_ROOT/tests/common.sh"
gcl="$SG_CACHE/npm/node_modules/.bin/gitlab-ci-local"
# make check installs it (make deps): a missing one is a failure.  The
# pipelines run make matrix, whose deps-apt may call apt: make
# check-quick leaves the test out ("needs: apt").
[ -x "$gcl" ] || gcl=$(command -v gitlab-ci-local) || {
	echo "gitlab-ci-local is not installed (make deps)"
	exit 1
}
# The pipelines' make image takes the fio make check built (no fetch and
# build of fio in each shard's fresh cache).
fio="$SG_CACHE/fio/fio"
standin_conf
{
	standin_head
	standin_entry 9.8 9.8.1 p/series unfixed:false:FAIL
	standin_entry 9.9 9.9.1 p/series fixed:true:PASS
} > "$SG_BRANCHES"

# Trees whose make does what build-kernel.sh asks: the "kernel" is the
# variant's name; each build noted in $EVENTS.
SG_STANDIN_BUILD=0 standin_tree 9.8.1
SG_STANDIN_BUILD=0 standin_tree 9.9.1

# A QEMU whose raid0-map fails on unfixed and passes on fixed, as
# expected, unless SG_STANDIN_BREAK names the variant to get it wrong.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
r=PASS
[ "$k" = unfixed ] && r=FAIL
[ "$k" = "${SG_STANDIN_BREAK:-}" ] && { [ $r = PASS ] && r=FAIL || r=PASS; }
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map %s seed=1 arrays=1\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' $r >> "$log"
SH

# The project: this work tree as one commit (gitlab-ci-local reads git).
p="$T/project"
mkdir -p "$p"
tar -C "$SG_ROOT" --exclude=.git --exclude=.gitlab-ci-local -cf - . | tar -C "$p" -xf -
git -C "$p" init -q -b main && git -C "$p" add -A &&
	git -C "$p" -c user.name=t -c user.email=t@t commit -qm ci &&
	git -C "$p" remote add origin https://gitlab.example/stableguard/stableguard.git &&
	git -C "$p" update-ref refs/remotes/origin/main HEAD &&
	git -C "$p" symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/main

pipeline() {	# pipeline LOG [--variable ...]: gitlab-ci-local on the project
	log=$1
	shift
	(cd "$p" && "$gcl" --home "$T/gcl-home" --shell-isolation --no-color \
		--variable "SG_BRANCHES=$SG_BRANCHES" --variable "SG_QEMU=$T/qemu" \
		--variable "TREE_9_8=$SG_CACHE/tarballs/linux-9.8.1.tar.xz" \
		--variable "TREE_9_9=$SG_CACHE/tarballs/linux-9.9.1.tar.xz" --variable SG_ACCEL=tcg \
		--variable "SG_FIO=$fio" \
		--variable "EVENTS=$T/events" --variable "SERIES=9.8 9.9" "$@") > "$log" 2>&1
}
rows() { tsv_where "$1" '{ printf "%s:%s ", c["variant"], c["observed"] }'; }

pipeline "$T/green.log" || fail "the pipeline on stand-ins is red: $(tail -n 30 "$T/green.log")"
grep -q '^ PASS  matrix: \[1/2\]' "$T/green.log" && grep -q '^ PASS  matrix: \[2/2\]' "$T/green.log" &&
	[ "$(rows "$p/shards/1/results.tsv")" = "unfixed:FAIL " ] &&
	[ "$(rows "$p/shards/2/results.tsv")" = "fixed:PASS " ] &&
	ok "both shard jobs ran, each a whole series, their run folders artifacts" ||
	fail "shards: $(grep -e 'matrix: \[' "$T/green.log" | tail -n 20)"
[ "$(awk '$1 == "build-start" { print $2 }' "$T/events" | sort | paste -sd' ')" = "fixed unfixed" ] &&
	ok "the pipeline built each kernel once" || fail "builds: $(cat "$T/events")"
[ "$(rows "$p/table/results.tsv")" = "unfixed:FAIL fixed:PASS " ] &&
	grep -q '^report .*matrix OK' "$T/green.log" && [ -s "$p/table/junit.xml" ] &&
	ok "the join's table has every row once, in order, and is green" ||
	fail "join: $(cat "$p/table/results.tsv" 2>&1; grep '^report' "$T/green.log" | tail -n 20)"

# A shard whose check comes out wrong: that shard and the join are red,
# and the joined table still says which row.
rm -rf "$p/shards" "$p/table"
pipeline "$T/red.log" --variable SG_STANDIN_BREAK=fixed &&
	fail "a pipeline with a failing shard is green: $(tail -n 30 "$T/red.log")"
grep -q '^ PASS  matrix: \[1/2\]' "$T/red.log" && grep -q '^ FAIL  matrix: \[2/2\]' "$T/red.log" &&
	grep -q '^ FAIL  report' "$T/red.log" && ok "a shard that fails turns its job, the join and the pipeline red" ||
	fail "red pipeline: $(tail -n 30 "$T/red.log")"
[ "$(rows "$p/table/results.tsv")" = "unfixed:FAIL fixed:FAIL " ] &&
	ok "the red join's table names the failing row" || fail "red table: $(cat "$p/table/results.tsv" 2>&1)"
grep -q "imported cache 'sg-series-9.8 9.9-shard-1-of-2'" "$T/red.log" &&
	grep -q "imported cache 'sg-series-9.8 9.9-shard-2-of-2'" "$T/red.log" &&
	grep -q "cache created in '.*sg-series-9.8 9.9-shard-2-of-2'" "$T/red.log" &&
	! grep -q 'mkinitramfs\|importing' "$T/red.log" &&
	ok "each shard's cache, keyed by series and shard, is taken up again (image, tree), and kept when red" ||
	fail "cache: $(grep -i -e cache -e mkinitramfs -e importing "$T/red.log")"
grep -q "imported cache 'sg-timings-9.8 9.9'" "$T/red.log" && [ -s "$p/timings/1/9.8/unfixed.build" ] &&
	[ -s "$p/timings/2/9.9/fixed.guest" ] &&
	grep -q "cache created in '.*sg-timings-9.8 9.9'" "$T/red.log" &&
	ok "the shards' timings, joined by the report job, are what the next pipeline's shards plan from" ||
	fail "timings: $(grep -i timings "$T/red.log"; ls -R "$p/timings")"
# A pipeline given a queue runs the gate instead of the matrix: the two
# sides as jobs side by side, then the compare job, its folder an
# artifact.  A clean queue: green, and the reply has a Tested-by; the
# same queue with the candidate's check broken: the compare job and the
# pipeline red, gate.tsv says regression.
q="$T/queue-9.9.2"
mkdir -p "$q"
cat > "$q/add-readme.patch" <<'EOF'
From: A U Thor <author@example.org>
Date: Mon, 4 May 2015 10:00:00 +0200
Subject: [PATCH] README: a stand-in change

commit 4444444444444444444444444444444444444444 upstream.

Signed-off-by: A U Thor <author@example.org>

---
 README |    1 +
 1 file changed, 1 insertion(+)

--- /dev/null
+++ b/README
@@ -0,0 +1 @@
+a stand-in
EOF
echo add-readme.patch > "$q/series"
rm -rf "$p/side" "$p/gate"
pipeline "$T/gate.log" --variable "QUEUE=$q" --variable "SERIES=9.9" ||
	fail "the gate pipeline on a clean queue is red: $(tail -n 30 "$T/gate.log")"
grep -q '^ PASS  gate: \[previous\]' "$T/gate.log" && grep -q '^ PASS  gate: \[candidate\]' "$T/gate.log" &&
	grep -q '^ PASS  gate-compare' "$T/gate.log" && ! grep -q '^ PASS  matrix' "$T/gate.log" &&
	[ "$("$RUNFILE" list "$p/side/previous/results.tsv" variant | sort -u)" = previous ] &&
	[ "$("$RUNFILE" list "$p/side/candidate/results.tsv" variant | sort -u)" = candidate-queue-9.9.2 ] &&
	grep -q '^Tested-by: ' "$p/gate/reply.eml" && [ -s "$p/gate/report.html" ] &&
	ok "a queue: the gate's sides as two jobs, then the compare job: green, a Tested-by, no matrix" ||
	fail "gate pipeline: $(grep -e '^ [A-Z]* ' "$T/gate.log"; cat "$p/gate/gate.md" 2>&1)"
rm -rf "$p/side" "$p/gate"
pipeline "$T/gate-red.log" --variable "QUEUE=$q" --variable "SERIES=9.9" \
	--variable SG_STANDIN_BREAK=candidate-queue-9.9.2 --variable SG_GATE_TRIES=1 &&
	fail "a gate pipeline with a regression is green: $(tail -n 30 "$T/gate-red.log")"
grep -q '^ PASS  gate: \[candidate\]' "$T/gate-red.log" && grep -q '^ FAIL  gate-compare' "$T/gate-red.log" &&
	[ "$("$RUNFILE" list "$p/gate/gate.tsv" verdict)" = regression ] &&
	ok "a regression: the compare job and the pipeline red, gate.tsv says so" ||
	fail "red gate pipeline: $(grep -e '^ [A-Z]* ' "$T/gate-red.log"; cat "$p/gate/gate.md" 2>&1)"
done_testing
