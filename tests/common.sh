# Helpers for tests/t/*.sh (sourced as tests/common.sh).
set -u	# not -e: fail() counts a failed check, and the test goes on
SGCONF="$SG_CACHE/bin/sgconf"
LOGREAD="$SG_CACHE/bin/logread"
REPORT="$SG_CACHE/bin/report"
RUNFILE="$SG_CACHE/bin/runfile"
TARIMPORT="$SG_CACHE/bin/tarimport"
SHARDPLAN="$SG_CACHE/bin/shardplan"
QUILTMAIL="$SG_CACHE/bin/quiltmail"
# A gate's coverage build (a gcov kernel of its own) is a real kernel's
# alone: the stand-ins have none, and make check builds no second kernel.
export GATE_COVERAGE=0
T="$SG_TEST_TMP/$(basename "$0" .sh)"
rm -rf "$T"
mkdir -p "$T"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
done_testing() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }
# standin_head: the top of a stand-in branches.yaml (CHECKS, default
# raid0-map), before its series' entries.
standin_head() {
	printf 'checks: [%s]\nupstream: upstream.yaml\nseries:\n' "${1:-raid0-map}"
}

# standin_entry SERIES VERSION PATCHES VARIANT:FIXES:EXPECT...: one series
# of a stand-in branches.yaml, its tree linux-VERSION.tar.xz among the
# cache's tarballs; each variant expects EXPECT of every check of
# $SG_STANDIN_CHECKS (default raid0-map).  Only FAIL is written: PASS is
# branches.yaml's rule for a check its variant does not list.
standin_entry() {
	printf '  "%s":\n    version: "%s"\n    source: {tarball: linux-%s.tar.xz}\n' "$1" "$2" "$2"
	printf '    era: modern\n    compiler: gcc\n    config: [base.config]\n    patches: %s\n' "$3"
	printf '    guest: {layouts: [original], chunks: [64]}\n    variants:\n'
	shift 3
	for v; do
		exp=
		if [ "${v##*:}" != PASS ]; then
			for c in ${SG_STANDIN_CHECKS:-raid0-map}; do exp="$exp${exp:+, }$c: ${v##*:}"; done
		fi
		v=${v%:*}
		printf '      %s: {fixes: %s%s}\n' "${v%%:*}" "${v#*:}" "${exp:+, expect: {$exp\}}"
	done
}

# standin_conf: a private SG_CACHE with logread and report, and $T/conf
# for a stand-in branches.yaml (SG_BRANCHES) with the upstream facts,
# base.config, an empty patch list p/empty and p/series.
standin_conf() {
	export SG_CACHE="$T/cache" SGCONF QUILTMAIL SG_BRANCHES="$T/conf/branches.yaml"
	mkdir -p "$T/conf/p" "$SG_CACHE/bin"
	cp "$LOGREAD" "$REPORT" "$RUNFILE" "$TARIMPORT" "$SHARDPLAN" "$SG_CACHE/bin/"
	cp "$SG_ROOT/prove/kconfig/base.config" "$T/conf/"
	# The record without its proven-by: it names checks a stand-in's
	# branches.yaml does not have (a test that proves writes its own).
	awk '/^    proven-by:/ { skip = 1; next } skip && /^      / { next } { skip = 0; print }' \
		"$SG_ROOT/backports/upstream.yaml" > "$T/conf/upstream.yaml"
	printf '# nothing\n' > "$T/conf/p/empty"
	: > "$T/conf/p/series"
}

# standin_series: $T/conf/branches.yaml (SG_BRANCHES) with one series,
# 9.9, whose base is linux-9.9.1 from a tarball, and whose fixes are
# $T/conf/p/series (empty until a test writes it); a private SG_CACHE.
standin_series() {
	standin_conf
	{ standin_head; standin_entry 9.9 9.9.1 p/series unfixed:false:FAIL fixed:true:PASS; } > "$SG_BRANCHES"
}

