# make fstests on a stand-in fstests tree in fstests' shape (check,
# common/rc, tests/generic/NNN and their .out), no Debian userland and no
# kernel: the guest's per-test loop (vm-images/fstests/run-tests.sh) and
# its reader of check's results/ (fsresult) run on the host, through
# prove/fstests.sh in place of the boot, and each test becomes a row
# judged against a stand-in series' baseline (fsbaseline): a pass, an
# output mismatch (its first differing line), a kernel complaint in
# .dmesg, a _notrun (SKIP with its reason), a test check did not run
# (ERROR, never PASS), fsx's first error line past its preamble, a known
# failure the baseline expects, and one the
# baseline leaves out (never run).  Without FSTESTS every row is SKIP,
# naming the variable.  Bad baselines are refused, naming file:line.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
FSBASELINE="$SG_CACHE/bin/fsbaseline"
# tsv_where: results.tsv read by column name.
. "$SG_ROOT/lib/sg.sh"
cp "$FSBASELINE" "$T/fsbaseline"
standin_series
cp "$T/fsbaseline" "$SG_CACHE/bin/"

fst="$T/fstests"
standin_fstests "$fst"
standin_test 001 'echo 0123456789abcdef' '0123456789abcdef
'
standin_test 002 'echo "wrote 4096/4096"; echo "read back 0000 0000"' 'wrote 4096/4096
read back abcd abcd
'
standin_test 003 '. ./common/rc; _notrun "stand-in: no FALLOC_FL_ZERO_RANGE here"' ''
standin_test 004 'echo "WARNING: CPU: 0 PID: 7 at fs/ext4/extents_status.c:42" > "$seqres.dmesg"' ''
standin_test 005 'touch ran-005' ''
standin_test 006 'echo "wrote 1/1"' 'wrote 2/2
'
# fsx's way: a preamble, then its error.
standin_test 007 'printf "mapped writes DISABLED\nSeed set to 1\nREAD BAD DATA: offset = 0x1000, size = 0x200, fname = /mnt/test/junk\n"' 'All 10000 operations completed A-OK!
'

standin_fstests_boot "$fst" "$T/boot"
printf '#!/bin/sh\necho made "$@" >&2\n' > "$T/image"
chmod +x "$T/image"
: > "$T/bzImage"
mkdir -p "$T/conf/backports/9.9"
cat > "$T/conf/backports/9.9/fstests.expunge" <<'BASE'
# the stand-in's baseline
generic/006	# FAIL fixed: a known failure of the stand-in's era
generic/005	# SKIP: left out, it would hang the stand-in
generic/002	# FAIL unfixed: only the unfixed kernel gets it wrong
BASE

fstests() {
	SG_FSTESTS_IMAGE_CMD="$T/image" SG_FSTESTS_BOOT_CMD="$T/boot" KERNEL="$T/bzImage" \
	TESTS="generic/001 generic/002 generic/003 generic/004 generic/005 generic/006 generic/007 generic/099" \
		sh "$SG_ROOT/prove/fstests.sh" "$@"
}

# row RUN TEST OBSERVED EXPECTED [REASON...]: the test's row says so.
row() {
	got=$(tsv_where "$1/results.tsv" 'c["check"] == t {
		print c["observed"] "\t" c["expected"] "\t" c["reason"] }' t="$2")
	case $got in
	"$3	$4	"*"$5"*) ok "$2: $3, expected $4${5:+, \"$5\"}" ;;
	*) fail "$2: wanted $3 (expected $4) with \"$5\", got: $got" ;;
	esac
}

FSTESTS="$fst" fstests "$T/run" 9.9 fixed > "$T/run.out" 2>&1
rc=$?
[ $rc = 1 ] && ok "a test failing outside the baseline turns the run red" ||
	fail "make fstests exited $rc, wanted 1: $(tail -n 5 "$T/run.out")"
