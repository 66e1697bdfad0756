# `make matrix SERIES=6.1` on stand-ins (a 6.1 of four variants and six
# checks, as the real one has; a stand-in tree and QEMU), through the
# Makefile: every exec of sgconf, report and runfile is counted, the
# Makefile's own included.  The plan is made once and the verdicts are
# joined with it once: sgconf and report at most 3 each.  Nothing is
# forked per row: the same matrix with one check a variant instead of six
# runs runfile exactly as often (a constant per variant).
# needs: apt
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
standin_tree 6.1.5
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
append=$(echo "$@" | sed -n 's/.*\(sg_checks=[^ ]*\).*/\1/p')
echo "SG-BOOT 6.1.5" >> "$log"
for c in $(echo "${append#sg_checks=}" | tr , ' '); do
	printf 'SG-BEGIN %s\nSG-RESULT %s PASS seed=1\nSG-END %s rc=0 secs=0.1\n' "$c" "$c" "$c" >> "$log"
done
echo SG-DONE >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg

# Every tool the run may exec, counted: a wrapper that notes its name.
cp "$SGCONF" "$SG_CACHE/bin/"
for t in sgconf report runfile; do
	mv "$SG_CACHE/bin/$t" "$SG_CACHE/bin/$t.real"
	printf '#!/bin/sh\necho "%s $*" >> "$EXECS"\nexec "$0.real" "$@"\n' "$t" > "$SG_CACHE/bin/$t"
	chmod +x "$SG_CACHE/bin/$t"
done
export SGCONF="$SG_CACHE/bin/sgconf"
# The tools and the image as make finds them made: nothing to build.
for t in relnotes followups quiltmail bisectmd guesttimes kcidbcheck phasetimes fsbaseline; do
	printf '#!/bin/sh\nexit 0\n' > "$SG_CACHE/bin/$t"
	chmod +x "$SG_CACHE/bin/$t"
done
mkdir -p "$SG_CACHE/fio" "$SG_CACHE/image"
sum=$(cat "$SG_ROOT/vm-images/build-fio.sh" "$SG_ROOT/prove/fetch-package.sh" | sha1sum | cut -c1-12)
touch -d '2000-01-01' "$SG_CACHE/fio/fio.inputs-$sum"
touch -d '2000-01-02' "$SG_CACHE/fio/fio"
: > "$SG_CACHE/image/initramfs.cpio"

# matrix NAME CHECKS...: make matrix SERIES=6.1 with those checks; the
# execs it made in $T/NAME.execs, a line each.
matrix() {
	m_name=$1
	shift
	export SG_STANDIN_CHECKS="$*"
	{
		standin_head "$(echo "$@" | sed 's/ /, /g')"
		standin_entry 6.1 6.1.5 p/empty base:true:PASS r1:true:PASS r2:true:PASS r3:true:PASS
	} > "$SG_BRANCHES"
	export EXECS="$T/$m_name.execs"
	: > "$EXECS"
	make -s -C "$SG_ROOT" matrix SERIES=6.1 > "$T/$m_name.out" 2>&1 ||
		fail "make matrix ($m_name) exited $?: $(tail -n 20 "$T/$m_name.out")"
	grep -q "1 of 1 series run, $(( 4 * $# )) of $(( 4 * $# )) outcomes as expected; matrix OK" \
		"$T/$m_name.out" && ok "the stand-in matrix ($m_name) is green" ||
		fail "$m_name not green: $(tail -n 20 "$T/$m_name.out")"
}
# count RUN TOOL: its execs; runfile's but the import's phase row, which
# only the first run on a fresh cache has.
count() { grep "^$2 " "$T/$1.execs" | grep -vc '^runfile row phases phase=import '; }

matrix six raid0-map raid0-discard raid0-fs-discard ext4-es-delayed fio-raid0 fio-ext4
matrix one raid0-map
for t in sgconf report runfile; do
	echo "execs of $t: $(count six $t) with six checks, $(count one $t) with one"
done
[ "$(count six sgconf)" -le 3 ] && ok "sgconf ran $(count six sgconf) times (at most 3)" ||
	fail "sgconf ran $(count six sgconf) times, want at most 3: $(grep '^sgconf' "$T/six.execs")"
[ "$(count six report)" -le 3 ] && ok "report ran $(count six report) times (at most 3)" ||
	fail "report ran $(count six report) times, want at most 3: $(grep '^report' "$T/six.execs")"
[ "$(count six runfile)" = "$(count one runfile)" ] &&
	ok "runfile ran as often for six checks a variant as for one: nothing per row" ||
	fail "runfile: $(count six runfile) execs for six checks, $(count one runfile) for one"
[ "$(count six runfile)" -le $((10 * 4 + 10)) ] &&
	ok "runfile: $(count six runfile) execs for four variants (at most 10 each, and 10)" ||
	fail "runfile ran $(count six runfile) times for 4 variants: $(cut -d' ' -f1-3 "$T/six.execs" | sort | uniq -c)"
done_testing
