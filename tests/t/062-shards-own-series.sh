# Shards own whole series (SHARD=K/N, prove/matrix.sh and shardplan): two
# stand-in series split across two shards, each series' units in exactly
# one shard and its kernels built there alone; a cross-era pair runs in
# its reader's shard, which builds the writer's kernel too; the join
# reads as one run's.  The plan balances the series by the timings of
# earlier runs, falls back to a stable plan without them, and shards
# that planned otherwise are not joined.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
export SG_STANDIN_BUILD=0 EVENTS="$T/events"
standin_tree 9.8.1
standin_tree 9.9.1
standin_pair_series
"$SGCONF" "$SG_BRANCHES" validate || fail "stand-in branches.yaml"
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
for c in raid0-map raid0-layout; do
	printf 'SG-BEGIN %s\nSG-RESULT %s PASS seed=1 %s\nSG-END %s rc=0 secs=0.1\n' $c $c "$k" $c >> "$log"
done
echo SG-DONE >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=7
# Each shard on a runner of its own: a cache of its own.
cp -a "$SG_CACHE" "$T/empty-cache"

# shard K: its run folder, its builds (the variants the stand-in built).
shard() {
	: > "$EVENTS"
	rm -rf "$T/cache$1" && cp -a "$T/empty-cache" "$T/cache$1"
	SG_CACHE="$T/cache$1" SHARD=$1/2 "$SG_ROOT/prove/matrix.sh" "$T/s$1" /dev/null 2>"$T/s$1.err" ||
		fail "shard $1/2 exited $?: $(tail -n 5 "$T/s$1.err")"
	awk '$1 == "build-start" { print $2 }' "$EVENTS" | sort | paste -sd' ' > "$T/s$1.builds"
}
units() { ls "$1/rows" | grep -v '\.' | paste -sd' '; }
shard 1
shard 2
echo "shards: $(cat "$T/s1/shards" | tr '\t\n' ' |')"
[ "$(units "$T/s1")" = "001 002" ] && [ "$(units "$T/s2")" = "003 004" ] &&
	ok "9.8's two units in shard 1 alone, 9.9's in shard 2 alone" ||
	fail "units: shard 1 $(units "$T/s1"), shard 2 $(units "$T/s2")"
[ "$(cat "$T/s1.builds")" = "a8 b8" ] && ok "shard 1 built 9.8's kernels, none of 9.9's" ||
	fail "shard 1 built: $(cat "$T/s1.builds")"
[ "$(cat "$T/s2.builds")" = "a9 b8 b9" ] &&
	ok "shard 2 built 9.9's kernels and the pair's writer, 9.8/b8 (no guest for it)" ||
	fail "shard 2 built: $(cat "$T/s2.builds")"
[ ! -e "$T/s2/logs/9.8-b8.log" ] || fail "shard 2 booted 9.8/b8's guest"
[ -e "$T/s2/cross-rows/001" ] && [ ! -e "$T/s1/cross-rows/001" ] &&
	ok "the pair 9.8→9.9 ran in the reader's shard" || fail "pair rows: $(ls "$T"/s*/cross-rows)"

"$SG_ROOT/prove/matrix.sh" "$T/whole" /dev/null 2>/dev/null || fail "the unsharded run exited $?"
"$SG_ROOT/prove/merge-runs.sh" "$T/merged" "$T/s2" "$T/s1" || fail "merge exited $?"
cut -f1-5 "$T/merged/results.tsv" > "$T/m" && cut -f1-5 "$T/whole/results.tsv" > "$T/w" &&
	cmp -s "$T/m" "$T/w" && [ "$(wc -l < "$T/m")" = 6 ] &&
	ok "merged: the unsharded table, 4 units and the pair, in order" ||
	fail "merged: $(diff "$T/m" "$T/w")"

# A shard that gave the series to other shards is not joined.
{
	"$RUNFILE" header shards
	"$RUNFILE" row shards series=9.8 shard=2 cost=1 from=timings
	"$RUNFILE" row shards series=9.9 shard=1 cost=1 from=timings
} > "$T/swapped"
SHARD=1/2 SHARD_PLAN="$T/swapped" "$SG_ROOT/prove/matrix.sh" "$T/other" /dev/null 2>/dev/null
[ "$(units "$T/other")" = "003 004" ] && ok "SHARD_PLAN: a shard runs the plan it is given" ||
	fail "SHARD_PLAN: $(units "$T/other")"
"$SG_ROOT/prove/merge-runs.sh" "$T/bad" "$T/s1" "$T/other" 2>"$T/merr" && fail "runs of two plans joined"
grep -q "gave the series to other shards than" "$T/merr" && [ ! -e "$T/bad" ] &&
	ok "shards of two plans are refused by name" || fail "two plans: $(cat "$T/merr")"

# The plan from timings: the costliest series alone, the rest together.
plan() {	# plan N: series:shard ... from $T/t
	"$SG_CACHE/bin/shardplan" "$1" "$T/t" "$T/units" "$T/cross" |
		awk -F'\t' 'NR > 1 { printf "%s:%s ", $1, $2 }'
}
printf '7.1 a\n7.1 b\n7.2 a\n7.3 a\n' > "$T/units"
printf 'name\twriter\twriter_variant\treader\treader_variant\n' > "$T/cross"
mkdir -p "$T/t/7.1" "$T/t/7.2" "$T/t/7.3"
[ "$(plan 2)" = "7.1:1 7.2:2 7.3:2 " ] && [ "$(plan 2)" = "$(plan 2)" ] &&
	ok "no timings: the fallback (a base 300 s, a build after it 15 s, a guest 10 s), the same each time" ||
	fail "fallback plan: $(plan 2)"
echo 50 > "$T/t/7.1/a.build"
echo 500 > "$T/t/7.2/a.build"
echo 200 > "$T/t/7.3/a.build"
[ "$(plan 2)" = "7.1:1 7.2:2 7.3:1 " ] && ok "timings: 7.2 (500 s) alone, 7.1 and 7.3 together" ||
	fail "plan by timings: $(plan 2)"
echo 503 > "$T/t/7.2/a.build"
[ "$(plan 2)" = "7.1:1 7.2:2 7.3:1 " ] && ok "a few seconds' noise does not move a series" ||
	fail "after noise: $(plan 2)"
[ "$(plan 1)" = "7.1:1 7.2:1 7.3:1 " ] && ok "one shard: every series" || fail "N=1: $(plan 1)"
done_testing