row "$T/run" generic/001 PASS PASS "generic/001 passed"
row "$T/run" generic/002 FAIL PASS 'line 3: expected "read back abcd abcd", got "read back 0000 0000"'
row "$T/run" generic/003 SKIP PASS "not run: stand-in: no FALLOC_FL_ZERO_RANGE here"
row "$T/run" generic/004 FAIL PASS "generic/004.dmesg: the kernel complained: WARNING: CPU: 0 PID: 7"
row "$T/run" generic/005 SKIP PASS "left out by the baseline: left out, it would hang the stand-in"
row "$T/run" generic/006 FAIL FAIL "(baseline: a known failure of the stand-in's era)"
row "$T/run" generic/007 FAIL PASS 'generic/007: READ BAD DATA: offset = 0x1000, size = 0x200, fname = /mnt/test/junk (generic/007.out.bad line 4; it differs from line 2: expected "All 10000 operations completed A-OK!", got "mapped writes DISABLED")'
row "$T/run" generic/099 ERROR PASS "without a verdict on generic/099"
[ -e "$fst/ran-005" ] && fail "generic/005 ran, though the baseline leaves it out" ||
	ok "the test the baseline leaves out never ran"
grep -q '^- 9.9 fixed generic/003 skipped: ' "$T/run/matrix.md" &&
	ok "matrix.md lists the skipped test with its reason" || fail "matrix.md: $(cat "$T/run/matrix.md")"
grep -q '2 tests SKIP' "$T/run.out" && ok "the summary counts the tests not run" ||
	fail "summary: $(tail -n 1 "$T/run.out")"

# The unfixed variant expects generic/002's failure: only 004 and 099 are red.
rm -f "$fst/ran-005"
FSTESTS="$fst" fstests "$T/run2" 9.9 unfixed > "$T/run2.out" 2>&1
row "$T/run2" generic/002 FAIL FAIL "(baseline: only the unfixed kernel gets it wrong)"
row "$T/run2" generic/006 FAIL PASS "differs at line 2"
bad=$(tsv_where "$T/run2/results.tsv" 'c["expected"] != c["observed"] && c["observed"] != "SKIP" { print c["check"] }' |
	tr '\n' ' ')
[ "$bad" = "generic/004 generic/006 generic/007 generic/099 " ] && ok "unfixed: the rows not as expected are $bad" ||
	fail "unfixed: the rows not as expected are $bad"

# No FSTESTS: every test a SKIP row naming the variable, nothing booted.
FSTESTS= fstests "$T/run3" 9.9 fixed > "$T/run3.out" 2>&1
rc=$?
n=$(grep -c 'SKIP.*FSTESTS not set' "$T/run3/results.tsv")
[ "$rc" = 0 ] && [ "$n" = 8 ] && ok "no FSTESTS: 8 SKIP rows naming it, green" ||
	fail "no FSTESTS: exit $rc, $n SKIP rows naming it: $(cat "$T/run3.out")"
[ ! -e "$T/run3/logs/9.9-fixed.log" ] && ok "no FSTESTS: nothing booted" || fail "no FSTESTS: a guest booted"

# Bad baselines, named by file and line.
for bad in 'generic/086' 'generic/086 # PASS: no' 'generic/086 # FAIL:' 'generic086 # FAIL: x'; do
	printf '# ok\n%s\n' "$bad" > "$T/bad.expunge"
	out=$("$T/fsbaseline" "$T/bad.expunge" 9.9 base generic/086 2>&1) &&
		fail "baseline line \"$bad\" taken" ||
		case $out in
		*"bad.expunge:2: "*) ok "baseline line \"$bad\" refused: ${out#*:2: }" ;;
		*) fail "baseline line \"$bad\": $out" ;;
		esac
done
printf 'generic/1 # FAIL a b: x\ngeneric/1 # SKIP b: y\n' > "$T/bad.expunge"
"$T/fsbaseline" "$T/bad.expunge" 9.9 b generic/1 >/dev/null 2>&1 && fail "a test named twice for a variant taken" ||
	ok "a test named twice for one variant refused"
"$T/fsbaseline" "$T/bad.expunge" 9.9 c generic/1 | grep -q '^fstests	9.9	c	generic/1	PASS	-	-	-	yes	-$' &&
	ok "a line naming other variants leaves this one's test expected to PASS" ||
	fail "fsbaseline for another variant: $("$T/fsbaseline" "$T/bad.expunge" 9.9 c generic/1)"
# The repository's own baselines and list parse.
for b in "$SG_ROOT"/backports/*/fstests.expunge; do
	[ -f "$b" ] || continue
	"$T/fsbaseline" "$b" 9.9 base generic/086 >/dev/null && ok "$b parses" || fail "$b does not parse"
done
done_testing
