#!/bin/sh
# bench.sh [SERIES]
# Timings, and only here: no test depends on them.  The report is a
# Markdown table in $SG_CACHE/bench/, also printed.
#
# One series (6.1 by default): the naive way beside ours, on this machine
# in one run.  Naive: x86_64_defconfig with base.config's md/ext4 options
# merged on, no ccache, one clean build per variant, then its guest.  Ours:
# the matrix (allnoconfig + fragments, ccache, a build folder per variant,
# guests in the pipeline), warm as a second run finds it.  A defconfig
# build takes a quarter of an hour on two cores, so the naive build is
# measured for the first variant and counted once per variant
# (BENCH_NAIVE=all builds every one); the report says which.
#
# PHASE=follow-ups: the follow-up scan (maintain/followups.c) over a
# synthetic mainline-sized history (BENCH_COMMITS, 1000000 by default, a
# tag every 10000, a Fixes: trailer in one commit of ten), made once with
# git fast-import and kept in $SG_CACHE/bench; no kernel needed.
#
# Then a bisection (make bisect) of a made-up history of the series (18
# commits, a mutant among them: tests/bisect-history.sh, the fixture the tests bisect too) beside the naive
# bisection: the same steps, each a clean defconfig build and a guest,
# nothing reused.  Its per-step build is the one measured above, so the
# naive figure is an estimate, and the report says so.
#
# Both ways of build folders (one per variant, one per series) with every
# variant built, to keep the faster (PHASE=layouts: that alone).
#
# FULL=1: the whole apt matrix from an empty cache (trees, ccache, build
# folders: a scratch SG_CACHE, deleted after), cold, then warm, then warm
# with every variant built through kbuild; each series' first variant
# built alone (empty ccache, nothing beside); each guest booted alone; and
# the targets of a 2-core machine, met or not.
#
# FULL=1 also prints where the cold run's wall seconds went, by phase and
# series (fetch, import, branch, base build, variant builds, guests not
# hidden behind a build, pairs, report: prove/phasetimes over the run's
# phases.tsv), each phase's share.  PHASE=cold-breakdown prints that
# table alone for a run folder that exists (RUN, default
# $SG_CACHE/runs/latest); no kernel needed.
#
# Both end with where each guest's seconds went (prove/guesttimes): kernel
# boot to init, init to the first check, each check's setup and the rest,
# by the guest clock, a row per series/variant of the (warm) run; FULL=1
# also for the guests booted alone.  PHASE=guests prints that table alone
# for a run folder that exists (RUN, default $SG_CACHE/runs/latest); no
# kernel needed.
#
# PHASE=verifiers: what the field's verifiers add to each guest: the fio
# checks' guest seconds and e2fsck's in the other checks (prove/guesttimes
# --verifiers), against the 5 s of issue 26.  Each kept bzImage of the
# series (make matrix built them) booted alone with every check; with RUN,
# that run folder's logs instead, no kernel booted.
#
# PHASE=host: what the host adds around the guests.  `make matrix
# SERIES=<series>` as a user types it, warm (every kernel kept: make
# matrix SERIES=<series> once before), guests one at a time (SG_GUESTS=1),
# so that its wall minus the sum of its guests' walls (phases.tsv) is the
# host's own seconds: make, the plan, branches, the kept-image checks,
# the join and the report; and the execs of sgconf, report and runfile.
#
# PHASE=corpus: every case of the corpus (branches.yaml's corpus:, real
# storage regressions that shipped in a stable release, replayed on the
# series' tree: make matrix SERIES= imports it first) gated both ways:
# the previous release is the series' pristine tree with the case's
# previous patch (a branch corpus/CASE/previous), the queue its bad
# change, the fixed queue the bad change and its fix, each a stable-queue
# folder made in the bench's scratch; then report --corpus's table (each
# case flagged or not, by which checks, the culprit named and verified,
# a false alarm on the fixed queue or not, seconds).  Exit 1 when a case
# is not all of that.
#
# PHASE=gate: where a gate's seconds went (RUN= its run folder, else the
# newest gate run; no kernel): each part of it (the first boots of both
# kernels, the narrowing's boots, the narrowed gate, each try of the rows
# that differed) with its builds' and guests' busy seconds, then the
# bisection's steps (built, reused, booted) and the gate's wall.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

