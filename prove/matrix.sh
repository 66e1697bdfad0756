#!/bin/sh
# matrix.sh RUN_DIR INITRD [SERIES...]
# For each series (all in branches.yaml by default): make its branches,
# build every variant, boot each in QEMU with the checks, and keep what
# became of it; then the join (report --join) makes RUN_DIR/results.tsv,
# a row per row of the run's plan (the schema: report/judge/results.h).  The
# plan (RUN_DIR/plan, with the series' facts and the pairs: sgconf plan)
# and the policy (RUN_DIR/policy: strict or not, the seed, the shard) are
# written once, first; this script only builds, boots and keeps raw
# verdicts.  A series whose tree is missing is SKIP; a failed build or
# boot makes that variant's rows ERROR, and the matrix goes on.  Then
# the cross-era pairs among these series (cross.sh), from the kernels
# listed in RUN_DIR/kernels/SERIES/VARIANT.
#
# A pipeline: a variant's guest boots while the next variant builds, and
# up to SG_GUESTS guests (default: the cores, as many as the memory
# holds) run side by side, the cross-era pairs' too.  The next series'
# fetch, import and branches (branch.sh) run while this one builds, at
# nice 19: the build keeps its cores.  The pairs start as soon as the
# last kernel is built, beside the last series' guests.  Each
# (series, variant) writes what became of it to RUN_DIR/rows/NNN (a run
# file of kind boots, naming its boot's verdicts), joined in the order of
# the plan whatever finished first.  The join writes results.tsv when the
# run is complete: an interrupted run leaves none to be taken for one.
# Progress lines give the
# step, n/N and the time left by the last run's figures
# ($SG_CACHE/timings).  The report is rendered by `report`.  Where the
# run's time went: RUN_DIR/phases.tsv (lib/runfile.h; make bench).
#
# SHARD=K/N runs the series the shards file gives shard K (RUN_DIR/shards,
# made by shardplan from the timings, or SHARD_PLAN=file, one made before):
# whole series, so that the N shards build each series' kernels once,
# and the cross-era pairs whose reader is one of them (building the
# writer's kernel when its series is another shard's).  merge-runs.sh
# joins the N run folders into one by the unit numbers of rows/NNN.
set -u	# not -e: a failed build, boot or logread is a row, and the matrix goes on
. "$(dirname "$0")/../lib/sg.sh"

run=$1 initrd=$2
shift 2
mkdir -p "$run/logs" "$run/rows"
shard=${SHARD:-1/1}
shard_k=${shard%/*} shard_n=${shard#*/}
case "$shard_k/$shard_n" in
*[!0-9/]* | /* | */ | 0/* | */0) sg_die "SHARD=$shard: want K/N with 1 <= K <= N" ;;
esac
[ "$shard_k" -le "$shard_n" ] || sg_die "SHARD=$shard: want K/N with 1 <= K <= N"
# The plan, the series' facts and the pairs: what the run needs of
# branches.yaml, asked once.  An unknown series is named here, before
# anything is built.  A job that planned the run itself (the gate: its
# plan, series, variants and cross.list in RUN_DIR) is taken as it is.
[ -f "$run/plan" ] || "$SGCONF" "$BRANCHES" plan "$run" "$@" || exit 1
sg_mark_run "$run" matrix "$*"
SG_FACTS_DIR=$run
export SG_FACTS_DIR
[ $# -gt 0 ] || set -- $("$RUNFILE" list "$run/series" series)
# The run's seed reaches every guest, the cross-era pairs' too (cross.sh
# runs as a child), and every row (the policy, which the join reads).
[ -n "$SG_SEED" ] || SG_SEED=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
export SG_SEED
"$RUNFILE" row --header policy strict="$SG_STRICT" seed="$SG_SEED" tries=1 shard="$shard" \
	> "$run/policy" || exit 1
guests=$(sg_guest_slots)
echo "$shard" > "$run/shard"
export SG_SHARD="$shard"
echo "$SG_SEED" > "$run/seed"
SG_PHASES="$run/phases.tsv"
export SG_PHASES
"$RUNFILE" header phases > "$SG_PHASES" || exit 1
run_start=$(sg_now)
sg_build_mode > "$run/builds"
sg_say "builds: $(cat "$run/builds")"
pids=
trap 'kill $pids 2>/dev/null; exit 130' INT TERM HUP

# Every (series, variant) of the run, in order: n/N and the estimate.
"$RUNFILE" list "$run/variants" series variant > "$run/units" || exit 1
total=$(wc -l < "$run/units")
unit=0

# Which shard runs which series.  Every shard must make the same one (the
# same timings, or SHARD_PLAN): merge-runs.sh compares them.
if [ -n "${SHARD_PLAN:-}" ]; then
	cp "$SHARD_PLAN" "$run/shards" || exit 1
else
	"$SG_CACHE/bin/shardplan" "$shard_n" "$SG_CACHE/timings" "$run/units" "$run/cross.list" \
		> "$run/shards" || exit 1
fi
mine=" $("$RUNFILE" list --where shard="$shard_k" "$run/shards" series | tr '\n' ' ')"
[ "$shard_n" = 1 ] || sg_say "shard $shard: series${mine% } (shards: $run/shards)"

is_mine() { case $mine in *" $1 "*) return 0 ;; esac; return 1; }

