#!/bin/sh
# matrix.sh RUN_DIR INITRD [SERIES...]
# For each series (all in branches.yaml by default): make its branches,
# build every variant, boot each in QEMU with the checks, and write one
# row per check to RUN_DIR/results.tsv (the schema: report/results.h).
# A series whose tree is missing is reported as SKIP; a failed build or
# boot makes that variant's checks ERROR, and the matrix goes on.  Then
# the cross-era pairs among these series (cross.sh), from the kernels
# listed in RUN_DIR/kernels/SERIES/VARIANT.  Rows collect in
# results.tsv.part, renamed when the run is complete: an interrupted run
# leaves no results.tsv to be taken for one.
# The report is rendered by `report`.
set -u
. "$(dirname "$0")/lib.sh"

run=$1 initrd=$2
shift 2
results="$run/results.tsv.part"
mkdir -p "$run/logs"
"$SG_CACHE/bin/report" --header > "$results" || exit 1
: "${SG_SEED:=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
: "${SG_BOOT_TIMEOUT:=300}"
echo "$SG_SEED" > "$run/seed"
trap 'exit 130' INT TERM HUP
checks=$("$SGCONF" "$BRANCHES" checks) || exit 1
[ $# -gt 0 ] || set -- $("$SGCONF" "$BRANCHES" series)

# row VARIANT CHECK OBSERVED SECS COMPLAINT LOG REASON
row() {
	exp=$("$SGCONF" "$BRANCHES" expect "$SG_SERIES" "$1" "$2" 2>/dev/null || echo '?')
	sg_row "$results" "$SG_SERIES" "$1" "$2" "$exp" "$3" "$4" "$kernel" \
		"$patchset" "$5" "$6" "$7"
}

# every_check VARIANT OBSERVED LOG REASON
every_check() {
	for c in $checks; do row "$1" "$c" "$2" 0 - "$3" "$4"; done
}

every_variant() {
	for v in $("$SGCONF" "$BRANCHES" variants "$SG_SERIES"); do
		every_check "$v" "$@"
	done
}

boot_variant() {
	v=$1 image=$2
	log="$run/logs/$SG_SERIES-$v.log"
	sg_pick_accel "$image" "$kernel"
	start=$(date +%s)
	"$SG_ROOT/vm-images/boot.sh" "$image" "$initrd" "$log" "$SG_BOOT_TIMEOUT" \
		"sg_checks=$(echo $checks | tr ' ' ,) sg_seed=$SG_SEED sg_layouts=$SG_LAYOUTS sg_chunks=$SG_CHUNKS" \
		>"$log.qemu" 2>&1
	status=$?
	sg_say "$SG_SERIES/$v: guest finished in $(( $(date +%s) - start ))s (qemu status $status)"
	"$SG_CACHE/bin/logread" "$log" "$status" $checks |
	while IFS="$(printf '\t')" read -r c obs secs said reason; do
		if [ "$obs" = ERROR ]; then
			reason="$reason | log tail: $(grep -v '^SG-INFO' "$log" | tail -n 8 | tr '\n' ' ')"
		fi
		row "$v" "$c" "$obs" "$secs" "$said" "$log" "$reason"
	done
}

run_variant() {
	v=$1
	sg_git checkout -q -f "$(sg_variant_branch "$v")" || {
		every_check "$v" ERROR - "cannot check out $(sg_variant_branch "$v")"
		return
	}
	build="$SG_CACHE/build/$SG_SERIES/$v"
	start=$(date +%s)
	if ! image=$("$SG_ROOT/build-matrix/build-kernel.sh" "$SG_REPO" "$build" \
		"$(sg_config_fragments)" "$SG_COMPILER" 2>"$run/logs/$SG_SERIES-$v.build"); then
		every_check "$v" ERROR "$build/make.log" \
			"build failed: $(tail -n 5 "$run/logs/$SG_SERIES-$v.build" | tr '\n' ' ')"
		return
	fi
	sg_say "$SG_SERIES/$v: built in $(( $(date +%s) - start ))s"
	echo "$image" > "$run/kernels/$SG_SERIES/$v"
	boot_variant "$v" "$image"
}

for series in "$@"; do
	sg_load_series "$series"
	kernel= patchset=$(patchset_id)
	mkdir -p "$run/kernels/$SG_SERIES"
	"$SG_ROOT/build-matrix/branch.sh" "$SG_SERIES" 2>"$run/logs/$SG_SERIES.branch"
	rc=$?
	cat "$run/logs/$SG_SERIES.branch" >&2
	if [ $rc -eq 3 ]; then
		grep '^SKIP' "$run/logs/$SG_SERIES.branch" | head -n 1 > "$run/kernels/$SG_SERIES/.skip"
		every_variant SKIP - "$(cat "$run/kernels/$SG_SERIES/.skip")"
		continue
	elif [ $rc -ne 0 ]; then
		every_variant ERROR "$run/logs/$SG_SERIES.branch" \
			"branch failed: $(tail -n 3 "$run/logs/$SG_SERIES.branch" | tr '\n' ' ')"
		continue
	fi
	kernel=$(cat "$SG_REPO/.git/sg-version")
	echo "$kernel $patchset" > "$run/kernels/$SG_SERIES/.id"
	for v in $("$SGCONF" "$BRANCHES" variants "$SG_SERIES"); do
		run_variant "$v"
	done
	sg_git checkout -q -f "stable/$SG_SERIES"
done
"$SG_ROOT/build-matrix/cross.sh" "$run" "$initrd" "$@"
mv "$results" "$run/results.tsv"