series=${1:-6.1}
out="$SG_CACHE/bench"
mkdir -p "$out"
what=$series
[ "${FULL:-0}" = 1 ] && what=full-apt
[ -n "${PHASE:-}" ] && what=$series-$PHASE
[ "${PHASE:-}" != gate ] || what=gate
[ "${PHASE:-}" != corpus ] || what=corpus
report="$out/$(date +%Y%m%d-%H%M%S)-$what.md"
scratch=$(mktemp -d "$out/run.XXXXXX")
trap 'rm -rf "$scratch"; [ ! -d "${SG_REPO:-/nonexistent}" ] || git -C "$SG_REPO" worktree prune' EXIT
initrd="$SG_CACHE/image/initramfs.cpio"

say() { echo "$*" | tee -a "$report"; }
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc | xargs printf '%.0f'; }

# matrix RUN_DIR CACHE SERIES...: one matrix run; its wall time in secs=.
# The environment (SG_BUILD_FOLDERS, SG_REBUILD) reaches it.
matrix() {
	d=$1 c=$2
	shift 2
	t=$(now)
	SG_CACHE="$c" SGCONF="$SGCONF" "$SG_ROOT/prove/matrix.sh" "$d" "$initrd" "$@" \
		>"$d.log" 2>&1 || true
	secs=$(since "$t")
	[ -f "$d/results.tsv" ] || sg_die "bench: the matrix did not finish (log: $d.log)"
}

# phases CACHE SERIES: build and guest seconds per variant, from the
# figures the run just kept.
phases() {
	for v in $("$SGCONF" "$BRANCHES" variants "$2"); do
		say "| $2/$v: build, guest | $(figure "$1" "$2/$v.build") s, $(figure "$1" "$2/$v.guest") s |"
	done
}

figure() { cat "$1/timings/$2" 2>/dev/null || echo -; }

# builds CACHE SERIES: the build seconds of its variants, one a line.
builds() {
	for v in $("$SGCONF" "$BRANCHES" variants "$2"); do figure "$1" "$2/$v.build"; done
}

# Of the variants after the series' first (whose builds had a built
# folder to start from): the slowest build, from the figures just kept.
slowest_variant() {
	for s in $2; do builds "$1" "$s" | tail -n +2; done | sort -n | tail -n 1
}

after_first() { shift; echo "$@" | tr ' ' '\n' | awk '{ t += $1 } END { print t + 0 }'; }

# layouts: the series' variants built both ways, every variant built
# (SG_REBUILD=1), guests beside as in any matrix.  A folder per variant:
# its first build from a copy of one the run built, then a rebuild in
# its own folder.  One folder for the series: each variant an incremental
# rebuild of the folder the previous one left.  The faster is the default.
layouts() {
	for v in $variants; do rm -rf "$SG_CACHE/build/$series/$v"; done
	SG_BUILD_FOLDERS=variant SG_REBUILD=1 matrix "$scratch/per-variant-first" "$SG_CACHE" "$series"
	first=$secs first_b=$(builds "$SG_CACHE" "$series" | paste -sd' ')
	SG_BUILD_FOLDERS=variant SG_REBUILD=1 matrix "$scratch/per-variant-again" "$SG_CACHE" "$series"
	again=$secs again_b=$(builds "$SG_CACHE" "$series" | paste -sd' ')
	for v in $variants; do rm -rf "$SG_CACHE/build/$series/$v"; done
	SG_BUILD_FOLDERS=series SG_REBUILD=1 matrix "$scratch/one-folder" "$SG_CACHE" "$series"
	one=$secs one_b=$(builds "$SG_CACHE" "$series" | paste -sd' ')
	say ""
	say "## build folders: one per variant or one per series ($variants; every variant built, guests beside)"
	say ""
	say "| way | matrix wall | build s per variant |"
	say "|---|---|---|"
	say "| a folder per variant, its first build from a copy of a built one | $first s | $first_b |"
	say "| a folder per variant, rebuilt in its own folder | $again s | $again_b |"
	say "| one folder for the series, each variant an incremental rebuild (the default) | $one s | $one_b |"
	say ""
	f=$(after_first $first_b) a=$(after_first $again_b) o=$(after_first $one_b)
	say "builds of the variants after the first: $f s (folder per variant, first), $a s (its rebuild), $o s (one folder)"
	if [ "$o" -le "$f" ] && [ "$o" -le "$a" ]; then
		say "faster: one folder for the series: the default, kept"
	else
		say "faster: a folder per variant: make SG_BUILD_FOLDERS=variant the default"
	fi
}