# unit_row ROWS VARIANT STATUS LOG VERDICTS REASON: what became of the
# unit (sg_boots_row, into ROWS), its patch set as branch_series found it
# in RUN_DIR/kernels/S/.id.
unit_row() {
	sg_boots_row "$run/kernels/$SG_SERIES" "$SG_SERIES" "$2" "$3" "$4" "$5" "$6" > "$1"
}

# "about Ns left": what the last run took for what remains of this
# shard's from unit $1 on, its build left out when $2 is guest.
time_left() {
	first=1
	tail -n +"$1" "$run/units" | while read -r s v; do
		is_mine "$s" || continue
		for p in build guest; do
			[ "$first$2$p" = 1guestbuild ] && continue
			cat "$SG_CACHE/timings/$s/$v.$p" 2>/dev/null || echo -
		done
		first=0
	done | awk '$1 == "-" { none++; next } { t += $1; some++ }
		END { if (!some) print "no figures yet: the first run"
		      else printf "about %ds left by the last run%s\n", t, none ? ", some steps unknown" : "" }'
}

# progress UNIT VARIANT STEP: the step's line, n/N and the time left.
progress() {
	sg_say "[$1/$total] $SG_SERIES/$2: $3 ($(time_left "$1" "$3"))"
}

# remember VARIANT STEP SECS: the step's seconds, for the next run's
# estimates and plan (the cache's timings) and for this run's report.
remember() {
	mkdir -p "$SG_CACHE/timings/$SG_SERIES"
	echo "$3" | sg_keep "$SG_CACHE/timings/$SG_SERIES/$1.$2"
	echo "$3" > "$run/kernels/$SG_SERIES/.$1.$2-secs"
}

# boot_variant UNIT VARIANT IMAGE ROWS: its guest, with the plan's checks
# of the variant; what became of it in ROWS.
boot_variant() {
	bv_log="$run/logs/$SG_SERIES-$2.log"
	bv_began=$(sg_now)
	bv_start=$(date +%s)
	"$SG_ROOT/prove/guest.sh" "$3" "$initrd" "$bv_log" \
		"$("$RUNFILE" list --where series="$SG_SERIES" --where variant="$2" --where run=yes "$run/plan" check |
			paste -sd, -)" seed="$SG_SEED" layouts="$SG_LAYOUTS" chunks="$SG_CHUNKS"
	bv_secs=$(( $(date +%s) - bv_start ))
	sg_phase guest "$SG_SERIES" "$2" "$bv_began"
	remember "$2" guest "$bv_secs"
	sg_say "[$1/$total] $SG_SERIES/$2: guest finished in ${bv_secs}s (qemu status $("$RUNFILE" list "$bv_log.outcome" status))"
	unit_row "$4" "$2" booted "$bv_log" "$bv_log.verdicts" -
}

# start_guest UNIT VARIANT IMAGE ROWS: the guest in the background, once
# fewer than $guests run.
start_guest() {
	read -r sg_kernel _ < "$run/kernels/$SG_SERIES/.id"
	sg_pick_accel "$3" "$sg_kernel"
	sg_wait_slot "$guests" "$run/rows" "$run/cross-rows"
	progress "$1" "$2" guest
	: > "$4.started"
	( boot_variant "$@"; : > "$4.done" ) &
	pids="$pids $!"
}

# Where a variant builds.  series (the default): one kbuild folder for
# every variant of the series, the variants built in turn as incremental
# rebuilds: checking out the next variant's branch gives new times only to
# the files it changes, so only those are compiled again before the link.
# variant: a folder per variant, its first build from a copy of a folder
# this run built (kept to measure against: make bench does both).  A copy
# or a move costs a whole rebuild where kbuild builds a tool into the
# folder: 6.1's objtool records the folder's path, is rebuilt, and every
# object depends on it.
build_folder() {
	case $SG_BUILD_FOLDERS in
	series) echo "$SG_CACHE/build/$SG_SERIES/kbuild" ;;
	variant) echo "$SG_CACHE/build/$SG_SERIES/$1" ;;
	*) sg_die "SG_BUILD_FOLDERS=$SG_BUILD_FOLDERS: want series or variant" ;;
	esac
}