# standin_pair_series: $SG_BRANCHES with two series, 9.8 (variants a8,
# b8) and 9.9 (a9, b9), every check expected to pass, and a cross-era
# pair "up" from 9.8/b8 to 9.9; their trees, linux-9.8.1 and 9.9.1, are
# the caller's (standin_tree).
standin_pair_series() {
	{
		standin_head
		standin_entry 9.8 9.8.1 p/empty a8:true:PASS b8:true:PASS
		standin_entry 9.9 9.9.1 p/empty a9:true:PASS b9:true:PASS
		printf 'cross:\n  geometry: {members: [100, 200, 300], chunk: 64}\n  pairs:\n'
		printf '    up:\n      write: {series: "9.8", variant: b8, layout: original}\n'
		printf '      read: {series: "9.9"}\n      expect: PASS\n'
	} > "$SG_BRANCHES"
}

# standin_tree VERSION: a tarball in $SG_CACHE/tarballs of a tree whose
# make does what build-kernel.sh asks, noting in $EVENTS (if set) when;
# the "bzImage" holds the variant's name: the last part of the branch
# checked out (the build folder's name when none is).  SG_STANDIN_HOOK,
# if set, runs with the variant's name while the build is under way (its
# one object made, its bzImage not yet): a test that needs a build to
# last waits there for the event it needs.
standin_tree() {
	d="$T/linux-$1"
	mkdir -p "$d/scripts/kconfig" "$SG_CACHE/tarballs"
	cat > "$d/Makefile" <<MK
kernelversion:
	@echo $1
MK
	cat >> "$d/Makefile" <<'MK'
V := $(notdir $(shell git symbolic-ref -q --short HEAD 2>/dev/null || echo $(O)))
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@echo "build-start $(V) $$(date +%s.%N)" >> $${EVENTS:-/dev/null}
	@mkdir -p $(O)/arch/x86/boot $(O)/obj && touch $(O)/obj/a.o
	@$${SG_STANDIN_HOOK:-:} $(V)
	@echo "$(V)" > $(O)/arch/x86/boot/bzImage
	@echo "build-end $(V) $$(date +%s.%N)" >> $${EVENTS:-/dev/null}
MK
	printf '#!/bin/sh\n' > "$d/scripts/kconfig/merge_config.sh"
	chmod +x "$d/scripts/kconfig/merge_config.sh"
	tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-$1.tar.xz" "linux-$1"
}

# tarball_src: $src, a small tree linux-9.9.1 in $T/src to make tarballs
# of: a Makefile that says its version, a 300 KB drivers/md/raid0.c, and
# a symbolic link inside the tree.
tarball_src() {
	src="$T/src/linux-9.9.1"
	mkdir -p "$src/drivers/md"
	printf 'kernelversion:\n\t@echo 9.9.1\n' > "$src/Makefile"
	head -c 300000 /dev/urandom | od -An -tx1 > "$src/drivers/md/raid0.c"
	ln -s ../Makefile "$src/drivers/inside"
}

# until_true SECONDS COMMAND...: COMMAND again every 0.1 s until it
# succeeds (0) or SECONDS have passed (1): a wait on an event (a file, a
# line in a log), bounded, never a sleep of a guessed length.
until_true() {
	ut_left=$(($1 * 10))
	shift
	until "$@"; do
		[ "$ut_left" -gt 0 ] || return 1
		sleep 0.1
		ut_left=$((ut_left - 1))
	done
}

# dead PID: no such process, or a zombie nobody reaped (PID 1 here may
# take its time).
dead() { [ ! -e "/proc/$1" ] || grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }

# tsv_where FILE CONDITION [NAME=VALUE...]: the rows of FILE, a TSV with
# a header line, for which the awk CONDITION holds; in it c["column"] is
# a row's value of that column, taken by the header's name, never by
# position, and each NAME a variable of that VALUE.
tsv_where() {
	tw_file=$1 tw_cond=$2
	shift 2
	tw_n=$#
	for tw_a; do set -- "$@" -v "$tw_a"; done
	shift "$tw_n"
	awk -F'\t' "$@" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		{ for (k in col) c[k] = $col[k] } '"$tw_cond" "$tw_file"
}

# unit_test NAME SOURCES...: compile with the given sources and run.
unit_test() {
	name=$1
	shift
	${CC:-gcc} -O1 -g -Wall -Wextra -std=gnu11 -o "$T/$name" "$@" ||
		{ fail "$name does not compile"; return; }
	if "$T/$name"; then ok "$name"; else fail "$name"; fi
}

