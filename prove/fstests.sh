#!/bin/sh
# fstests.sh RUN_DIR SERIES [VARIANT...]
# (the guest booted and judged by prove/guest.sh root=IMAGE)
# fstests on a series' kernels: for each VARIANT (default: the series'
# first variant with the fixes and no mutant) the kernel make matrix kept
# ($SG_CACHE/build/S/images/V/bzImage; KERNEL= names another for a single
# variant; SG_RUN_KERNELS=DIR, a job's RUN/kernels/S, the kernels that
# job built, and no other) boots the fstests guest (fstests-boot.sh) with TESTS (default:
# prove/fstests/data-integrity).  The run's plan (RUN_DIR/plan, written
# first by fsbaseline from the series' baseline, backports/S/fstests.expunge)
# has a row per test and variant: expected PASS, or FAIL for a known
# failure of that era; a test the baseline leaves out is SKIP with its
# reason.  Each variant's boot is a unit (rows/NNN, as the matrix's); the
# join (report --join) makes results.tsv of plan and verdicts.  Every test
# is SKIP when FSTESTS (the user's fstests checkout) is not set.  The root
# image comes from fstests-image.sh.  Exit status: report's (0 green, 1
# not, 2 bad input).
# SG_FSTESTS_IMAGE_CMD and SG_FSTESTS_BOOT_CMD take the place of
# fstests-image.sh and fstests-boot.sh (same arguments): make check's
# stand-in fstests tree runs without Debian's packages or a kernel.
set -u	# not -e: a failed boot is rows of ERROR, and the run goes on
. "$(dirname "$0")/../lib/sg.sh"

run=$1 series=$2
shift 2
image="$SG_CACHE/fstests/root.img"
mkdir -p "$run/logs" "$run/rows"
sg_mark_run "$run" fstests "$series"
# Where its seconds go (make bench PHASE=gate reads it, as the matrix's).
SG_PHASES="$run/phases.tsv"
export SG_PHASES
"$RUNFILE" header phases > "$SG_PHASES" || exit 2
[ -n "$SG_SEED" ] || SG_SEED=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
export SG_SEED
echo "$SG_SEED" > "$run/seed"
"$RUNFILE" row --header policy strict="$SG_STRICT" seed="$SG_SEED" tries=1 shard=1/1 \
	> "$run/policy" || exit 2
sg_load_series "$series"
patchset=$(patchset_id)

# The variant a maintainer ships: the fixes, no mutant.
shipped() {
	for v in $(sg_variants "$SG_SERIES"); do
		sg_load_variant "$v"
		[ "$SG_V_FIXES" = true ] && [ -z "$SG_V_REGRESS" ] && { echo "$v"; return; }
	done
}
[ $# -gt 0 ] || set -- $(shipped)
[ $# -gt 0 ] || sg_die "fstests: $SG_SERIES has no variant with the fixes and no mutant: name one (VARIANT=)"
[ -z "${KERNEL:-}" ] || [ $# -eq 1 ] || sg_die "fstests: KERNEL= names one kernel: name one variant"
tests=$(sg_fstests_list)
baseline="$SG_CONF_DIR/backports/$SG_SERIES/fstests.expunge"
[ -f "$baseline" ] || baseline=-

# unit_row STATUS LOG VERDICTS REASON: what became of variant $v's boot
# (rows/NNN, a run file of kind boots), for the join.
unit_row() {
	ur_image=-
	[ "$1" != booted ] || ur_image=$(sg_image_sum "$bz")
	"$RUNFILE" row --header boots series="$SG_SERIES" variant="$v" status="$1" \
		kernel="$kernel" patchset="$patchset" log="$2" verdicts="$3" reason="$4" \
		image="$ur_image" > "$run/rows/$(printf %03d "$unit")"
}

# The kernel version a bzImage says it is.
bzimage_version() {
	file -b "$1" 2>/dev/null | sed -n 's/.*, version \([^ ]*\) .*/\1/p'
}

made=
if [ -n "${FSTESTS:-}" ]; then
	${SG_FSTESTS_IMAGE_CMD:-"$SG_ROOT/prove/fstests-image.sh"} "$FSTESTS" "$image" \
		2>"$run/logs/fstests-image.log" && made=1
	cat "$run/logs/fstests-image.log" >&2
fi
# The plan, every variant's tests, written before anything boots.
# shellcheck disable=SC2086
"$SG_CACHE/bin/fsbaseline" "$baseline" "$SG_SERIES" "$(echo "$@" | tr ' ' ,)" $tests > "$run/plan" ||
	exit 2
unit=0
for v in "$@"; do
	unit=$((unit + 1))
	bz=${KERNEL:-$SG_CACHE/build/$SG_SERIES/images/$v/bzImage}
	# A job's own kernels (SG_RUN_KERNELS, its kernels/S folder): the one
	# it built of this variant, or none: never another run's image.
	if [ -z "${KERNEL:-}" ] && [ -n "${SG_RUN_KERNELS:-}" ]; then
		bz=$(cat "$SG_RUN_KERNELS/$v" 2>/dev/null) || {
			kernel=-
			unit_row ERROR - - "no kernel: this run did not build $v$(sed -n 1p "$SG_RUN_KERNELS/.$v.why" 2>/dev/null | sed 's/^/ (/; s/$/)/')"
			continue
		}
	fi
	kernel=$(bzimage_version "$bz")
	[ -f "$bz" ] && : "${kernel:=unknown}"
	: "${kernel:=-}"
	if [ -z "${FSTESTS:-}" ]; then
		unit_row SKIP - - "FSTESTS not set: make fstests FSTESTS=<your fstests checkout> runs it"
		continue
	fi
	if [ -z "$made" ]; then
		unit_row ERROR "$run/logs/fstests-image.log" - \
			"no fstests root image: $(tail -n 3 "$run/logs/fstests-image.log" | tr '\n' ' ')"
		continue
	fi
	if [ ! -f "$bz" ]; then
		unit_row ERROR - - "no kernel $bz: make matrix SERIES=$SG_SERIES builds it (or KERNEL=<bzImage>)"
		continue
	fi
	log="$run/logs/$SG_SERIES-$v.log"
	torun=$("$RUNFILE" list --where variant="$v" --where run=yes "$run/plan" check)
	if [ -z "$torun" ]; then
		unit_row booted - - -
		continue
	fi
	sg_say "fstests: $SG_SERIES/$v ($kernel): $(echo $torun | wc -w) tests, log $log"
	start=$(date +%s) t0=$(sg_now)
	"$SG_ROOT/prove/guest.sh" "$bz" - "$log" "$(echo $torun | tr ' ' ,)" root="$image" seed="$SG_SEED"
	sg_phase guest "$SG_SERIES" "$v fstests" "$t0"
	eval "$("$RUNFILE" get --prefix g_ "$log.outcome" status)"
	sg_say "fstests: $SG_SERIES/$v: guest finished in $(( $(date +%s) - start ))s (qemu status $g_status)"
	unit_row booted "$log" "$log.verdicts" -
done
"$SG_CACHE/bin/report" --join "$run" || exit 2
echo "run: $run"
"$SG_CACHE/bin/report" "$run"
