#!/bin/sh
# cross.sh RUN_DIR INITRD UNITS SERIES...
# cross.sh --needs RUN_DIR UNITS SERIES...
# The cross-era pairs of the run (RUN_DIR/cross.list, a run file of kind
# pairs: sgconf plan wrote it) whose two series are among SERIES, with
# the kernels matrix.sh built (RUN_DIR/kernels): the writer's kernel
# creates and fills a RAID0 on sparse disk images in RUN_DIR/cross/PAIR,
# powers off, and the reader's kernel assembles the same images and reads
# them back (verify/scenarios/raid0-layout.c).  What became of pair j is
# RUN_DIR/cross-rows/j, a run file of kind boots (series "-", variant the
# pair's name) naming its reader's verdicts; the join makes its row of
# results.tsv from the plan's.  Up to SG_GUESTS pairs (default: the cores, as
# many as the memory holds) run side by side, the matrix's guests still
# running (RUN_DIR/rows) counted among them.  The images are removed when
# the outcome is the expected one and kept otherwise.
#
# With SG_SHARD=K/N a pair runs in the shard that RUN_DIR/shards
# (matrix.sh) gives the pair's reader.
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
	"$RUNFILE" count --where series="$1" --where shard="${shard%/*}" "$run/shards" 2>/dev/null |
		grep -qx 1
}

run_pair() {
	began=$(sg_now)
	dir="$run/cross/$name"
	obs= why=- log=- verdicts=-
	side "$ws" "$wv"
	wok=$? wimage=$image wk=$kernel wp=$patchset wobs=$obs wwhy=$why
	side "$rs" "$rv"
	rok=$? rimage=$image rk=$kernel rp=$patchset
	if [ $wok -ne 0 ]; then
		obs=$wobs why=$wwhy
	elif [ $rok -eq 0 ]; then
		write_then_read
	fi
	status=$obs
	[ -z "$status" ] || [ "$status" = SKIP ] || [ "$status" = ERROR ] || status=booted
	pair_image=-
	[ "$status" != booted ] || pair_image="$(sg_image_sum "$wimage")→$(sg_image_sum "$rimage")"
	"$RUNFILE" row --header boots series=- variant="$name" status="$status" \
		kernel="$wk→$rk" patchset="$wp→$rp" log="$log" verdicts="$verdicts" \
		reason="$why" image="$pair_image" > "$prow"
	sg_phase pair "$ws→$rs" "$name" "$began"
	sg_say "cross $ws→$rs $name: $obs (expected $exp)"
	# The disks are kept for a look when the pair was not as expected.
	[ "$obs" != "$exp" ] || rm -f "$dir"/m*.img
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
		obs=ERROR log=$log
		why="the writer ($ws, $wk) did not fill the array: $lr_observed: $lr_reason"
		return
	fi
	set -- phase=read layout="$wl"
	[ "$upd" = - ] || set -- "$@" update="$upd"
	[ "$app" = - ] || set -- "$@" append="$app"
	boot_side read "$rimage" "$rk" "$@"
	obs=$lr_observed verdicts="$log.verdicts"
}

# The pairs, read by column name from the run's plan.
"$RUNFILE" get --prefix p_ "$run/cross.list" name writer writer_variant writer_layout \
	reader reader_variant update append members chunk expect > "$run/cross.pairs"
[ $? -le 1 ] || sg_die "cross.sh: the pairs of $run/cross.list could not be read"
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
exit 0