# guest_seconds RUN_DIR CACHE: a row per serial log of the run, beside
# the guest's wall seconds as the run kept them in CACHE/timings.
guest_seconds() {
	d=$1 c=$2
	set --
	for log in "$d"/logs/*.log; do
		[ -f "$log" ] || continue
		n=$(basename "$log" .log)	# SERIES-VARIANT
		set -- "$@" "$log" "$(cat "$c/timings/${n%%-*}/${n#*-}.guest" 2>/dev/null || echo -)"
	done
	say ""
	say "## Where a guest's seconds go"
	say ""
	[ $# -gt 0 ] || { say "no serial logs in $d/logs"; return 0; }
	say "Guest seconds by the guest clock (setup+run per check; - where a log has no mark); wall s as the run kept it, the guest beside the builds."
	say ""
	"$SG_CACHE/bin/guesttimes" --markdown "$@" > "$scratch/guesttimes" ||
		sg_die "bench: guesttimes could not read the logs of $d"
	tee -a "$report" < "$scratch/guesttimes"
}

naive_build() {	# naive_build VARIANT: seconds of a clean defconfig build
	v=$1 src="$scratch/tree-$v" b="$scratch/naive-$v"
	sg_git worktree add -q -f --detach "$src" "$(sg_variant_branch "$v")" >/dev/null 2>&1 ||
		sg_die "bench: cannot check out $(sg_variant_branch "$v")"
	t=$(now)
	make -s -C "$src" O="$b" CC="$SG_COMPILER" HOSTCC="$SG_COMPILER" x86_64_defconfig >/dev/null
	(cd "$b" && "$src/scripts/kconfig/merge_config.sh" -m -O "$b" "$b/.config" \
		$(sg_config_fragments)) >/dev/null 2>&1
	make -s -C "$src" O="$b" CC="$SG_COMPILER" HOSTCC="$SG_COMPILER" olddefconfig >/dev/null
	make -s -C "$src" O="$b" CC="$SG_COMPILER" HOSTCC="$SG_COMPILER" -j"$(nproc)" bzImage \
		>"$b.log" 2>&1 || sg_die "bench: naive build of $v failed (log: $b.log)"
	since "$t"
}

# guest_alone KERNEL LOG: seconds of one guest with the series' checks
# and arrays (sg_load_series first), nothing else asked of the machine.
guest_alone() {
	t=$(now)
	"$SG_ROOT/prove/guest.sh" "$1" "$initrd" "$2" "$("$SGCONF" "$BRANCHES" checks | paste -sd, -)" \
		seed=1 layouts="$SG_LAYOUTS" chunks="$SG_CHUNKS"
	since "$t"
}

naive_guest() {
	guest_alone "$scratch/naive-$1/arch/x86/boot/bzImage" "$scratch/naive-$1.serial"
}

one_series() {
	sg_load_series "$series"
	variants=$("$SGCONF" "$BRANCHES" variants "$series")
	nv=$(echo $variants | wc -w)
	say "# stableguard bench: $series, naive beside ours"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'); $nv variants"
	say ""
	say "| phase | wall |"
	say "|---|---|"
	matrix "$scratch/warmup" "$SG_CACHE" "$series"
	matrix "$scratch/ours" "$SG_CACHE" "$series"
	ours=$secs
	say "| ours: the matrix, warm ($nv guests pipelined; a variant unchanged since its last build is not built) | $ours s |"
	phases "$SG_CACHE" "$series"
	naive=0 measured=0
	for v in $variants; do
		if [ "$measured" = 0 ] || [ "${BENCH_NAIVE:-one}" = all ]; then
			b=$(naive_build "$v")
			g=$(naive_guest "$v")
			measured=$((measured + 1))
			say "| naive: $series/$v clean defconfig build, no ccache; guest | $b s; $g s |"
		else
			say "| naive: $series/$v, counted as the first variant's | $b s; $g s |"
		fi
		naive=$((naive + b + g))
	done
	say "| naive: total ($measured of $nv variants built, the rest counted as the first) | $naive s |"
	say ""
	say "ratio naive/ours: $(echo "scale=1; $naive / $ours" | bc)x"
	layouts
	guest_seconds "$scratch/ours" "$SG_CACHE"
	bisect_phase "$b" "$g"
}

# bisect_phase NAIVE_BUILD NAIVE_GUEST: make bisect beside a clean
# defconfig build and a guest per step.
bisect_phase() {
	patch=$(ls "$SG_CONF_DIR/backports/$series/regress/"*.patch 2>/dev/null | head -n 1)
	[ -n "$patch" ] || { say ""; say "no bisection: $series has no mutant to bisect to"; return; }
	"$SG_ROOT/tests/bisect-history.sh" "$series" "bench-bisect/$series" "$patch" >/dev/null
	d="$scratch/bisect"
	t=$(now)
	"$SG_ROOT/maintain/bisect.sh" "$d" "$initrd" "$series" "compat/$series" \
		"bench-bisect/$series" raid0-map >"$d.log" 2>&1 || true
	secs=$(since "$t")
	sg_git branch -D "bench-bisect/$series" >/dev/null
	[ -f "$d/steps.tsv" ] || sg_die "bench: the bisection did not run (log: $d.log)"
	steps=$("$RUNFILE" count "$d/steps.tsv")
	builds=$((steps - $("$RUNFILE" count --where build=- "$d/steps.tsv")))
	boots=$("$RUNFILE" get "$d/steps.tsv" tries | tr -cd @ | wc -c)
	say ""
	say "## make bisect: 18 commits, a mutant among them (raid0-map)"
	say ""
	say "| way | steps | builds | boots | seconds | per step |"
	say "|---|---|---|---|---|---|"
	say "| ours: ccache, one build folder, identical bzImages reused | $steps | $builds | $boots | $secs s | $((secs / steps)) s |"
	say "| naive: clean defconfig build and a guest each step (estimated from the build above) | $steps | $steps | $steps | $((steps * ($1 + $2))) s | $(($1 + $2)) s |"
	say ""
	say "answer: $(tail -n 1 "$d.log")"
}

full() {
	sg_facts
	apt=$("$RUNFILE" list --where package^=linux-source "$SG_FACTS_DIR/series" series)
	c="$scratch/cache"
	mkdir -p "$c"
	cp -r "$SG_CACHE/bin" "$c/"
	say "# stableguard bench: the apt matrix ($(echo $apt)), cold and warm"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'); cold = an empty cache (trees fetched and imported, ccache and build folders empty), deps installed"
	say ""
	say "| phase | wall |"
	say "|---|---|"
	matrix "$scratch/cold" "$c" $apt
	cold=$secs cold_first=$(slowest_variant "$c" "$apt")
	say "| cold: the whole matrix | $cold s |"
	for s in $apt; do phases "$c" "$s"; done
	cold_base=$(phase_secs "$scratch/cold" base-build) import_max=$(slowest_import "$scratch/cold")
	matrix "$scratch/warm" "$c" $apt
	warm=$secs warm_max=$(slowest_variant "$c" "$apt")
	say "| warm: the whole matrix | $warm s |"
	for s in $apt; do phases "$c" "$s"; done
	SG_REBUILD=1 matrix "$scratch/forced" "$c" $apt
	forced=$secs forced_max=$(slowest_variant "$c" "$apt")
	say "| warm, every variant built through kbuild (SG_REBUILD=1) | $forced s |"
	for s in $apt; do phases "$c" "$s"; done
	say ""
	say "outcomes: $("$SG_CACHE/bin/report" "$scratch/warm" | tail -n 1)"
	say ""
	say "| alone: nothing beside | wall |"
	say "|---|---|"
	alone=0
	for s in $apt; do
		b=$(base_alone "$c" "$s")
		say "| $s: its first variant built, empty ccache and folder | $b s |"
		alone=$((alone + b))
	done
	guests_alone "$c" $apt
	targets
	breakdown "$scratch/cold" "the cold run"
	guest_seconds "$scratch/warm" "$c"
	say ""
	say "The guests booted alone:"
	guest_seconds "$scratch/alone" "$scratch/alone"
}

# base_alone CACHE SERIES: seconds of the series' first variant built
# with nothing beside it, from an empty ccache and an empty folder.
base_alone() {
	(
		SG_CACHE=$1
		sg_load_series "$2"
		v=$("$SGCONF" "$BRANCHES" variants "$2" | head -n 1)
		sg_git checkout -q -f "$(sg_variant_branch "$v")" || exit 1
		rm -rf "$scratch/alone-ccache" "$scratch/alone-build"
		t=$(now)
		CCACHE_DIR="$scratch/alone-ccache" "$SG_ROOT/prove/build-kernel.sh" "$SG_REPO" \
			"$scratch/alone-build" "$(sg_config_fragments)" "$SG_COMPILER" >/dev/null 2>&1 ||
			sg_die "bench: $2/$v did not build alone"
		since "$t"
		rm -rf "$scratch/alone-ccache" "$scratch/alone-build"
	)
}

# guests_alone CACHE SERIES...: each kept bzImage booted with nothing
# beside it; the slowest wall time in $guest_max.  $scratch/alone is laid
# out as a run folder and a cache (logs/S-V.log, timings/S/V.guest) for
# guest_seconds.
guests_alone() {
	c=$1
	shift
	a="$scratch/alone"
	guest_max=0
	for s in "$@"; do
		sg_load_series "$s"
		mkdir -p "$a/logs" "$a/timings/$s"
		for v in $("$SGCONF" "$BRANCHES" variants "$s"); do
			g=$(SG_CACHE=$c guest_alone "$c/build/$s/images/$v/bzImage" "$a/logs/$s-$v.log")
			echo "$g" > "$a/timings/$s/$v.guest"
			say "| $s/$v: its guest alone | $g s |"
			[ "$g" -le "$guest_max" ] || guest_max=$g
		done
	done
}

met() { if [ "$(echo "$1" | bc)" = 1 ]; then echo yes; else echo no; fi; }

targets() {
	say ""
	say "## targets (a 2-core machine)"
	say ""
	say "| target | measured | met |"
	say "|---|---|---|"
	say "| a variant's first build <= 20 s, a guest beside (cold run, variants after each series' first) | $cold_first s | $(met "$cold_first <= 20") |"
	say "| a variant rebuild <= 10 s, nothing changed (warm run: the kept bzImage) | $warm_max s | $(met "$warm_max <= 10") |"
	say "| a variant rebuild <= 10 s through kbuild (SG_REBUILD=1: checkout, one file or none, link) | $forced_max s | $(met "$forced_max <= 10") |"
	say "| cold matrix <= 1.15 x its first builds alone ($alone s) | $cold s = $(echo "scale=2; $cold / $alone" | bc) x | $(met "$cold <= 1.15 * $alone") |"
	say "| cold matrix <= 1.15 x its base builds in the same run ($cold_base s) | $cold s = $(echo "scale=2; $cold / $cold_base" | bc) x | $(met "$cold <= 1.15 * $cold_base") |"
	say "| each import <= 25 s (cold run) | slowest $import_max s | $(met "$import_max <= 25") |"
	say "| cold matrix <= 22 min | $cold s | $(met "$cold <= 1320") |"
	say "| warm matrix <= 2 min | $warm s | $(met "$warm <= 120") |"
	say "| every guest <= 10 s of wall time alone | slowest $guest_max s | $(met "$guest_max <= 10") |"
}

# phase_secs RUN PHASE: the busy seconds of PHASE in RUN/phases.tsv.
phase_secs() {
	"$RUNFILE" get --prefix p_ --where phase="$2" "$1/phases.tsv" start end 2>/dev/null |
		while read -r a; do eval "$a"; echo "$p_end $p_start"; done |
		awk '{ t += $1 - $2 } END { printf "%.0f\n", t }'
}

# slowest_import RUN: the longest import of the run, in seconds.
slowest_import() {
	"$RUNFILE" get --prefix p_ --where phase=import "$1/phases.tsv" start end 2>/dev/null |
		while read -r a; do eval "$a"; echo "$p_end $p_start"; done |
		awk '{ d = $1 - $2; if (d > m) m = d } END { printf "%.0f\n", m }'
}

# breakdown RUN WHAT: where RUN's wall seconds went (prove/phasetimes).
breakdown() {
	[ -f "$1/phases.tsv" ] || { say ""; say "no phases.tsv in $1: a run from before the phases were kept"; return 0; }
	say ""
	say "## Where $2's seconds went, by phase and series"
	say ""
	say "Each wall second goes to one phase: a build keeps the seconds of a guest beside it, so a guest's wall seconds are the ones no build, import, fetch or branch hid; busy seconds count the overlaps too."
	say ""
	"$SG_CACHE/bin/phasetimes" "$1/phases.tsv" > "$scratch/phasetimes" ||
		sg_die "bench: phasetimes could not read $1/phases.tsv"
	tee -a "$report" < "$scratch/phasetimes"
}

verifiers() {
	logs="$scratch/verifiers"
	mkdir -p "$logs"
	if [ -n "${RUN:-}" ]; then
		run=$(cd "$RUN" 2>/dev/null && pwd -P) || sg_die "bench: $RUN: no such run folder"
		say "# stableguard bench: what fio and e2fsck add to a guest, $run"
		for log in "$run"/logs/*.log; do
			[ -f "$log" ] || continue
			cp "$log" "$logs/"
		done
	else
		sg_load_series "$series"
		say "# stableguard bench: what fio and e2fsck add to a guest, $series, each guest booted alone"
		for v in $("$SGCONF" "$BRANCHES" variants "$series"); do
			k="$SG_CACHE/build/$series/images/$v/bzImage"
			[ -f "$k" ] || sg_die "bench: $series/$v: no kept bzImage (make matrix SERIES=$series builds it)"
			guest_alone "$k" "$logs/$series-$v.log" >/dev/null
		done
	fi
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'); guest seconds by the guest clock."
	say ""
	set -- "$logs"/*.log
	[ -f "$1" ] || sg_die "bench: no serial logs to read"
	"$SG_CACHE/bin/guesttimes" --verifiers "$@" > "$scratch/verifiers.md" ||
		sg_die "bench: guesttimes could not read the logs"
	tee -a "$report" < "$scratch/verifiers.md"
}

cold_breakdown() {
	run=$(cd "${RUN:-$SG_CACHE/runs/latest}" 2>/dev/null && pwd -P) ||
		sg_die "bench: ${RUN:-$SG_CACHE/runs/latest}: no such run folder"
	say "# stableguard bench: where a run's seconds went, $run"
	breakdown "$run" "the run"
}

guests() {
	run=$(cd "${RUN:-$SG_CACHE/runs/latest}" 2>/dev/null && pwd -P) ||
		sg_die "bench: ${RUN:-$SG_CACHE/runs/latest}: no such run folder"
	say "# stableguard bench: where a guest's seconds go, $run"
	guest_seconds "$run" "$SG_CACHE"
}

# part_row DIR LABEL: a part of a gate, its phases' busy seconds.
part_row() {
	[ -f "$1/phases.tsv" ] || return 0
	pr_build=$(( $(phase_secs "$1" base-build) + $(phase_secs "$1" build) ))
	say "| $2 | $("$RUNFILE" count --where phase=guest "$1/phases.tsv") | $pr_build | $(phase_secs "$1" guest) | $(phase_secs "$1" branch) |"
}

gate_bench() {
	run=${RUN:-$(ls -d "$SG_CACHE"/runs/*-gate-* 2>/dev/null | tail -n 1)}
	run=$(cd "$run" 2>/dev/null && pwd -P) && [ -f "$run/gate.tsv" ] ||
		sg_die "bench: ${RUN:-no gate run in $SG_CACHE/runs}: not a gate's run folder (make gate first, or RUN=)"
	say "# stableguard bench: where the gate's seconds went, $run"
	say ""
	say "$(hostname), $(nproc) cores; busy seconds by phase (phases.tsv of each part)."
	say ""
	say "| part | guests | build s | guest s | branch s |"
	say "| --- | --- | --- | --- | --- |"
	part_row "$run" "both kernels, every check"
	part_row "$run/fstests" "both kernels, fstests"
	for d in "$run"/narrow-*; do
		[ -d "$d" ] && part_row "$d" "the previous release, chunk $(basename "$d" |
			sed 's/^narrow-\([0-9]*\)/\1 alone/; s/-try-/, try /')"
	done
	part_row "$run/narrowed" "both kernels, narrowed chunks"
	for d in "$run"/try-*; do
		[ -d "$d" ] && part_row "$d" "try ${d##*-} of the rows that differed"
	done
	for d in "$run"/proof-[0-9]*; do
		[ -d "$d" ] || continue
		pn=${d##*/proof-}
		case $pn in
		*-with-try-*) pl="the proof of patch ${pn%%-*}: the candidate, try ${pn##*-}" ;;
		*-try-*) pl="the proof of patch ${pn%%-*}: the candidate without it, try ${pn##*-}" ;;
		*) pl="the proof of patch $pn: the candidate without it" ;;
		esac
		part_row "$d" "$pl"
		part_row "$d/fstests" "$pl, fstests"
	done
	part_row "$run/coverage" "the candidate built again with gcov and booted (GATE_COVERAGE)"
	if [ -f "$run/bisect/steps.tsv" ]; then
		st="$run/bisect/steps.tsv"
		say "| the bisection and its verification: $("$RUNFILE" count "$st") steps, $("$RUNFILE" count --where build=built "$st") built, $("$RUNFILE" count --where "build^=reused" "$st") bzImages reused | | | $("$RUNFILE" list "$st" secs | awk '{ t += $1 } END { print t + 0 }') (steps' wall) | |"
	fi
	say ""
	say "the gate's wall, its plan to its reply: $(( $(stat -c %Y "$run/reply.eml") - $(stat -c %Y "$run/plan") )) s"
}

