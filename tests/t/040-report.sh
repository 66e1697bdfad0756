# The matrix report on a fixed results file: Markdown, JUnit and JSON as
# recorded, a mismatch fails the run, a SKIP is listed but does not
# (unless the run's policy is strict: its policy file, not the
# environment, so a run folder renders the same for anyone).
. "$SG_ROOT/tests/common.sh"
g="$SG_ROOT/tests/golden"

mkdir -p "$T/all" "$T/ok"
cp "$g/results.tsv" "$T/all/"
"$REPORT" "$T/all" > "$T/all/stdout"
[ $? -eq 1 ] && ok "a mismatch exits 1" || fail "mismatch exit status"
for f in matrix.md junit.xml results.json; do
	if diff -u "$g/$f" "$T/all/$f"; then ok "$f as recorded"; else fail "$f differs"; fi
done
diff -u "$g/report.stdout" "$T/all/stdout" && ok "printed table" || fail "printed table differs"

grep -v -e 'SKIP' -e 'MISMATCH' "$g/results.tsv" | grep -v 'regress-ext4-es' > "$T/ok/results.tsv"
"$REPORT" "$T/ok" > /dev/null && ok "all as expected exits 0" || fail "clean run failed"
grep -v 'regress-ext4-es' "$g/results.tsv" > "$T/ok/results.tsv"
"$REPORT" "$T/ok" > "$T/ok/stdout" && ok "SKIP alone passes" || fail "SKIP failed the run"
tail -n 1 "$T/ok/stdout" | grep -qx '1 of 2 series run, 2 cross-era pairs, 10 of 10 outcomes as expected; 1 series SKIP (no tree)' &&
	ok "a skipped series is counted, and the run is not called OK" ||
	fail "summary: $(tail -n 1 "$T/ok/stdout")"
SG_STRICT=1 "$REPORT" "$T/ok" > /dev/null && ok "SG_STRICT=1 at render time changes nothing" ||
	fail "the environment's SG_STRICT judged a run"
"$RUNFILE" row --header policy strict=1 seed=7 tries=1 shard=1/1 > "$T/ok/policy"
"$REPORT" "$T/ok" > /dev/null && fail "a strict run's policy let a SKIP pass" ||
	ok "a run whose policy is strict fails on SKIP"
rm "$T/ok/policy"
grep -v SKIP "$T/ok/results.tsv" > "$T/ok/run.tsv" && mv "$T/ok/run.tsv" "$T/ok/results.tsv"
"$REPORT" "$T/ok" | tail -n 1 | grep -q '; matrix OK$' && ok "every series run and as expected: matrix OK" ||
	fail "no matrix OK on a full clean run"
: > "$T/ok/results.tsv"
"$REPORT" "$T/ok" > /dev/null && fail "an empty run passed" || ok "an empty run fails"
printf 'only\tthree\tcolumns\n' > "$T/ok/results.tsv"
"$REPORT" "$T/ok" 2>"$T/err" >/dev/null && fail "a file without the header was read"
grep -q "results.tsv:1: the header must be \"series" "$T/err" && ok "a missing header is named" ||
	fail "no header: $(cat "$T/err")"
{ "$RUNFILE" header results; printf 'only\tthree\tcolumns\n'; } > "$T/ok/results.tsv"
"$REPORT" "$T/ok" 2>"$T/err" >/dev/null && fail "a short row was read"
grep -q "results.tsv:2: needs 17 tab-separated columns" "$T/err" && ok "bad row named" || fail "bad row: $(cat "$T/err")"
# A cache that still holds a run of the results schema before the plan
# and the join: the index lists it as older, quietly, and reads the rest.
mkdir -p "$T/runs/20250101-000000" "$T/runs/20250102-000000"
printf 'series\tvariant\tcheck\texpected\tobserved\tseconds\tkernel\tpatchset\tseed\tcomplaint\tlog\treason\n' \
	> "$T/runs/20250101-000000/results.tsv"
cp "$g/results.tsv" "$T/runs/20250102-000000/"
"$REPORT" --index "$T/runs" > /dev/null 2>"$T/err" && [ ! -s "$T/err" ] &&
	grep -q 'older</span></td><td>a run of an older results.tsv schema' "$T/runs/index.html" &&
	grep -q 'not as expected' "$T/runs/index.html" &&
	ok "an older run's schema: listed as older, no error, the others read" ||
	fail "index over an older run: $(cat "$T/err")"
# The same TSV reader (lib/tsv.c) under bisectmd, which finds the
# columns of steps.tsv by name: reordered and with a column more, it
# reads right; a missing column and a short row are named.
b="$T/bisect"
mkdir -p "$b"
printf 'series\t9.9\nstatus\tambiguous\ncandidate\tabc\n' > "$b/answer"
steps() {	# steps HEADER ROW...: steps.tsv, tabs written as |
	for l; do echo "$l"; done | tr '|' '\t' > "$b/steps.tsv"
}
steps 'note|extra|verdict|first_bad|secs|tries|build|subject|commit|role|step' \
	'a note|x|bad|-|12|FAIL@1|built|the subject|0123456789ab|bisect|1'
"$(dirname "$REPORT")/bisectmd" "$b" > "$T/bout" 2>"$T/err"
grep -qx '| 1 | bisect | 0123456789ab | the subject | built | FAIL@1 | 12 | - | bad | a note |' "$T/bout" &&
	ok "bisectmd reads steps.tsv's columns by name" || fail "bisectmd: $(cat "$T/bout" "$T/err")"
steps 'step|role|commit|subject|build|tries|secs|first_bad|note' '1|bisect|0123|s|built|FAIL@1|1|-|n'
"$(dirname "$REPORT")/bisectmd" "$b" > /dev/null 2>"$T/err"
[ $? = 2 ] && grep -qx "bisectmd: $b/steps.tsv:1: no column \"verdict\" in the header" "$T/err" &&
	ok "a missing column named" || fail "missing column: $(cat "$T/err")"
steps 'step|role|commit|subject|build|tries|secs|first_bad|verdict|note' '1|bisect|0123|s|built|FAIL@1|1|-|bad|n' '2|bisect'
"$(dirname "$REPORT")/bisectmd" "$b" > /dev/null 2>"$T/err"
[ $? = 2 ] && grep -q "steps.tsv:3: needs 10 tab-separated columns" "$T/err" &&
	ok "a short row of steps.tsv named" || fail "short row: $(cat "$T/err")"
done_testing
