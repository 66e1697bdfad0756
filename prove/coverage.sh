#!/bin/sh
# coverage.sh RUN_DIR INITRD SERIES VARIANT
# Which of a gate's queue's changed lines its checks executed: the gate's
# candidate (VARIANT) built again with gcov for the C files the queue
# touches (RUN/touched.files: GCOV_PROFILE_<object>=y on make's command
# line, nothing else), in the series' coverage build folder (build/S/gcov:
# the series' config and prove/kconfig/gcov.config; its first build is a
# whole one, the next ones rebuild what changed), booted once with the
# gate's checks and sg_gcov=1: the guest prints each check's counters
# (SG-GCDA lines, vm-images/init), gcov reads them beside the build's
# notes files (RUN/coverage/gcov/<check>/*.gcov), and covmap maps them
# to the patches' lines (git blame of the candidate): RUN/coverage.tsv.
# Exit 0 with RUN/coverage.tsv; else 1 and why on stderr (the gate goes
# on without coverage, and says so).
set -u
. "$(dirname "$0")/../lib/sg.sh"

[ $# -eq 4 ] || sg_die "usage: coverage.sh RUN_DIR INITRD SERIES VARIANT"
run=$1 initrd=$2 variant=$4
sg_load_series "$3"
cov="$run/coverage"
build="$SG_CACHE/build/$SG_SERIES/gcov"
gcov_tool=$(echo "$SG_COMPILER" | sed 's/gcc/gcov/')
rm -rf "$cov" && mkdir -p "$cov/gcda" "$cov/gcov" || exit 1
# Its seconds, for make bench PHASE=gate: a part of the gate of its own.
SG_PHASES="$cov/phases.tsv"
export SG_PHASES
"$RUNFILE" header phases > "$SG_PHASES" || exit 1
no() { echo "coverage: $*" >&2; exit 1; }

command -v "$gcov_tool" >/dev/null || no "$gcov_tool (the compiler's gcov) is not installed"
args=
for f in $(grep '\.c$' "$run/touched.files"); do
	b=${f##*/}
	args="$args GCOV_PROFILE_${b%.c}.o=y"
done
[ -n "$args" ] || no "the queue touches no C file"
sg_git checkout -q -f "$(sg_variant_branch "$variant")" || no "cannot check out $(sg_variant_branch "$variant")"
sg_say "coverage: $SG_SERIES/$variant built with gcov for$(echo "$args" | sed 's/ GCOV_PROFILE_\([^ ]*\)=y/ \1/g')"
began=$(date +%s)
BUILD_MAKE_ARGS=$args SG_PROGRESS="coverage build $SG_SERIES/$variant" "$SG_ROOT/prove/build-kernel.sh" \
	"$SG_REPO" "$build" "$(sg_config_fragments) $SG_ROOT/prove/kconfig/gcov.config" "$SG_COMPILER" \
	> "$cov/bzImage.path" 3>&2 2> "$cov/build.log" ||
	no "the coverage build failed: $("$SG_CACHE/bin/logread" --build "$build/make.log" 2>/dev/null)"
sg_phase build "$SG_SERIES" "$variant-gcov" "$began"
began=$(date +%s)
checks=$("$RUNFILE" list --where variant="$variant" "$run/plan" check | paste -sd, -)
"$SG_ROOT/prove/guest.sh" "$(cat "$cov/bzImage.path")" "$initrd" "$cov/guest.log" "$checks" \
	seed="$(cat "$run/seed")" layouts="$SG_LAYOUTS" chunks="$SG_CHUNKS" gcov=1
sg_phase guest "$SG_SERIES" "$variant-gcov" "$began"

# Each check's counter files, as the guest printed them.
"$SG_CACHE/bin/logread" --gcda "$cov/guest.log" "$cov/gcda" > "$cov/gcda.count" ||
	echo "coverage: some counters of $cov/guest.log do not decode" >&2
# The touched C files this kernel does not build (its config leaves them
# out): nothing of them ran, and covmap says so.
for f in $(grep '\.c$' "$run/touched.files"); do
	[ -f "$build/${f%.c}.o" ] || echo "$f"
done > "$cov/gcov/not-built"
# gcov of each touched C file, for each check: its notes (the build's
# .gcno) beside that check's counters.
for c in $(echo "$checks" | tr , ' '); do
	mkdir -p "$cov/gcov/$c"
	for f in $(grep '\.c$' "$run/touched.files"); do
		gcda=$(find "$cov/gcda/$c" -path "*/${f%.c}.gcda" 2>/dev/null | head -n 1)
		[ -n "$gcda" ] && [ -f "$build/${f%.c}.gcno" ] || continue
		tmp="$cov/tmp/$c/${f%/*}"
		mkdir -p "$tmp" && cp "$gcda" "$build/${f%.c}.gcno" "$tmp/"
		# From the build folder, where the compiler ran: the notes name
		# the source as it saw it.
		(cd "$build" && "$gcov_tool" -t -o "$tmp" "$SG_REPO/$f" 2>/dev/null) \
			> "$cov/gcov/$c/$(echo "$f" | tr / %).gcov" ||
			echo "coverage: $gcov_tool of $f under $c failed" >&2
	done
done
# The candidate's commit as this gate made it, not its branch's name: a
# later gate of a queue of the same name moves the branch.
"$SG_CACHE/bin/covmap" "$run" "$SG_REPO" "$(sg_git rev-parse "$(sg_variant_branch "$variant")")" "$cov/gcov" \
	> "$run/coverage.tsv" || no "covmap failed"