# corpus_queue CASE NAME PATCHES...: a stable-queue folder of PATCHES in
# the scratch, its series file in their order; prints its path.
corpus_queue() {
	cq=$scratch/$1/$2/queue-$1-$2
	shift 2
	mkdir -p "$cq"
	for p in "$@"; do
		cp "$p" "$cq/"
		basename "$p" >> "$cq/series"
	done
	echo "$cq"
}

# corpus_previous CASE SERIES PATCH: the branch corpus/CASE/previous, the
# series' pristine tree with PATCH applied by git am ("-": none), made
# again each run.
corpus_previous() {
	sg_load_series "$2"
	[ -d "$SG_REPO/.git" ] || sg_die "bench: corpus case $1: no $2 tree in $SG_REPO (make matrix SERIES=$2 first)"
	if [ "$3" = - ]; then
		sg_git branch -f "corpus/$1/previous" "pristine/$2" >/dev/null ||
			sg_die "bench: corpus case $1: no branch pristine/$2 in $SG_REPO"
		return
	fi
	wt=$scratch/$1/previous-tree
	sg_git worktree add -q --detach "$wt" "pristine/$2" >/dev/null 2>&1 ||
		sg_die "bench: corpus case $1: no branch pristine/$2 in $SG_REPO"
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
		git -C "$wt" am -q "$3" >"$scratch/$1/previous.log" 2>&1 ||
		sg_die "bench: corpus case $1: $3 does not apply to pristine/$2 (see $scratch/$1/previous.log)"
	sg_git branch -f "corpus/$1/previous" "$(git -C "$wt" rev-parse HEAD)" >/dev/null
	sg_git worktree remove --force "$wt"
}

