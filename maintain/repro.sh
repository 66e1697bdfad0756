#!/bin/sh
# repro.sh RUN_DIR SERIES/VARIANT/CHECK [OUT]
# A failing row of a run, as a folder that leaves the project: the
# bzImage, the initramfs, the kernel .config, the patches and commit ids,
# the seed, and run.sh, which boots it with the run's exact QEMU command
# line and prints the check's result line (and whether it is the run's).
# run.sh needs sh and qemu-system-x86_64, nothing of stableguard.
#
# RUN_DIR is a matrix run (results.tsv: VARIANT is the variant) or a
# bisection (steps.tsv: VARIANT is the step's commit, 12 hex digits).  OUT
# defaults to RUN_DIR/repro/SERIES-VARIANT-CHECK; its path is printed.
set -u
. "$(dirname "$0")/../lib/sg.sh"

[ $# -ge 2 ] || sg_die "usage: repro.sh RUN_DIR SERIES/VARIANT/CHECK [OUT]"
run=$1 row=$2
series=${row%%/*} rest=${row#*/}
variant=${rest%%/*} check=${rest#*/}
asked=$variant
[ -n "$series" ] && [ -n "$variant" ] && [ -n "$check" ] && [ "$check" != "$rest" ] ||
	sg_die "ROW=$row: want SERIES/VARIANT/CHECK, e.g. 6.1/regress-raid0-split/raid0-map"
out=${3:-$run/repro/$series-$variant-$check}
[ -d "$run" ] || sg_die "RUN=$run: no such run folder"

# from_bisection: log kernel config seed for the first failing try of
# the step whose commit is $variant.
from_bisection() {
	steps="$run/steps.tsv"
	# A step that reused an identical bzImage: the step that booted it.
	s_build=
	eval "$("$RUNFILE" get --first --prefix s_ --where commit="$variant" --where build^="reused " \
		"$steps" build)"
	booted=${s_build#reused }
	[ -z "$booted" ] || { sg_say "$variant reused the bzImage of $booted: that boot is the one"; variant=$booted; }
	same_as=${booted:+ (its bzImage is byte for byte that of $booted, which was booted)}
	s_step=
	eval "$("$RUNFILE" get --first --prefix s_ --where commit="$variant" --where tries*=FAIL@ \
		"$steps" step tries)"
	[ -n "$s_step" ] || sg_die "ROW=$row: no step of $steps booted $variant and failed (a reused or passing step has nothing to reproduce)"
	k=$(echo "$s_tries" | tr , '\n' | grep -n '^FAIL@' | head -n 1 | cut -d: -f1)
	log="$run/logs/$s_step-$variant-$k.log"
	kernel="$run/kernels/$variant/bzImage" config="$run/kernels/$variant/config"
	seed=$(echo "$s_tries" | tr , '\n' | sed -n "${k}s/.*@//p")
}

from_matrix() {
	[ -f "$run/results.tsv" ] || sg_die "RUN=$run: neither results.tsv nor steps.tsv"
	r_observed= r_image=-
	eval "$("$RUNFILE" get --first --prefix r_ --where series="$series" --where variant="$variant" \
		--where check="$check" "$run/results.tsv" observed log image 2>/dev/null ||
		"$RUNFILE" get --first --prefix r_ --where series="$series" --where variant="$variant" \
		--where check="$check" "$run/results.tsv" observed log)"
	[ -n "$r_observed" ] || sg_die "ROW=$row: no such row in $run/results.tsv"
	[ "$r_observed" = FAIL ] || sg_die "ROW=$row is $r_observed, not a FAIL: nothing to reproduce"
	log=$r_log
	kernel=$(cat "$run/kernels/$series/$variant" 2>/dev/null) ||
		sg_die "$run/kernels/$series/$variant: the run kept no bzImage path"
	case $kernel in
	*/arch/x86/boot/bzImage) config=${kernel%/arch/x86/boot/bzImage}/.config ;;	# a run of a build folder per variant
	*) config=${kernel%/*}/config ;;	# build/S/images/V: bzImage and config kept
	esac
	seed=$(cat "$run/seed")
	# The row names the bzImage it booted: that one, or none.
	if [ "$r_image" != - ] && [ -f "$kernel" ]; then
		[ "$(sha256sum < "$kernel" | cut -c1-64)" = "$r_image" ] ||
			sg_die "$kernel is not the kernel the run booted (sha256 $r_image): built again since; run the row again"
	elif [ "$kernel" -nt "$run/results.tsv" ]; then
		sg_say "warning: $kernel was built again after this run; the folder has today's build"
	fi
}

if [ -f "$run/steps.tsv" ]; then from_bisection; else from_matrix; fi
[ -f "$log.argv" ] || sg_die "$log.argv: no QEMU command line kept for this boot (a run before boot.sh kept them)"
for f in "$kernel" "$config"; do
	[ -f "$f" ] || sg_die "$f: gone from the cache; run the row again"
done
# The check's own result line, as logread found it in the log.
v_line=
eval "$("$RUNFILE" get --first --prefix v_ --where check="$check" --where observed=FAIL \
	"$log.verdicts" line 2>/dev/null)"
[ -n "$v_line" ] && [ "$v_line" != - ] || sg_die "$log.verdicts: no FAIL of $check (a run before guest.sh judged its boots?)"
failing=$v_line
initrd=$(awk 'prev == "-initrd" { print; exit } { prev = $0 }' "$log.argv")

rm -rf "$out"
mkdir -p "$out/patches"
cp "$kernel" "$out/bzImage"
sha256sum < "$out/bzImage" | cut -c1-64 > "$out/bzImage.sha256"
# Its own name: an older run's image is gzip'd (initramfs.gz).
image=$(basename "$initrd")
cp "$initrd" "$out/$image"
cp "$config" "$out/config"
cp "$log" "$out/console-of-the-run.log"
echo "$seed" > "$out/seed"
echo "$failing" > "$out/expected"
# run.sh finds the result line by the words it starts with (kind, check).
echo "$failing" | cut -d' ' -f1-2 > "$out/expected-kind"
# A run that wrote its own facts (every matrix run, a gate) is read by
# them: a gate's variants are its own.
if [ -f "$run/variants" ] && [ -f "$run/series" ]; then
	SG_FACTS_DIR=$run
	export SG_FACTS_DIR
fi
sg_load_series "$series"

# What the kernel was: the patch files, in order, and the commits.
{
	echo "# $row from $run"
	if [ -f "$run/steps.tsv" ]; then
		sed -n 's/^source\t/history: /p; s/^good\t/good: /p' "$run/answer" 2>/dev/null
		eval "$("$RUNFILE" get --first --prefix a_ --where commit="$asked" "$run/steps.tsv" commit subject)"
		echo "commit: $a_commit $a_subject${same_as:-}"
		echo "plus build-compat:"
		sg_series_files "$SG_COMPAT"
	else
		sg_load_variant "$variant"
		echo "build-compat, then fixes ($SG_V_FIXES), then mutants, in order:"
		sg_series_files "$SG_COMPAT"
		[ "$SG_V_FIXES" = true ] && sg_series_files "$SG_PATCHES"
		for r in $SG_V_REGRESS; do
			case $r in /*) echo "$r" ;; *) echo "$SG_CONF_DIR/$r" ;; esac
		done
		echo "commits of $(sg_variant_branch "$variant") after pristine/$series:"
		git -C "$SG_REPO" log --reverse --format='%H %s' "pristine/$series..$(sg_variant_branch "$variant")" 2>/dev/null
	fi
} > "$out/patches.txt"
grep '\.patch$' "$out/patches.txt" | while read -r p; do cp "$p" "$out/patches/"; done

# run.sh: the run's arguments, but the files are the folder's.
prev=
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
{
	cat <<EOF
#!/bin/sh
# $row, as stableguard ran it (seed $seed): boots bzImage with
# $image and prints the check's result line.  Needs only sh and
# qemu-system-x86_64 (QEMU=... for another; ACCEL=kvm to go faster).
cd "\$(dirname "\$0")" || exit 2
: > console.log
EOF
	printf '%s' '"${QEMU:-qemu-system-x86_64}"'
	tail -n +2 "$log.argv" | while IFS= read -r a; do
		case $prev in
		-kernel) printf ' bzImage' ;;
		-initrd) printf ' %s' "$(q "$image")" ;;
		-serial) printf ' file:console.log' ;;
		*)	case $a in
			pc,accel=*) printf ' "pc,accel=${ACCEL:-%s}"' "${a#pc,accel=}" ;;
			*) printf ' %s' "$(q "$a")" ;;
			esac ;;
		esac
		prev=$a
	done
	cat <<'EOF'
 </dev/null
echo "qemu exited $?"
got=$(tr -d '\r' < console.log | grep -F "$(cat expected-kind) ")
echo "$got"
if echo "$got" | grep -qxF "$(cat expected)"; then
	echo "same failing line as in the run"
else
	echo "not the run's line, which was: $(cat expected)"
	exit 1
fi
EOF
} > "$out/run.sh"
chmod +x "$out/run.sh"
echo "$out"
