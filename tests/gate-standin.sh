# tests/gate-standin.sh, sourced by the gate's tests after tests/common.sh:
# a series 9.9 whose kernel is drivers/md/raid0.c as built (chunks of 64
# and 12 KiB), the record's proofs of three stand-in commits, a stand-in
# QEMU, and a stable-queue folder $q (widen-a, then planted: BUG) with
# $T/clean (widen-a alone).  The QEMU fails every check of a kernel with
# BUG; raid0-map on a kernel with NO12 when the guest has 12 KiB chunks;
# raid0-discard on one with ALLFAIL; FLAKY_CHECK one boot in three by the
# seed; REACHED_SOMETIMES one boot in three on a proof's kernel without
# its patch.  standin_rc makes $r, a linux-stable-rc of 9.9: v9.9.1 (NO12,
# ALLFAIL), its first commit trading NO12 for BUG (3333...), branch rc.
standin_gate_tree
# The guest's arrays: chunks of 64 and 12 KiB.
sed -i 's/chunks: \[64\]/chunks: [64, 12]/' "$SG_BRANCHES"

# The record's proof of three stand-in commits: widen-a (1111...) by
# raid0-map, planted (2222...) by fstests' generic/001, drop-allfail
# (5555...) by raid0-discard.
cat >> "$T/conf/upstream.yaml" <<'EOF'

  - id: "1111111111111111111111111111111111111111"
    subject: "md/raid0: widen-a"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-map"]

  - id: "2222222222222222222222222222222222222222"
    subject: "md/raid0: planted"
    release: "v9.9"
    kind: "fix"
    proven-by:
      fstests: ["generic/001"]

  - id: "5555555555555555555555555555555555555555"
    subject: "md/raid0: drop-allfail"
    release: "v9.9"
    kind: "fix"
    proven-by:
      checks: ["raid0-discard"]
EOF

standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
r=PASS
grep -q '^BUG' "$kernel" && r="FAIL seed=$seed first: array sector 77"
# NO12: raid0-map fails on an array of 12 KiB chunks (4.0.1's
# 20d0189b1012 bug), only when the guest builds one.
no12=
grep -q '^NO12' "$kernel" && case " $append " in *" sg_chunks="*12*) no12=1 ;; esac
# FLAKY_CHECK fails one boot in three, on either kernel, by the seed.
# The variants whose name links to this kernel (build/S/images/V: kept
# by its sources, named by its variants).
names=$(for l in "${kernel%/*/bzImage}"/*; do
	[ -L "$l" ] && [ "$(readlink "$l")" = "$(basename "${kernel%/bzImage}")" ] && echo "/${l##*/}/"
done)
off=1
case $names in */candidate-*) off=0 ;; esac
echo "SG-BOOT 9.9.1" >> "$log"
for c in $checks; do
	rc=$r
	[ "$c" = "${FLAKY_CHECK:-}" ] && [ $(( (seed + off) % 3 )) = 0 ] && rc="FAIL seed=$seed flaky"
	[ "$c" = raid0-map ] && [ -n "$no12" ] && rc="FAIL seed=$seed chunk=12K"
	# ALLFAIL: raid0-discard fails with every chunk.
	[ "$c" = raid0-discard ] && grep -q '^ALLFAIL' "$kernel" && rc="FAIL seed=$seed always"
	# REACHED_SOMETIMES: a bug the check reaches one boot in three, on a
	# kernel without a patch (a proof's).
	case $names in */without-*)
		[ "$c" = "${REACHED_SOMETIMES:-}" ] && [ $((seed % 3)) = 2 ] && rc="FAIL seed=$seed reached"
	esac
	printf 'SG-BEGIN %s\nSG-RESULT %s %s\nSG-END %s rc=0 secs=0.1\n' "$c" "$c" "$rc" "$c" >> "$log"
done
echo SG-DONE >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=7

q="$T/queue-9.9.2"
mkdir -p "$q"
standin_gate_quilt "$q" widen-a 1111111111111111111111111111111111111111 "static int a;" "static long a;"
cp -r "$q" "$T/clean"
standin_gate_quilt "$q" planted 2222222222222222222222222222222222222222 "static long a;" "BUG"

# standin_rc: $r, the stand-in linux-stable-rc (see above), and rgit.
standin_rc() {
	r="$T/stable-rc"
	mkdir -p "$r" && cp -r "$src/." "$r/"
	printf 'NO12\nALLFAIL\nstatic int a;\nstatic int b;\n' > "$r/drivers/md/raid0.c"
	{ printf 'VERSION = 9\nPATCHLEVEL = 9\nSUBLEVEL = 1\n'; cat "$src/Makefile"; } > "$r/Makefile"
	rgit() { git -C "$r" -c user.name=T -c user.email=t@example.org "$@"; }
	rgit init -q && rgit add -A && rgit commit -q -m "Linux 9.9.1" && rgit tag v9.9.1
	printf 'BUG\nALLFAIL\nstatic int a;\nstatic int b;\n' > "$r/drivers/md/raid0.c"
	rgit commit -q -a -m "md/raid0: trade 12 KiB chunks for a bug" -m "commit 3333333333333333333333333333333333333333 upstream."
	printf 'BUG\nALLFAIL\nstatic int a;\nstatic int b; /* b */\n' > "$r/drivers/md/raid0.c"
	sed -i 's/^SUBLEVEL = 1$/SUBLEVEL = 2/' "$r/Makefile"
	rgit commit -q -a -m "md/raid0: a comment, and 9.9.2-rc1"
	rgit branch rc
}

# standin_gate_fstests: $fst, a stand-in fstests checkout and guest for
# the gate (generic/001 fails on a kernel with BUG, generic/002 fails
# everywhere and the series' baseline expects it, generic/003 names the
# planted patch's commit as its fix, as fstests' tests do), and the
# commands that stand in for the image and the boot ($T/fsimage,
# $T/fsboot).
standin_gate_fstests() {
	fst="$T/fstests"
	standin_fstests "$fst"
	standin_test 001 'grep -q "^BUG" "$SG_STANDIN_KERNEL" && echo corrupted || echo 0123456789abcdef' '0123456789abcdef
'
	standin_test 002 'echo "read back 0000"' 'read back abcd
'
	standin_test 003 '. ./common/rc; _fixed_by_kernel_commit 222222222222 "md/raid0: planted"; echo ok' 'ok
'
	cp "$(dirname "$SGCONF")/fixedby" "$(dirname "$SGCONF")/fsbaseline" "$SG_CACHE/bin/"
	standin_fstests_boot "$fst" "$T/fsboot"
	printf '#!/bin/sh\necho made "$@" >&2\n' > "$T/fsimage"
	chmod +x "$T/fsimage"
	mkdir -p "$T/conf/backports/9.9"
	printf 'generic/002\t# FAIL: a known failure of the stand-in era\n' > "$T/conf/backports/9.9/fstests.expunge"
}