# corpus_gate CASE QUEUE_NAME SERIES QUEUE_DIR: make gate of it against
# the case's previous release, a corpusrun row in $cases_runs.  Without
# the gate's coverage: the corpus measures what the checks catch, and
# its seconds are the gate's verdict's.
corpus_gate() {
	t=$(now) rc=0
	make -s -C "$SG_ROOT" --no-print-directory gate-locked SERIES="$3" QUEUE="$4" GATE_COVERAGE=0 \
		FROM="$SG_REPO@corpus/$1/previous" >"$scratch/$1/$2.log" 2>&1 || rc=$?
	cgrun=$(sed -n 's/^run: //p' "$scratch/$1/$2.log" | head -n 1)
	[ -n "$cgrun" ] && [ -d "$cgrun" ] || cgrun=-
	[ "$cgrun" = - ] || cp "$scratch/$1/$2.log" "$cgrun/corpus.log"
	cgsecs=$(since "$t")
	"$RUNFILE" row corpusrun case="$1" queue="$2" run="$cgrun" secs="$cgsecs" \
		status="$rc" >> "$cases_runs"
	say "- $1, $2: make gate exited $rc in $cgsecs s; run: $cgrun"
}

corpus_bench() {
	cases=$out/corpus-cases cases_runs=$out/corpus-runs
	"$SGCONF" "$BRANCHES" corpus > "$cases" || sg_die "bench: the corpus is not valid (above)"
	"$RUNFILE" header corpusrun > "$cases_runs"
	say "# stableguard bench: the corpus, $("$RUNFILE" count "$cases") real stable regressions gated both ways"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC')"
	say ""
	for c in $("$RUNFILE" list "$cases" case); do
		eval "$("$RUNFILE" get --prefix c_ --where case="$c" "$cases" series previous queue fixed)"
		mkdir -p "$scratch/$c"
		corpus_previous "$c" "$c_series" "$c_previous"
		# shellcheck disable=SC2086
		corpus_gate "$c" queue "$c_series" "$(corpus_queue "$c" queue $c_queue)"
		# shellcheck disable=SC2086
		corpus_gate "$c" fixed "$c_series" "$(corpus_queue "$c" fixed $c_fixed)"
	done
	say ""
	corpus_rc=0
	"$SG_CACHE/bin/report" --corpus "$cases" "$cases_runs" >"$scratch/table" || corpus_rc=$?
	tee -a "$report" < "$scratch/table"
	[ "$corpus_rc" = 0 ] || { echo "bench: $report" >&2; exit 1; }
}

