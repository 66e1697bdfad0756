#!/bin/sh
# fstests.sh RUN_DIR SERIES [VARIANT...]
# (the guest booted and judged by prove/guest.sh root=IMAGE)
# fstests on a series' kernels: for each VARIANT (default: the series'
# first variant with the fixes and no mutant) the kernel make matrix kept
# ($SG_CACHE/build/S/images/V/bzImage; KERNEL= names another for a single
# variant) boots the fstests guest (fstests-boot.sh) with TESTS (default:
# prove/fstests/data-integrity), and each test becomes a row of
# RUN_DIR/results.tsv, judged against the series' baseline,
# backports/S/fstests.expunge (fsbaseline): expected PASS, or FAIL for a
# known failure of that era; a test the baseline leaves out is SKIP with
# its reason, as is every test when FSTESTS (the user's fstests checkout)
# is not set.  The root image comes from fstests-image.sh.  Exit status:
# report's (0 green, 1 not, 2 bad input).
# SG_FSTESTS_IMAGE_CMD and SG_FSTESTS_BOOT_CMD take the place of
# fstests-image.sh and fstests-boot.sh (same arguments): make check's
# stand-in fstests tree runs without Debian's packages or a kernel.
set -u	# not -e: a failed boot is rows of ERROR, and the run goes on
. "$(dirname "$0")/../lib/sg.sh"

run=$1 series=$2
shift 2
image="$SG_CACHE/fstests/root.img"
results="$run/results.tsv.part"
mkdir -p "$run/logs"
"$SG_CACHE/bin/report" --header > "$results" || exit 2
: "${SG_SEED:=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
export SG_SEED
echo "$SG_SEED" > "$run/seed"
sg_load_series "$series"
patchset=$(patchset_id)

# The variant a maintainer ships: the fixes, no mutant.
shipped() {
	for v in $("$SGCONF" "$BRANCHES" variants "$SG_SERIES"); do
		sg_load_variant "$v"
		[ "$SG_V_FIXES" = true ] && [ -z "$SG_V_REGRESS" ] && { echo "$v"; return; }
	done
}
[ $# -gt 0 ] || set -- $(shipped)
[ $# -gt 0 ] || sg_die "fstests: $SG_SERIES has no variant with the fixes and no mutant: name one (VARIANT=)"
[ -z "${KERNEL:-}" ] || [ $# -eq 1 ] || sg_die "fstests: KERNEL= names one kernel: name one variant"
tests=${TESTS:-$(sed -e 's/#.*//' "$SG_ROOT/prove/fstests/data-integrity")}
baseline="$SG_CONF_DIR/backports/$SG_SERIES/fstests.expunge"
[ -f "$baseline" ] || baseline=-

# Rows with no boot: every test of the plan OBSERVED with REASON.
rows_without_boot() {
	sg_tsv_rows p_ test expected reason < "$plan" | while read -r line; do
		eval "$line"
		sg_row "$results" series="$SG_SERIES" variant="$v" check="$p_test" \
			expected="$p_expected" observed="$1" seconds=0 kernel="$kernel" \
			patchset="$patchset" seed="$SG_SEED" complaint=- log=- reason="$2"
	done
}

# Rows from the guest's log: logread's verdict on each test it ran, SKIP
# with the baseline's reason for each test it left out.
rows_from_log() {
	sg_tsv_rows p_ test expected run reason < "$plan" | while read -r line; do
		eval "$line"
		if [ "$p_run" = no ]; then
			lr_observed=SKIP lr_secs=0 lr_complaint=- lr_reason="left out by the baseline: $p_reason"
		else
			sg_verdict "$log" "$p_test"
			[ "$p_reason" = - ] || lr_reason="$lr_reason (baseline: $p_reason)"
		fi
		sg_row "$results" series="$SG_SERIES" variant="$v" check="$p_test" \
			expected="$p_expected" observed="$lr_observed" seconds="$lr_secs" \
			kernel="$kernel" patchset="$patchset" seed="$SG_SEED" \
			complaint="$lr_complaint" log="$log" reason="$lr_reason"
	done
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
for v in "$@"; do
	plan="$run/$SG_SERIES-$v.plan"
	# shellcheck disable=SC2086
	"$SG_CACHE/bin/fsbaseline" "$baseline" "$v" $tests > "$plan" || exit 2
	bz=${KERNEL:-$SG_CACHE/build/$SG_SERIES/images/$v/bzImage}
	kernel=$(bzimage_version "$bz")
	[ -f "$bz" ] && : "${kernel:=unknown}"
	: "${kernel:=-}"
	if [ -z "${FSTESTS:-}" ]; then
		rows_without_boot SKIP "FSTESTS not set: make fstests FSTESTS=<your fstests checkout> runs it"
		continue
	fi
	if [ -z "$made" ]; then
		rows_without_boot ERROR "no fstests root image: $(tail -n 3 "$run/logs/fstests-image.log" | tr '\n' ' ')"
		continue
	fi
	if [ ! -f "$bz" ]; then
		rows_without_boot ERROR "no kernel $bz: make matrix SERIES=$SG_SERIES builds it (or KERNEL=<bzImage>)"
		continue
	fi
	log="$run/logs/$SG_SERIES-$v.log"
	torun=$(sg_tsv_rows p_ test run < "$plan" | while read -r line; do
		eval "$line"
		[ "$p_run" = no ] || echo "$p_test"
	done)
	if [ -z "$torun" ]; then
		rows_from_log
		continue
	fi
	sg_say "fstests: $SG_SERIES/$v ($kernel): $(echo $torun | wc -w) tests, log $log"
	start=$(date +%s)
	"$SG_ROOT/prove/guest.sh" "$bz" - "$log" "$(echo $torun | tr ' ' ,)" root="$image" seed="$SG_SEED"
	eval "$("$RUNFILE" get --prefix g_ "$log.outcome" status)"
	sg_say "fstests: $SG_SERIES/$v: guest finished in $(( $(date +%s) - start ))s (qemu status $g_status)"
	rows_from_log
done
mv "$results" "$run/results.tsv"
echo "run: $run"
"$SG_CACHE/bin/report" "$run"