# standin_qemu FILE: the start of a stand-in qemu-system-x86_64 script in
# FILE, the one reader of the command line vm-images/boot.sh gives QEMU:
# after it, $log is the serial log, $k the "kernel" (the variant name a
# stand-in tree's bzImage holds; empty when there is no such file),
# $append the -append line, $checks its sg_checks= (space-separated) and
# $seed its sg_seed=, and $drives the -drive files, in order; the caller
# appends the guest.  Read by the shell alone, no sed or tr: the stand-in
# runs once a boot, and a pipeline test boots many.
standin_qemu() {
	cat > "$1" <<'SH'
#!/bin/sh
log= kernel= append= drives= checks= seed= sq_prev=
for sq_a; do
	case $sq_prev in
	-serial) log=${sq_a#file:} ;;
	-kernel) kernel=$sq_a ;;
	-append) append=$sq_a ;;
	-drive) sq_d=${sq_a%%,*}; drives="$drives${drives:+ }${sq_d#file=}" ;;
	esac
	sq_prev=$sq_a
done
k=
[ -f "$kernel" ] && k=$(cat "$kernel")
for sq_w in $append; do
	case $sq_w in
	sg_seed=*) seed=${sq_w#sg_seed=} ;;
	sg_checks=*)
		IFS=,
		for sq_c in ${sq_w#sg_checks=}; do checks="$checks${checks:+ }$sq_c"; done
		unset IFS ;;
	esac
done
SH
	chmod +x "$1"
}


# upstream_form FORM FILE: FILE's "commit <40 hex> upstream." line in
# another form stable patches name their upstream commit in: bracket
# "[ Upstream commit <id> ]", plain "Upstream commit <12 hex>", based
# "Based on commit <12 hex> upstream", cherry "(cherry picked from commit
# <id>)" at the end of the message (the "---" line, or the end of a
# commit message), commit as it is.
upstream_form() {
	awk -v form="$1" '
	!id && /^commit [0-9a-f]+ upstream\.$/ && length($2) == 40 {
		id = $2
		short = substr(id, 1, 12)
		if (form == "bracket") print "[ Upstream commit " id " ]"
		else if (form == "plain") print "Upstream commit " short
		else if (form == "based") print "Based on commit " short " upstream"
		else if (form == "commit") print
		else gap = 1
		next
	}
	gap { gap = 0; if ($0 == "") next }
	form == "cherry" && id && !put && /^---$/ { print "(cherry picked from commit " id ")"; put = 1 }
	{ print }
	END { if (form == "cherry" && id && !put) print "(cherry picked from commit " id ")" }' "$2" > "$2.form" &&
		mv "$2.form" "$2"
}
UPSTREAM_FORMS="commit bracket plain based cherry"