# synthetic_history DIR N: N linear commits, tags v1.0 ... every 10000
# (v3.19 at 90% of the way), one commit in ten with a Fixes: of a
# made-up id (unknown: every lookup is still made).
synthetic_history() {
	[ -f "$1/done" ] && return 0
	rm -rf "$1" && git init -q --bare "$1"
	awk -v n="$2" 'BEGIN {
		srand(1)
		for (i = 1; i <= n; i++) {
			msg = sprintf("subsys: change %d\n\nA body line that says why the change %d is needed,\nas long as a short commit message is.\n", i, i)
			if (i % 10 == 0)
				msg = msg sprintf("\nFixes: %06x%06x (\"subsys: change %d\")\n", int(rand() * 16777216), int(rand() * 16777216), i - 5)
			msg = msg "Signed-off-by: A U Thor <a@example.org>\n"
			printf "commit refs/heads/master\nmark :%d\nauthor A U Thor <a@example.org> %d +0000\ncommitter A U Thor <a@example.org> %d +0000\ndata %d\n%s", i, 1000000000 + i, 1000000000 + i, length(msg), msg
			if (i > 1) printf "from :%d\n", i - 1
			else printf "M 644 inline f\ndata 2\nf\n"
			printf "\n"
			if (i % 10000 == 0) {
				t = (i == int(n * 0.9 / 10000) * 10000) ? "v3.19" : sprintf("v1.%d", i / 10000)
				printf "reset refs/tags/%s\nfrom :%d\n\n", t, i
			}
		}
	}' | git -C "$1" fast-import --quiet || sg_die "bench: git fast-import failed"
	git -C "$1" commit-graph write --reachable 2>/dev/null
	touch "$1/done"
}