# seed_folder FOLDER SAY: with a folder per variant, a new one copied from
# one this run built; SAY the line's start.
seed_folder() {
	[ "$SG_BUILD_FOLDERS" = variant ] && [ ! -f "$1/.config" ] || return 0
	for built in "$run/kernels/$SG_SERIES"/*; do
		[ -f "$built" ] || continue
		from="$SG_CACHE/build/$SG_SERIES/$(basename "$built")"
		[ -f "$from/.config" ] || continue
		rm -rf "$1"
		mkdir -p "$(dirname "$1")"
		cp -a "$from" "$1.new" && mv "$1.new" "$1" &&
			sg_say "$2: build folder seeded from $(basename "$from")"
		return 0
	done
}

# What a build's bytes depend on: the sources checked out (their tree),
# the config fragments, the compiler and build-kernel.sh (which fixes the
# version, time, user and host the kernel records).
build_stamp() {
	tree=$(sg_git rev-parse -q --verify 'HEAD^{tree}') || return 1
	printf 'tree %s\nconfig %s\ncompiler %s\nbuilder %s\n' "$tree" \
		"$(cat $(sg_config_fragments) | sha1sum | cut -c1-40)" \
		"$("$SG_COMPILER" --version 2>/dev/null | head -n 1)" \
		"$(sha1sum < "$SG_ROOT/prove/build-kernel.sh" | cut -c1-40)"
}

# build_variant VARIANT [UNIT]: check out its branch, build it, and
# keep its bzImage and .config in build/S/images/key-<the sum of its
# stamp and its name>
# (the next variant's build reuses the folder while this one's guest
# boots), build/S/images/V a link to it; RUN_DIR/kernels/S/V names it.  Prints "built
# IMAGE" or "kept IMAGE", the kept bzImage; or why not, and fails.  A
# variant whose stamp (build_stamp) is that of its kept bzImage is not
# built again (kept): the same sources, config and compiler give the same
# bytes.  The stamp also holds the bzImage's sha256, checked before the
# image is trusted: one damaged since (a full disk, a crash during the
# copy) is built again, and the run says so.  SG_REBUILD=1 builds it anyway.
build_variant() {
	bd_say="$SG_SERIES/$1" bd_progress=
	[ -z "${2:-}" ] || bd_say="[$2/$total] $SG_SERIES/$1" bd_progress="[$2/$total] build $SG_SERIES/$1"
	if ! sg_git checkout -q -f "$(sg_variant_branch "$1")"; then
		echo "cannot check out $(sg_variant_branch "$1")"
		return 1
	fi
	# The variant's own version: a gate's previous release (FROM=v4.0.4)
	# is not the series' base.
	sg_makefile_version < "$SG_REPO/Makefile" > "$run/kernels/$SG_SERIES/.$1.kernel"
	bd_stamp=$(build_stamp) || { echo "cannot name what $(sg_variant_branch "$1") builds from"; return 1; }
	# Kept by what it is made of and whose it is: two queues of one
	# name, or a FROM on another tree, are two kernels, and a run's
	# kernel is never replaced by a later run's.  The variant's name is
	# in the key too, so that one variant's kept image is its own.
	bd_keep="$SG_CACHE/build/$SG_SERIES/images/key-$(printf '%s\nvariant %s\n' "$bd_stamp" "$1" | sha1sum | cut -c1-16)"
	if [ "$SG_REBUILD" != 1 ] && kept_image_holds "$bd_keep" "$bd_stamp" "$bd_say"; then
		name_image "$1" "$bd_keep"
		echo "$bd_keep/bzImage" > "$run/kernels/$SG_SERIES/$1"
		echo "kept $bd_keep/bzImage"
		return 0
	fi
	bd_build=$(build_folder "$1")
	seed_folder "$bd_build" "$bd_say"
	bd_log="$run/logs/$SG_SERIES-$1.build"
	if ! bd_built=$(SG_PROGRESS=$bd_progress "$SG_ROOT/prove/build-kernel.sh" "$SG_REPO" "$bd_build" \
		"$(sg_config_fragments)" "$SG_COMPILER" 3>&2 2>"$bd_log"); then
		# The compiler's or the linker's first error, not make's last word.
		bd_make="$bd_build/make.log"
		[ -f "$bd_make" ] || bd_make=$bd_log
		echo "build failed: $("$SG_CACHE/bin/logread" --build "$bd_make")"
		return 1
	fi
	keep_image "$bd_keep" "$bd_built" "$bd_build/.config" "$bd_stamp" || {
		echo "cannot keep $bd_built in $bd_keep"
		return 1
	}
	name_image "$1" "$bd_keep"
	echo "$bd_keep/bzImage" > "$run/kernels/$SG_SERIES/$1"
	echo "built $bd_keep/bzImage"
}

# name_image VARIANT KEEP: build/S/images/VARIANT, the newest kernel of
# that name (make fstests VARIANT=, make bench), a link to KEEP.  A run
# boots the kernel its own kernels/S/VARIANT names, never this link.
name_image() {
	ni_link="$SG_CACHE/build/$SG_SERIES/images/$1"
	[ -L "$ni_link" ] || rm -rf "$ni_link"
	ln -sfn "$(basename "$2")" "$ni_link"
}

# kept_image_holds KEEP STAMP WHAT: KEEP's bzImage was built from STAMP
# and is still the bytes that build made.
kept_image_holds() {
	[ -f "$1/bzImage" ] && [ -f "$1/config" ] && [ -f "$1/stamp" ] || return 1
	[ "$(grep -v '^image ' "$1/stamp")" = "$2" ] || return 1
	kh_want=$(sed -n 's/^image //p' "$1/stamp")
	[ "$(sha256sum < "$1/bzImage" | cut -c1-64)" = "$kh_want" ] && return 0
	sg_say "$3: its kept bzImage is not the one built (sha256 ${kh_want:-missing from the stamp}): damaged since, built again"
	return 1
}

# keep_image KEEP BZIMAGE CONFIG STAMP: each file written beside and
# renamed, the stamp (with the image's sha256) last: an interrupted copy
# leaves no stamp that vouches for it.
keep_image() {
	mkdir -p "$1" && rm -f "$1/stamp" &&
	cp "$2" "$1/bzImage.new" && cp "$3" "$1/config.new" &&
	printf '%s\nimage %s\n' "$4" "$(sha256sum < "$1/bzImage.new" | cut -c1-64)" > "$1/stamp.new" &&
	mv "$1/config.new" "$1/config" && mv "$1/bzImage.new" "$1/bzImage" &&
	mv "$1/stamp.new" "$1/stamp"
}

# run_variant UNIT VARIANT ROWS PHASE: its build (PHASE: base-build for
# the first a series builds in a run, from an empty folder in a cold run;
# build for the others, rebuilds of it), then its guest.
run_variant() {
	progress "$1" "$2" build
	rv_began=$(sg_now)
	rv_start=$(date +%s)
	if ! rv_out=$(build_variant "$2" "$1"); then
		echo "$rv_out" > "$run/kernels/$SG_SERIES/.$2.why"
		sg_phase "$4" "$SG_SERIES" "$2" "$rv_began"
		unit_row "$3" "$2" ERROR "$run/logs/$SG_SERIES-$2.build" - "$rv_out"
		return
	fi
	sg_phase "$4" "$SG_SERIES" "$2" "$rv_began"
	remember "$2" build $(( $(date +%s) - rv_start ))
	rv_image=${rv_out#* }
	case $rv_out in
	kept\ *) sg_say "[$1/$total] $SG_SERIES/$2: unchanged since its last build ($(sed -n 's/^tree //p' "${rv_image%/bzImage}/stamp" | cut -c1-12) and the same config and compiler; its bzImage checked against the stamp): kept, not built" ;;
	*) sg_say "[$1/$total] $SG_SERIES/$2: built in $(( $(date +%s) - rv_start ))s" ;;
	esac
	start_guest "$1" "$2" "$rv_image" "$3"
}

# prepare SERIES [NICE]: its branches made (branch.sh: the package
# fetched, the tree imported, the patches applied) in the background, at
# nice NICE (the next series' while this one builds), its status in
# RUN_DIR/prep/SERIES; once a series.
prepare() {
	[ ! -e "$run/prep/$1.started" ] || return 0
	mkdir -p "$run/prep" "$run/kernels/$1"
	: > "$run/prep/$1.started"
	(
		began=$(sg_now)
		nice -n "${2:-0}" "$SG_ROOT/prove/branch.sh" "$1" 2>"$run/logs/$1.branch"
		rc=$?
		sg_phase branch "$1" - "$began"
		echo "$rc" > "$run/prep/$1.rc"
	) &
	pids="$pids $!"
	echo $! > "$run/prep/$1.pid"
}

# branch_series: the series' branches (prepare); 0, or 3 when its tree is
# not there (RUN_DIR/kernels/S/.skip says why), or 1 (.why says why).  Its
# kernel version ("-" when none) and patch set in RUN_DIR/kernels/S/.id.
branch_series() {
	prepare "$SG_SERIES"
	wait "$(cat "$run/prep/$SG_SERIES.pid")"
	bs_rc=$(cat "$run/prep/$SG_SERIES.rc" 2>/dev/null || echo 1)
	cat "$run/logs/$SG_SERIES.branch" >&2
	echo "- $(patchset_id)" > "$run/kernels/$SG_SERIES/.id"
	if [ "$bs_rc" -eq 3 ]; then
		grep '^SKIP' "$run/logs/$SG_SERIES.branch" | head -n 1 > "$run/kernels/$SG_SERIES/.skip"
		return 3
	elif [ "$bs_rc" -ne 0 ]; then
		echo "branch failed: $(tail -n 3 "$run/logs/$SG_SERIES.branch" | tr '\n' ' ')" \
			> "$run/kernels/$SG_SERIES/.why"
		return 1
	else
		echo "$(cat "$SG_REPO/.git/sg-version") $(patchset_id)" > "$run/kernels/$SG_SERIES/.id"
		"$RUNFILE" row --header checkout branch="stable/$SG_SERIES" \
			commit="$(sg_git rev-parse -q --verify "stable/$SG_SERIES")" \
			config="$(for f in $SG_CONFIG; do basename "$f"; done | paste -sd+)" \
			compiler="$("$SG_COMPILER" --version 2>/dev/null | head -n 1)" > "$run/kernels/$SG_SERIES/.checkout"
	fi
}

# The series of this shard after $1, the first of them.
next_mine() {
	after=
	for n in "$@"; do
		if [ -z "$after" ]; then
			[ "$n" = "$series" ] && after=1
			continue
		fi
		is_mine "$n" && { echo "$n"; return; }
	done
}

for series in "$@"; do
	sg_load_series "$series"
	vs=$(sg_variants "$SG_SERIES")
	if ! is_mine "$SG_SERIES"; then
		unit=$((unit + $(echo $vs | wc -w)))
		continue
	fi
	branch_series
	rc=$?
	next=$(next_mine "$@")
	[ -z "$next" ] || prepare "$next" 19
	phase=base-build
	for v in $vs; do
		unit=$((unit + 1))
		rows="$run/rows/$(printf %03d "$unit")"
		: > "$rows"
		if [ $rc -eq 3 ]; then
			unit_row "$rows" "$v" SKIP - - "$(cat "$run/kernels/$SG_SERIES/.skip")"
		elif [ $rc -ne 0 ]; then
			unit_row "$rows" "$v" ERROR "$run/logs/$SG_SERIES.branch" - \
				"$(cat "$run/kernels/$SG_SERIES/.why")"
		else
			run_variant "$unit" "$v" "$rows" "$phase"
			phase=build
		fi
	done
	[ $rc -ne 0 ] || sg_git checkout -q -f "stable/$SG_SERIES"
done
# A kernel a pair of this shard needs, built (no guest) if the shard's own
# variants did not include it.
need_kernel() {
	[ -f "$run/kernels/$1/$2" ] || [ -f "$run/kernels/$1/.skip" ] || [ -f "$run/kernels/$1/.why" ] &&
		return 0
	sg_load_series "$1"
	[ -f "$run/kernels/$1/.id" ] || branch_series || return 0
	nk_began=$(sg_now)
	nk_out=$(build_variant "$2") || sg_say "$1/$2, for a cross-era pair: $nk_out"
	sg_phase pair-build "$1" "$2" "$nk_began"
	sg_git checkout -q -f "stable/$1"
}

"$SG_ROOT/prove/cross.sh" --needs "$run" "$total" "$@" |
while read -r s v; do need_kernel "$s" "$v"; done
# The pairs beside the last guests, in the same slots.
"$SG_ROOT/prove/cross.sh" "$run" "$initrd" "$total" "$@"
wait
began=$(sg_now)
"$SG_CACHE/bin/report" --join "$run" || exit 1
sg_phase report - - "$began"
"$RUNFILE" row phases phase=matrix series=- what="$shard" start="$run_start" end="$(sg_now)" \
	>> "$SG_PHASES"
