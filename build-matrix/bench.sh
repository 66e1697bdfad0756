#!/bin/sh
# bench.sh [SERIES]
# Wall time of each phase of the matrix for one series (6.1 by default),
# printed as a table and kept in $SG_CACHE/bench/.  BENCH_COLD=1 adds a
# build with ccache off into an empty folder.  Timings live here and only
# here: no test depends on them.
set -eu
. "$(dirname "$0")/lib.sh"

series=${1:-6.1}
sg_load_series "$series"
out="$SG_CACHE/bench"
mkdir -p "$out"
report="$out/$(date +%Y%m%d-%H%M%S)-$series.md"
scratch=$(mktemp -d "$SG_CACHE/bench/run.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

row() { printf '| %s | %s s |\n' "$1" "$2" | tee -a "$report"; }
timed() {
	what=$1
	shift
	start=$(date +%s.%N)
	"$@" >"$scratch/log" 2>&1 || { tail -n 20 "$scratch/log" >&2; sg_die "bench: $what failed"; }
	row "$what" "$(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f')"
}

printf '# stableguard bench: %s on %s, %s cores\n\n| phase | wall |\n|---|---|\n' \
	"$series" "$(hostname)" "$(nproc)" > "$report"
cat "$report"
# The import is timed into a scratch cache: the real one stays as it is.
timed "import the pristine tree" env SG_CACHE="$scratch/cache" SGCONF="$SGCONF" \
	"$SG_ROOT/build-matrix/get-tree.sh" "$series"
timed "branches (git am)" "$SG_ROOT/build-matrix/branch.sh" "$series"
sg_git checkout -q -f "stable/$series"
build() {
	"$SG_ROOT/build-matrix/build-kernel.sh" "$SG_REPO" "$1" "$(sg_config_fragments)" "$SG_COMPILER"
}
if [ "${BENCH_COLD:-0}" = 1 ]; then
	timed "kernel build, ccache off, empty folder" env CCACHE_DISABLE=1 \
		"$SG_ROOT/build-matrix/build-kernel.sh" "$SG_REPO" "$scratch/cold" \
		"$(sg_config_fragments)" "$SG_COMPILER"
fi
timed "kernel build, ccache warm, empty folder" build "$scratch/warm"
timed "kernel rebuild, nothing changed" build "$scratch/warm"
timed "initramfs" "$SG_ROOT/vm-images/mkinitramfs.sh" "$scratch/initrd.gz" "$SG_CACHE/image/checks"
timed "boot and all checks (TCG)" "$SG_ROOT/vm-images/boot.sh" "$scratch/warm/arch/x86/boot/bzImage" \
	"$scratch/initrd.gz" "$scratch/serial.log" "${SG_BOOT_TIMEOUT:-300}" \
	"sg_checks=$("$SGCONF" "$BRANCHES" checks | paste -sd, -) sg_seed=1 sg_layouts=$SG_LAYOUTS sg_chunks=$SG_CHUNKS"
grep '^SG-END' "$scratch/serial.log" | sed 's/^SG-END \([^ ]*\) rc=[0-9]* secs=\(.*\)/| check \1 (guest clock) | \2 s |/' | tee -a "$report"
echo "bench: $report" >&2