follow_ups() {
	n=${BENCH_COMMITS:-1000000}
	repo="$out/synthetic-$n.git"
	say "# stableguard bench: make follow-ups, one pass over $n commits"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC')"
	say ""
	say "| phase | wall |"
	say "|---|---|"
	t=$(now)
	synthetic_history "$repo" "$n"
	say "| the synthetic history (git fast-import; cached after the first run) | $(since "$t") s |"
	printf 'series 3.19 v3.19 - bench\ncarried %s bench\n' "$(git -C "$repo" rev-parse v3.19~3)" > "$scratch/plan"
	t=$(now)
	"$SG_CACHE/bin/followups" "$scratch/plan" "$repo" master > "$scratch/fu.out" 2> "$scratch/fu.err"
	say "| the scan: git log --topo-order of all, Fixes: resolved, one series (exit $?) | $(since "$t") s |"
	say ""
	say "$(tail -n 1 "$scratch/fu.err")"
}

# host: the warm matrix's wall, its guests' walls, the rest the host's.
host() {
	say "# stableguard bench: what the host adds to a warm make matrix SERIES=$series"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'); guests one at a time."
	say ""
	for v in $(sg_variants "$series"); do
		[ -f "$SG_CACHE/build/$series/images/$v/bzImage" ] ||
			sg_die "bench: $series/$v: no kept bzImage (make matrix SERIES=$series first)"
	done
	t=$(now)
	SG_GUESTS=1 make -s -C "$SG_ROOT" --no-print-directory matrix-locked SERIES="$series" \
		> "$scratch/host.log" 2>&1 || true
	wall=$(echo "$(now) - $t" | bc)
	run=$(readlink -f "$SG_CACHE/runs/latest")
	[ -f "$run/phases.tsv" ] && grep -q "^run: $run$" "$scratch/host.log" ||
		sg_die "bench: the matrix did not finish (log: $scratch/host.log)"
	guests=$("$RUNFILE" list --where phase=guest "$run/phases.tsv" start end |
		awk '{ t += $2 - $1 } END { printf "%.2f", t }')
	say "| $series, warm | seconds |"
	say "| --- | --- |"
	say "| make matrix, wall | $(printf '%.2f' "$wall") |"
	say "| its guests, the sum of their walls | $guests |"
	say "| the host's own (wall - guests) | $(echo "$wall - $guests" | bc | xargs printf '%.2f') |"
	say "| guests | $("$RUNFILE" count --where phase=guest "$run/phases.tsv") |"
	say ""
	say "run: $run; last line: $(tail -n 1 "$scratch/host.log")"
}

case ${PHASE:-} in
'' | follow-ups | host | guests | cold-breakdown | verifiers | layouts | gate | corpus) ;;
*) sg_die "bench: PHASE=$PHASE: want follow-ups, host, guests, cold-breakdown, verifiers, layouts, gate or corpus (none: the default bench)" ;;
esac
if [ "${PHASE:-}" = follow-ups ]; then follow_ups
elif [ "${PHASE:-}" = gate ]; then gate_bench
elif [ "${PHASE:-}" = corpus ]; then corpus_bench
elif [ "${PHASE:-}" = host ]; then host
elif [ "${PHASE:-}" = guests ]; then guests
elif [ "${PHASE:-}" = cold-breakdown ]; then cold_breakdown
elif [ "${PHASE:-}" = verifiers ]; then verifiers
elif [ "${PHASE:-}" = layouts ]; then
	sg_load_series "$series"
	variants=$("$SGCONF" "$BRANCHES" variants "$series")
	say "# stableguard bench: $series, build folders both ways"
	say ""
	say "$(hostname), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC')"
	layouts
elif [ "${FULL:-0}" = 1 ]; then full; else one_series; fi
echo "bench: $report" >&2