# standin_guest_log LOG CHECK:SECS...: a serial log with the guest
# protocol's time marks (boot, setup, each check's begin and end, done).
standin_guest_log() {
	log=$1
	shift
	mkdir -p "$(dirname "$log")"
	at=0.85
	printf '[    0.000000] Linux version 9.9.1\nSG-BOOT 9.9.1 panic_on_oops=1 uptime=%s\n' $at > "$log"
	at=$(echo "$at + 0.12" | bc)
	for c; do
		gl_check=${c%%:*} gl_secs=${c#*:}
		printf 'SG-BEGIN %s uptime=%s\nSG-INFO %s setup secs=%s\n' "$gl_check" "$at" \
			"$gl_check" "$(echo "scale=2; $gl_secs / 3" | bc)" >> "$log"
		printf 'SG-RESULT %s PASS seed=7\n' "$gl_check" >> "$log"
		at=$(echo "$at + $gl_secs" | bc)
		printf 'SG-END %s rc=0 secs=%s uptime=%s\n' "$gl_check" "$gl_secs" "$at" >> "$log"
		at=$(echo "$at + 0.03" | bc)
	done
	printf 'SG-DONE uptime=%s\n' "$(echo "$at + 0.05" | bc)" >> "$log"
}

# standin_run DIR [all]: a matrix run folder made of runfile rows, as
# matrix.sh and the join leave one (results.tsv, seed, logs/, kernels/<series>/ with
# .id, .checkout and a build's seconds, cross.list).  Without "all":
# series 9.9, fixed and unfixed, every outcome as expected.  With "all":
# every outcome kind (PASS FAIL ERROR SKIP REFUSED), some not as expected,
# a series whose build failed, one without its tree, and cross-era pairs.
standin_run() {
	run=$1
	mkdir -p "$run/logs" "$run/kernels"
	echo 7 > "$run/seed"
	echo "local, ccache" > "$run/builds"
	"$RUNFILE" header results > "$run/results.tsv"
	if [ "${2:-}" != all ]; then
		standin_series_run 9.9 9.9.1 fixed:PASS:PASS unfixed:FAIL:FAIL
		return
	fi
	standin_series_run 6.1 6.1.192 base:PASS:PASS unfixed:FAIL:FAIL regress-raid0:PASS:FAIL
	# 6.1/panic: the guest died in the first check.
	printf 'SG-BOOT 6.1.192 uptime=0.85\nSG-BEGIN raid0-map uptime=0.97\nKernel panic - not syncing: Fatal exception\n' \
		> "$run/logs/6.1-panic.log"
	for c in raid0-map raid0-discard; do
		tail="Kernel panic - not syncing: Fatal exception" \
			standin_row 6.1 panic $c PASS ERROR "the guest stopped before SG-END (a panic?)"
	done
	kernel=- patchset=-
	mkdir -p "$run/kernels/3.19"
	echo "SKIP 3.19: wants linux-3.19.8.tar.xz in CACHE/tarballs/" > "$run/kernels/3.19/.skip"
	for c in raid0-map raid0-discard; do
		standin_row 3.19 unfixed $c FAIL SKIP "$(cat "$run/kernels/3.19/.skip")" - -
	done
	kernel=5.10.240 patchset=da39a3ee5e6b
	printf 'make: *** [Makefile:1] Error 2\n' > "$run/logs/5.10-base.build"
	for c in raid0-map raid0-discard; do
		standin_row 5.10 base $c PASS ERROR "build failed: drivers/md/raid0.c:42: error: expected ';'" - "$run/logs/5.10-base.build"
	done
	"$RUNFILE" header pairs > "$run/cross.list"
	standin_pair 6.1 base 6.12 base upgrade-flips-layout FAIL FAIL "seed=7 1024 of 8192 sectors read back wrong; first: array sector 128"
	standin_pair 5.10 base 6.1 base layout-forgotten REFUSED REFUSED "md/raid0:md0: cannot assemble multi-zone RAID0 with default_layout setting"
	standin_pair 6.1 unfixed 6.12 base unfixed-writer PASS FAIL "seed=7 8 of 8192 sectors read back wrong; first: array sector 64"
}

# standin_row SERIES VARIANT CHECK EXPECTED OBSERVED REASON [COMPLAINT [LOG]]
# ($kind, $writer, $reader and $tail, when set: a pair's row, an ERROR's
# log tail)
standin_row() {
	"$RUNFILE" row results series="$1" variant="$2" check="$3" expected="$4" observed="$5" \
		seconds="$( [ "$5" = SKIP ] && echo 0 || echo 1.4)" kernel="${kernel:--}" \
		patchset="${patchset:--}" seed=7 complaint="${7:--}" \
		log="${8-$run/logs/$1-$2.log}" reason="$6" kind="${kind:-check}" \
		writer="${writer:--}" reader="${reader:--}" log_tail="${tail:--}" image="${image:--}" >> "$run/results.tsv"
}

# standin_series_run SERIES KERNEL VARIANT:EXPECTED:OBSERVED...: every
# check of each variant, its guest's log with time marks.
standin_series_run() {
	s=$1 kernel=$2 patchset=da39a3ee5e6b
	shift 2
	mkdir -p "$run/kernels/$s"
	echo "$kernel $patchset" > "$run/kernels/$s/.id"
	{ "$RUNFILE" header checkout && "$RUNFILE" row checkout branch="stable/$s" \
		commit=0123456789abcdef0123456789abcdef01234567 config=base.config+virtio.config \
		compiler="gcc-12 (Debian 12.2.0-14) 12.2.0"; } > "$run/kernels/$s/.checkout"
	for v; do
		name=${v%%:*} exp=${v#*:} obs=${v##*:}
		exp=${exp%:*}
		echo "/cache/build/$s/images/$name/bzImage" > "$run/kernels/$s/$name"
		echo 95 > "$run/kernels/$s/.$name.build-secs"
		standin_guest_log "$run/logs/$s-$name.log" raid0-map:2.4 raid0-discard:1.1
		standin_row "$s" "$name" raid0-map "$exp" "$obs" \
			"$( [ "$obs" = PASS ] && echo 'seed=7 arrays=4' || echo 'seed=7 arrays=4 failed=4: 60472 of 90240 sectors misplaced; first: array sector 121')"
		standin_row "$s" "$name" raid0-discard PASS PASS "seed=7 arrays=4" \
			"$( [ "$name" = unfixed ] && echo 'WARNING: CPU: 0 PID: 1 at drivers/md/raid0.c:300 raid0_map+0x1/0x2' || echo -)"
	done
}

# standin_pair WRITER WVARIANT READER RVARIANT NAME EXPECTED OBSERVED REASON
standin_pair() {
	"$RUNFILE" row pairs name="$5" writer="$1" writer_variant="$2" writer_layout=original \
		reader="$3" reader_variant="$4" update=- append=- members=100,200,300 chunk=64 \
		expect="$6" >> "$run/cross.list"
	standin_guest_log "$run/cross/$5/write.log" raid0-layout:1.8
	standin_guest_log "$run/cross/$5/read.log" raid0-layout:0.9
	kernel="$1.9→$3.9" patchset="da39a3ee5e6b→da39a3ee5e6b" kind=pair writer=$1 reader=$3 \
		standin_row - "$5" raid0-layout "$6" "$7" "$8" - "$run/cross/$5/read.log"
}

# standin_bisect DIR: a bisection's folder (steps.tsv, answer, the boots'
# logs) as maintain/bisect.sh leaves one, its culprit found and verified.
standin_bisect() {
	b=$1
	mkdir -p "$b/logs"
	printf 'series\t9.9\nsource\tthe cache\ngood\tv9.9.1 %s\nbad\tv9.9.4 %s\nchecks\traid0-map\n' \
		1111111111111111111111111111111111111111 4444444444444444444444444444444444444444 > "$b/answer"
	printf 'fixed\t0\ntries\t2\nseed\t100\ncommits\t6\nstatus\tfound\nterms\tgood bad\nwall\t410\n' >> "$b/answer"
	printf 'culprit\t%s\nsubject\tmd/raid0: a change\nauthor\tA U Thor <a@example.org>\n' \
		3333333333333333333333333333333333333333 >> "$b/answer"
	{
		printf 'step\trole\tcommit\tsubject\tbuild\ttries\tsecs\tfirst_bad\tverdict\tnote\n'
		printf '1\tbisect\t222222222222\tmd: a cleanup\tbuilt\tPASS@100,PASS@101\t92\t-\tgood\t-\n'
		printf '2\tbisect\t333333333333\tmd/raid0: a change\tbuilt\tFAIL@100\t61\traid0-map: array sector 77\tbad\t-\n'
		printf '3\tbisect\t2a2a2a2a2a2a\tbuild: broken\tfailed\t-\t30\t-\tskip\tbuild failed: broken.c:1: error\n'
		printf '4\tculprit\t333333333333\tmd/raid0: a change\treused 333333333333\t-\t2\t-\tbad\tbzImage identical\n'
		printf '5\tparent\t222222222222\tmd: a cleanup\tbuilt\tPASS@100,PASS@101\t88\t-\tgood\t-\n'
		printf '6\trevert\t5e5e5e5e5e5e\tRevert "md/raid0: a change"\tbuilt\tPASS@100,ERROR@101\t97\t-\tskip\t-\n'
	} > "$b/steps.tsv"
	for l in 1-222222222222-1 1-222222222222-2 2-333333333333-1 5-222222222222-1 5-222222222222-2 6-5e5e5e5e5e5e-1 6-5e5e5e5e5e5e-2; do
		standin_guest_log "$b/logs/$l.log" raid0-map:2.0
	done
	printf 'broken.c:1: error: syntax error\n' > "$b/logs/3-2a2a2a2a2a2a.build"
}

# browser_or_skip: $browser, Debian's chromium, or the test skipped.
browser_or_skip() {
	browser=$(command -v chromium || command -v chromium-browser) ||
		{ echo "no chromium: make deps installs it"; exit 77; }
}

# browse PAGE OUT [FLAGS...]: what the headless browser printed
# (--dump-dom: the DOM after load) in OUT, its log in OUT.err.  A profile
# of its own each time: a profile used before would open its pages again.
browse() {
	b_page=$1 b_out=$2
	shift 2
	rm -rf "$T/profile"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$T/profile" --disable-background-networking --disable-sync \
		--disable-component-update --disable-extensions --hide-scrollbars \
		--enable-logging=stderr --v=0 "$@" "file://$b_page" > "$b_out" 2> "$b_out.err"
}

# standin_fstests DIR: a stand-in fstests tree in fstests' shape: its check
# runs each test named, as fstests' does, and leaves results/<test>.out.bad,
# .notrun, .dmesg and check.time; standin_test NAME SCRIPT OUT adds
# tests/generic/NAME and its .out.
standin_fstests() {
	fst=$1
	mkdir -p "$fst/common" "$fst/tests/generic"
	printf '_notrun() { echo "$*" > "$seqres.notrun"; exit 0; }\n_fixed_by_kernel_commit() { :; }\n' \
		> "$fst/common/rc"
	cat > "$fst/check" <<'CHECK'
#!/bin/sh
rc=0
mkdir -p results/generic
for t; do
	export seqres=results/$t
	if [ ! -f "tests/$t" ]; then
		echo "$t - no such test?"
		continue
	fi
	sh "tests/$t" > "$seqres.tmp" 2>&1
	if [ -f "$seqres.notrun" ]; then
		echo "$t [not run] $(cat "$seqres.notrun")"
	elif [ -f "$seqres.dmesg" ]; then
		echo "$t _check_dmesg: something found (see $seqres.dmesg)"
		rc=1
	elif diff "tests/$t.out" "$seqres.tmp" >/dev/null; then
		echo "$t 1s"
		echo "$t 1" >> results/check.time
	else
		mv "$seqres.tmp" "$seqres.out.bad"
		echo "$t - output mismatch (see $seqres.out.bad)"
		rc=1
	fi
done
exit $rc
CHECK
	chmod +x "$fst/check"
}

standin_test() {
	printf 'echo "QA output created by %s"\n%s\n' "$1" "$2" > "$fst/tests/generic/$1"
	printf 'QA output created by %s\n%s' "$1" "$3" > "$fst/tests/generic/$1.out"
}

# standin_fstests_boot FSTESTS_DIR BOOT: BOOT, a stand-in of
# fstests-boot.sh: the guest's loop (vm-images/fstests/run-tests.sh, with
# fsresult built in $T/guest) on the host, its lines as the serial log;
# the kernel booted is in $SG_STANDIN_KERNEL for the tests to read.
standin_fstests_boot() {
	make -s -C "$SG_ROOT/verify" fstests OUT="$T/guest" >"$T/make.out" 2>&1 ||
		fail "fsresult does not build: $(tail -n 3 "$T/make.out")"
	cat > "$2" <<BOOT
#!/bin/sh
export SG_STANDIN_KERNEL=\$1
log=\$3
shift 3
printf '%s\n' "\$@" > "\$log.tests"
{
	echo "SG-BOOT 9.9.1 panic_on_oops=1 uptime=0.5"
	SG_FSRESULT="$T/guest/fsresult" "$SG_ROOT/vm-images/fstests/run-tests.sh" "$1" "\$log.tests"
	echo "SG-DONE uptime=9"
} > "\$log" 2>&1
BOOT
	chmod +x "$2"
}

# standin_gate: a series 9.9 whose kernel is drivers/md/raid0.c as built
# (linux-9.9.1.tar.xz), with raid0-map and raid0-discard, as the gate
# tests take it; $SG_QEMU a stand-in QEMU that fails every check of a
# kernel with a line BUG, panics in a kernel with a line PANIC, and the
# tree's build stops with gcc's error at a line NOBUILD.  standin_gate_quilt
# QUEUE NAME ID FROM TO writes a patch of QUEUE that turns line FROM into
# TO.  gate RUN QUEUE runs the gate; its output in RUN.out.
standin_gate() {
	standin_gate_tree
	standin_gate_qemu
}

# standin_gate_tree: standin_gate's series and tree, without its QEMU.
standin_gate_tree() {
	standin_conf
	cp "$SGCONF" "$QUILTMAIL" "$(dirname "$SGCONF")/bisectmd" "$SG_CACHE/bin/"
	printf 'initrd\n' > "$T/initrd"
	export SG_STANDIN_CHECKS="raid0-map raid0-discard"
	{ standin_head "raid0-map, raid0-discard"; standin_entry 9.9 9.9.1 p/empty base:true:PASS; } > "$SG_BRANCHES"
	src="$T/linux-9.9.1"
	mkdir -p "$src/drivers/md" "$src/scripts/kconfig" "$SG_CACHE/tarballs"
	cat > "$src/Makefile" <<'MK'
kernelversion:
	@echo 9.9.1
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@mkdir -p $(O)/arch/x86/boot $(O)/obj && touch $(O)/obj/a.o
	@! grep -n NOBUILD drivers/md/raid0.c | sed 's|^\([0-9]*\):.*|$(CURDIR)/drivers/md/raid0.c:\1:5: error: expected declaration before NOBUILD|' | grep . >&2 || { echo "make[4]: *** [scripts/Makefile.build:250: drivers/md/raid0.o] Error 1" >&2; exit 1; }
	@cat drivers/md/raid0.c > $(O)/arch/x86/boot/bzImage
MK
	printf 'static int a;\nstatic int b;\n' > "$src/drivers/md/raid0.c"
	printf '#!/bin/sh\n' > "$src/scripts/kconfig/merge_config.sh"
	chmod +x "$src/scripts/kconfig/merge_config.sh"
	tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1
}

standin_gate_qemu() {
	standin_qemu "$T/qemu"
	cat >> "$T/qemu" <<'SH'
echo "SG-BOOT 9.9.1" >> "$log"
if grep -q '^PANIC' "$kernel"; then
	printf 'Kernel panic - not syncing: stand-in\n' >> "$log"
	exit 0
fi
r=PASS
grep -q '^BUG' "$kernel" && r="FAIL seed=$seed first: array sector 77"
for c in $checks; do
	printf 'SG-BEGIN %s\nSG-RESULT %s %s\nSG-END %s rc=0 secs=0.1\n' "$c" "$c" "$r" "$c" >> "$log"
done
echo SG-DONE >> "$log"
SH
	export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=7
}

standin_gate_quilt() {
	mkdir -p "$1"
	cat > "$1/$2" <<EOF2
From $3 Mon Sep 17 00:00:00 2001
From: A U Thor <author@example.org>
Date: Mon, 4 May 2015 10:00:00 +0200
Subject: md/raid0: $2

commit $3 upstream.

Signed-off-by: A U Thor <author@example.org>
---
--- a/drivers/md/raid0.c
+++ b/drivers/md/raid0.c
@@ -1,2 +1,2 @@
-$4
+$5
 static int b;
EOF2
	echo "$2" >> "$1/series"
}

gate() {
	"$SG_ROOT/maintain/gate.sh" "$1" "$T/initrd" 9.9 "$2" > "$1.out" 2>&1
}

# standin_side DIR CHECK=OBSERVED[=REASON]...: a run folder of series 9.9
# (variant: DIR's name, every check expected PASS) with those outcomes,
# as one side of a gate: a REASON the check's first bad line (default
# "CHECK said OBSERVED"); an ERROR that is not a build's ("build ...",
# "no kernel ...") a guest that died, its log's tail a panic.
standin_side() {
	mkdir -p "$1"
	ss_d=$1
	shift
	{
		"$RUNFILE" header results
		for ss_co; do
			ss_c=${ss_co%%=*} ss_rest=${ss_co#*=}
			ss_obs=${ss_rest%%=*} ss_why=${ss_rest#*=}
			[ "$ss_why" != "$ss_rest" ] || ss_why="$ss_c said $ss_obs"
			ss_tail=-
			[ "$ss_obs" != ERROR ] || case $ss_why in build* | no\ kernel*) ;; *) ss_tail="Kernel panic - not syncing: oops" ;; esac
			"$RUNFILE" row results series=9.9 variant="$(basename "$ss_d")" check="$ss_c" \
				expected=PASS observed="$ss_obs" seconds=1 kernel=9.9.1 patchset=p seed=1 \
				complaint=- log=- reason="$ss_why" kind=check writer=- reader=- \
				log_tail="$ss_tail" image=-
		done
	} > "$ss_d/results.tsv"
}
