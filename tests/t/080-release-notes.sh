# Release notes against recorded evidence (golden files), the refusal to
# publish untested notes, the choice of the latest run that tested the
# patch set now in the tree, and what fstests ran.
. "$SG_ROOT/tests/common.sh"
RELNOTES="$SG_CACHE/bin/relnotes"
g="$SG_ROOT/tests/golden/relnotes"
b="$SG_ROOT/branches.yaml"

for s in 3.19:3.19.8 6.1:6.1.192; do
	series=${s%%:*}
	mkdir -p "$T/$series"
	"$RELNOTES" "$b" "$series" "$T/$series" "$g/run-recorded/results.tsv" >/dev/null ||
		fail "$series: relnotes exited $?"
	for ext in txt md; do
		f="stableguard-${s#*:}-sg1.$ext"
		diff -u "$g/$f" "$T/$series/$f" && ok "$f as recorded" || fail "$f differs"
	done
done

mkdir -p "$T/untested"
"$RELNOTES" "$b" 3.19 "$T/untested" - > "$T/untested.out" 2>"$T/untested.err" &&
	fail "untested notes published without asking"
grep -q "UNTESTED: no matrix run has tested this patch set." "$T/untested.out" &&
	grep -q "no matrix run has tested this patch set" "$T/untested.err" &&
	ok "untested: said plainly, exit 1" || fail "untested message"
"$RELNOTES" "$b" 3.19 "$T/untested" - --untested >/dev/null 2>&1 &&
	ok "--untested publishes" || fail "--untested refused"

sed 's/^\(3\.19\tfixed\text4-es-delayed\tPASS\t\)PASS/\1FAIL/' "$g/run-recorded/results.tsv" > "$T/mismatch.tsv"
"$RELNOTES" "$b" 3.19 "$T/untested" "$T/mismatch.tsv" > "$T/mismatch.out" 2>/dev/null &&
	fail "notes with a mismatch passed"
grep -q "NOT AS EXPECTED: 1 outcome(s)" "$T/mismatch.out" && ok "mismatch said" || fail "mismatch text"

# What fstests ran goes into the notes, test by test; a test not as the
# baseline expects makes the evidence not as expected.
fsrow() {	# fsrow TEST EXPECTED OBSERVED REASON
	"$RUNFILE" row results series=3.19 variant=fixed check="$1" expected="$2" observed="$3" \
		seconds=9 kernel=3.19.8 patchset=6f2ee186a6a4 seed=1 complaint=- log=- reason="$4" \
		kind=fstests writer=- reader=- log_tail=- image=-
}
mkdir -p "$T/fsrun/20150103-000000-fstests-3.19" "$T/fs"
fs="$T/fsrun/20150103-000000-fstests-3.19/results.tsv"
{
	"$RUNFILE" header results
	fsrow generic/086 PASS PASS -
	fsrow generic/075 PASS PASS -
	fsrow generic/436 SKIP SKIP "_notrun: this test requires a valid \$SCRATCH_DEV"
} > "$fs"
"$RELNOTES" "$b" 3.19 "$T/fs" "$g/run-recorded/results.tsv" --fstests "$fs" > "$T/fs.out" 2>&1 ||
	fail "notes with fstests exited $?: $(cat "$T/fs.out")"
grep -q "^fstests run 20150103-000000-fstests-3.19, kernel 3.19.8, in QEMU on ext4 over md raid0:" "$T/fs.out" &&
	grep -q "^3 tests, 2 PASS, 0 FAIL, 1 SKIP, 0 ERROR; each as the series' baseline expects.$" "$T/fs.out" &&
	grep -q "^  generic/086 *fixed *PASS$" "$T/fs.out" &&
	grep -q "^  generic/436 *fixed *SKIP: _notrun: this test requires" "$T/fs.out" &&
	grep -q "^| generic/086 | fixed | PASS |  |$" "$T/fs/stableguard-3.19.8-sg1.md" &&
	ok "the notes say what fstests ran, each test and what it gave" ||
	fail "fstests section: $(cat "$T/fs.out")"
fsrow generic/091 PASS FAIL "generic/091.out.bad: +READ BAD DATA" >> "$fs"
"$RELNOTES" "$b" 3.19 "$T/fs" "$g/run-recorded/results.tsv" --fstests "$fs" > "$T/fs.out" 2>"$T/fs.err" &&
	fail "notes with an fstests test not as its baseline expects passed"
grep -q "^  generic/091 *fixed *FAIL (not as the baseline expects): generic/091.out.bad" "$T/fs.out" &&
	grep -q "NOT as the series' baseline expects" "$T/fs.out" &&
	ok "an fstests failure the baseline does not know: said, exit 1" || fail "fstests failure: $(cat "$T/fs.out")"

# release-notes.sh picks the newest run of the current patch set.
export SG_CACHE="$T/cache"
mkdir -p "$SG_CACHE/bin" "$SG_CACHE/runs/20150101-000000" "$SG_CACHE/runs/20150102-000000"
cp "$SGCONF" "$RELNOTES" "$REPORT" "$RUNFILE" "$SG_CACHE/bin/"
# The recorded run tested the 3.19 set of its day (6f2ee186a6a4); the
# choice is tried with the id of the set in the tree now.
cur=$(sh -c '. "$1/lib/sg.sh" && sg_load_series 3.19 && patchset_id' sh "$SG_ROOT")
sed "s/6f2ee186a6a4/$cur/" "$g/run-recorded/results.tsv" > "$SG_CACHE/runs/20150101-000000/results.tsv"
sed 's/6f2ee186a6a4/0123456789ab/' "$g/run-recorded/results.tsv" > "$SG_CACHE/runs/20150102-000000/results.tsv"
"$SG_ROOT/maintain/release-notes.sh" 3.19 > "$T/pick.out" 2>&1 || fail "release-notes.sh: $(cat "$T/pick.out")"
grep -q "Matrix run 20150101-000000, patch set $cur" "$T/pick.out" &&
	ok "picked the run of the current patch set" || fail "picked: $(grep 'Matrix run' "$T/pick.out")"
grep -q "| 3.19 | \[stableguard-3.19.8-sg1\](3.19/stableguard-3.19.8-sg1.md) | 20150101-000000 |" \
	"$SG_CACHE/release-notes/index.md" && ok "index" || fail "index: $(cat "$SG_CACHE/release-notes/index.md")"
grep -q "^fstests: not run on this patch set" "$T/pick.out" || fail "no fstests run, not said: $(cat "$T/pick.out")"
# The newest make fstests run of the set: for the fstests part only.
mkdir -p "$SG_CACHE/runs/20150104-000000-fstests-3.19"
head -n 3 "$fs" | sed "s/6f2ee186a6a4/$cur/" > "$SG_CACHE/runs/20150104-000000-fstests-3.19/results.tsv"
"$SG_ROOT/maintain/release-notes.sh" 3.19 > "$T/pick.out" 2>&1 || fail "release-notes.sh with fstests: $(cat "$T/pick.out")"
grep -q "Matrix run 20150101-000000, patch set $cur" "$T/pick.out" &&
	grep -q "^fstests run 20150104-000000-fstests-3.19, kernel 3.19.8" "$T/pick.out" &&
	ok "the matrix evidence from the matrix run, fstests from the fstests run" ||
	fail "picked: $(cat "$T/pick.out")"
done_testing
