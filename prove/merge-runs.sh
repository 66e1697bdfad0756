#!/bin/sh
# merge-runs.sh OUT RUN...
# Joins the run folders of the shards of one matrix (SHARD=K/N runs of
# the same series) into the run folder OUT: what each unit left (rows/NNN,
# cross-rows/NNN) from the shard that ran it, then the join (report
# --join) over the shards' one plan, so the table keeps its order.
# Refuses runs of different series lists or of different shard plans
# (which shard runs which series: shards that read other timings), and a
# unit found in two runs, and names every unit no run has; OUT is then
# not made.
set -u	# not -e: every unit missing or run twice is named before it gives up
. "$(dirname "$0")/../lib/sg.sh"

# assignment RUN: which shard ran which series, by its shards file.
assignment() {
	[ ! -f "$1/shards" ] || "$RUNFILE" get "$1/shards" series shard
}

out=$1
shift
[ $# -gt 0 ] || sg_die "merge-runs: no run folders given"
for r; do
	[ -f "$r/units" ] || sg_die "merge-runs: $r: not a run folder (no units file)"
	[ -f "$r/results.tsv" ] || sg_die "merge-runs: $r: the run did not finish (no results.tsv)"
	cmp -s "$1/units" "$r/units" ||
		sg_die "merge-runs: $r ran other series or variants than $1: not shards of one matrix"
	[ "$(assignment "$1")" = "$(assignment "$r")" ] ||
		sg_die "merge-runs: $r gave the series to other shards than $1 (see their shards files: other timings, or another N of SHARD=K/N; SHARD_PLAN gives shards one plan): not shards of one matrix"
done

# pick KIND COUNT: each of rows/001..COUNT from exactly one run.
bad=0
pick() {
	i=1
	while [ "$i" -le "$2" ]; do
		f=$(printf '%s/%03d' "$1" "$i")
		found=
		for r in $runs; do
			[ -e "$r/$f" ] || continue
			if [ -n "$found" ]; then
				sg_say "merge-runs: $f is in both $found and $r"
				bad=1
			fi
			found=$r
		done
		if [ -z "$found" ]; then
			sg_say "merge-runs: no run has $f ($(describe "$1" "$i"))"
			bad=1
		else
			mkdir -p "$out.new/$1"
			cp "$found/$f" "$out.new/$f"
		fi
		i=$((i + 1))
	done
}

describe() {
	if [ "$1" = rows ]; then
		sed -n "${2}p" "$first/units" | tr ' ' /
	else
		echo "cross-era pair $2"
	fi
}

runs="$*" first=$1
rm -rf "$out.new"
mkdir -p "$out.new"
sg_mark_run "$out.new" merged
pick rows "$(wc -l < "$first/units")"
pairs=0
for r; do
	[ -f "$r/cross.count" ] && pairs=$(cat "$r/cross.count")
done
pick cross-rows "$pairs"
if [ $bad -ne 0 ]; then
	rm -rf "$out.new"
	exit 1
fi
for f in units plan shards series variants cross.list seed builds; do
	[ ! -f "$first/$f" ] || cp "$first/$f" "$out.new/$f"
done
# The joined run is every shard's: its policy names no one shard.
eval "$("$RUNFILE" get --prefix po_ "$first/policy" strict seed tries)"
"$RUNFILE" row --header policy strict="$po_strict" seed="$po_seed" tries="$po_tries" shard=- \
	> "$out.new/policy" &&
	printf '%s\n' "$@" > "$out.new/merged-from" &&
	"$SG_CACHE/bin/report" --join "$out.new" || { rm -rf "$out.new"; exit 1; }
mv "$out.new" "$out"
