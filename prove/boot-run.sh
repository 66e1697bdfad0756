#!/bin/sh
# boot-run.sh DIR INITRD KERNELS SEED CHUNKS
# A gate's sub-run booted (a try, a narrowing chunk, the narrowed gate, a
# proof's next try): report --gate planned DIR (its series' facts, its
# variants and its plan); each variant of the plan boots the kernel
# KERNELS/VARIANT names (one the gate built: a sub-run builds nothing,
# checks nothing out), with its checks of the plan, the seed SEED and
# the guest's chunks CHUNKS (guest.sh), the guests side by side when the
# machine holds two; what became of each in DIR/rows/NNN (kind boots),
# then the join (report --join: DIR/results.tsv).  A variant no kernel
# names is ERROR, said.  Few processes: a try is a guest, not a matrix
# run (tests/t/122-gate-sub-run-boots-in-few-processes.sh counts them).
set -u	# not -e: a guest that dies is a row
. "${0%/*}/../lib/sg.sh"

[ $# = 5 ] || sg_die "usage: boot-run.sh DIR INITRD KERNELS SEED CHUNKS"
run=$1 initrd=$2 kernels=$3 seed=$4 chunks=$5
mkdir -p "$run/logs" "$run/rows" || exit 2
echo "$seed" > "$run/seed"
"$RUNFILE" row --header policy strict="$SG_STRICT" seed="$seed" tries=1 shard=1/1 \
	> "$run/policy" || exit 2
eval "$("$RUNFILE" get --first --prefix br_ "$run/series" series layouts)" || exit 2
"$RUNFILE" list "$run/plan" variant check > "$run/plan.list" || exit 2
# Each guest's seconds for make bench PHASE=gate, as a matrix run keeps them.
SG_PHASES="$run/phases.tsv"
"$RUNFILE" header phases > "$SG_PHASES" || exit 2

# boot UNIT VARIANT CHECKS: its guest, and its row.
boot() {
	bt_rows="$run/rows/$(printf %03d "$1")"
	bt_log="$run/logs/$br_series-$2.log"
	bt_kernel= bt_version=-
	[ ! -f "$kernels/$2" ] || read -r bt_kernel < "$kernels/$2"
	[ ! -f "$kernels/.id" ] || read -r bt_version _ < "$kernels/.id"
	[ ! -s "$kernels/.$2.kernel" ] || read -r bt_version < "$kernels/.$2.kernel"
	if [ -z "$bt_kernel" ] || [ ! -f "$bt_kernel" ]; then
		sg_boots_row "$kernels" "$br_series" "$2" ERROR - - \
			"no kernel: the gate built no $2 ($kernels/$2)" > "$bt_rows"
		return
	fi
	sg_pick_accel "$bt_kernel" "$bt_version"
	bt_began=$(sg_now)
	"$SG_ROOT/prove/guest.sh" "$bt_kernel" "$initrd" "$bt_log" "$3" seed="$seed" \
		layouts="$br_layouts" chunks="$chunks"
	sg_phase guest "$br_series" "$2" "$bt_began"
	sg_boots_row "$kernels" "$br_series" "$2" booted "$bt_log" "$bt_log.verdicts" - > "$bt_rows"
}

# The plan's variants in order, each with its checks.
variants=
while read -r v c; do
	case " $variants " in *" $v "*) ;; *) variants="$variants $v" ;; esac
done < "$run/plan.list"
unit=0 pids= slots=$(sg_guest_slots)
for v in $variants; do
	unit=$((unit + 1))
	checks=
	while read -r pv c; do
		[ "$pv" != "$v" ] || checks="$checks${checks:+,}$c"
	done < "$run/plan.list"
	if [ "$slots" -gt 1 ]; then
		boot "$unit" "$v" "$checks" &
		pids="$pids $!"
	else
		boot "$unit" "$v" "$checks"
	fi
done
# shellcheck disable=SC2086
[ -z "$pids" ] || wait $pids
"$SG_CACHE/bin/report" --join "$run"
