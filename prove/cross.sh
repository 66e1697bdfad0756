#!/bin/sh
# cross.sh RUN_DIR INITRD UNITS SERIES...
# cross.sh --needs RUN_DIR UNITS SERIES...
# The cross-era pairs of branches.yaml (sgconf cross) whose two series are
# among SERIES, with the kernels matrix.sh built (RUN_DIR/kernels): the
# writer's kernel creates and fills a RAID0 on sparse disk images in
# RUN_DIR/cross/PAIR, powers off, and the reader's kernel assembles the
# same images and reads them back (verify/scenarios/raid0-layout.c).  One
# row per pair in RUN_DIR/results.tsv.part (or SG_CROSS_OUT): series
# "WRITER→READER", variant the pair's name, check raid0-layout, in the
# order of branches.yaml.  Up to SG_GUESTS pairs (default: the cores, as
# many as the memory holds) run side by side, the matrix's guests still
# running (RUN_DIR/rows) counted among them.  The images are removed when
# the outcome is the expected one and kept otherwise.
#
# Pair j is cross-rows/j.  With SG_SHARD=K/N a pair runs in the shard
# whose plan (RUN_DIR/plan, matrix.sh) gives it the pair's reader.
# --needs prints the "series variant" of each kernel they need.
# SG_SEED, the run's seed, must be set (matrix.sh exports it): both guests
# of every pair get it, and every row carries it.
set -u	# not -e: a pair that cannot run is a row, and the next pair runs
. "$(dirname "$0")/../lib/sg.sh"

needs=
if [ "$1" = --needs ]; then
	needs=1 run=$2 initrd=- units=$3
else
	run=$1 initrd=$2 units=$3
fi
shift 3
shard=${SG_SHARD:-1/1}
results=${SG_CROSS_OUT:-$run/results.tsv.part}
[ -n "$needs" ] || [ -n "${SG_SEED:-}" ] || sg_die "cross.sh: no SG_SEED: the run's seed must reach the pairs"
series_run=" $* "
guests=$(sg_guest_slots)
pids=
trap 'kill $pids 2>/dev/null; exit 130' INT TERM HUP

# side SERIES VARIANT: image=, kernel=, patchset= of that side, or why=
# and obs= (SKIP when the series had no tree, ERROR when no kernel).
side() {
	d="$run/kernels/$1"
	image= kernel=- patchset=-
	if [ -f "$d/.skip" ]; then
		obs=SKIP why=$(cat "$d/.skip")
		return 1
	fi
	[ -f "$d/.id" ] && read -r kernel patchset < "$d/.id"
	if [ ! -f "$d/$2" ]; then
		obs=ERROR why="$1/$2: no kernel (its branch or build failed: see the $1 rows)"
		return 1
	fi
	image=$(cat "$d/$2")
}

# boot_side WHICH IMAGE KERNEL NAME=VALUE...: one guest on the pair's
# disks; its verdict in lr_observed, lr_secs, lr_complaint and lr_reason,
# its log in log=.
boot_side() {
	log="$dir/$1.log" image=$2 k=$3
	shift 3
	sg_pick_accel "$image" "$k"
	SG_DISKS="$disks" "$SG_ROOT/prove/guest.sh" "$image" "$initrd" "$log" raid0-layout \
		seed="$SG_SEED" "$@"
	sg_verdict "$log" raid0-layout
}

# ours SERIES: the plan gives SERIES to this shard (every series is ours
# when there is one shard).
ours() {
	[ "${shard#*/}" = 1 ] && return 0
	"$RUNFILE" count --where series="$1" --where shard="${shard%/*}" "$run/plan" 2>/dev/null |
		grep -qx 1
}

run_pair() {
	began=$(sg_now)
	dir="$run/cross/$name"
	obs= why= secs=0 said=- log=-
	side "$ws" "$wv"
	wok=$? wimage=$image wk=$kernel wp=$patchset wobs=$obs wwhy=$why
	side "$rs" "$rv"
	rok=$? rimage=$image rk=$kernel rp=$patchset
	if [ $wok -ne 0 ]; then
		obs=$wobs why=$wwhy
	elif [ $rok -eq 0 ]; then
		write_then_read
	fi
	sg_row "$prow" series="$ws→$rs" variant="$name" check=raid0-layout \
		expected="$exp" observed="$obs" seconds="$secs" kernel="$wk→$rk" \
		patchset="$wp→$rp" seed="$SG_SEED" complaint="$said" log="$log" reason="$why"
	sg_phase pair "$ws→$rs" "$name" "$began"
	sg_say "cross $ws→$rs $name: $obs (expected $exp)"
	"$SG_CACHE/bin/report" --match "$exp" "$obs" && rm -f "$dir"/m*.img
}

write_then_read() {
	mkdir -p "$dir"
	disks= m=0
	for kib in $(echo "$p_members" | tr , ' '); do
		rm -f "$dir/m$m.img"
		truncate -s "${kib}K" "$dir/m$m.img"
		disks="$disks $dir/m$m.img"
		m=$((m + 1))
	done
	boot_side write "$wimage" "$wk" phase=write layout="$wl" chunk="$p_chunk"
	if [ "$lr_observed" != PASS ]; then
		obs=ERROR log=$log said=$lr_complaint
		why="the writer ($ws, $wk) did not fill the array: $lr_observed: $lr_reason"
		return
	fi
	set -- phase=read layout="$wl"
	[ "$upd" = - ] || set -- "$@" update="$upd"
	[ "$app" = - ] || set -- "$@" append="$app"
	boot_side read "$rimage" "$rk" "$@"
	obs=$lr_observed secs=$lr_secs said=$lr_complaint why=$lr_reason
}

# The pairs, read by the column names of sgconf's header line.
"$SGCONF" "$BRANCHES" cross > "$run/cross.list" &&
	sg_tsv_rows p_ name writer writer_variant writer_layout reader reader_variant \
		update append members chunk expect < "$run/cross.list" > "$run/cross.pairs" ||
	sg_die "cross.sh: the pairs of $BRANCHES could not be read"
mkdir -p "$run/cross-rows"
i=0 ran=0
while read -r pair <&3; do
	eval "$pair"
	name=$p_name ws=$p_writer wv=$p_writer_variant wl=$p_writer_layout
	rs=$p_reader rv=$p_reader_variant upd=$p_update app=$p_append exp=$p_expect
	case $series_run in *" $ws "*) ;; *) continue ;; esac
	case $series_run in *" $rs "*) ;; *) continue ;; esac
	i=$((i + 1))
	ours "$rs" || continue
	if [ -n "$needs" ]; then
		printf '%s %s\n%s %s\n' "$ws" "$wv" "$rs" "$rv"
		continue
	fi
	ran=$((ran + 1))
	prow="$run/cross-rows/$(printf %03d $i)"
	: > "$prow"
	sg_wait_slot "$guests" "$run/cross-rows" "$run/rows"
	: > "$prow.started"
	( run_pair; : > "$prow.done" ) 3<&- &
	pids="$pids $!"
done 3< "$run/cross.pairs"
wait
[ -n "$needs" ] || echo "$i" > "$run/cross.count"
[ $ran -eq 0 ] || cat "$run"/cross-rows/[0-9][0-9][0-9] >> "$results"
exit 0
