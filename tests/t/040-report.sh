# The matrix report on a fixed results file: Markdown, JUnit and JSON as
# recorded, a mismatch fails the run, a SKIP is listed but does not
# (unless SG_STRICT=1).
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
"$REPORT" "$T/ok" > /dev/null && ok "SKIP alone passes" || fail "SKIP failed the run"
SG_STRICT=1 "$REPORT" "$T/ok" > /dev/null && fail "SG_STRICT=1 let a SKIP pass" || ok "SG_STRICT=1 fails on SKIP"
: > "$T/ok/results.tsv"
"$REPORT" "$T/ok" > /dev/null && fail "an empty run passed" || ok "an empty run fails"
printf 'only\tthree\tcolumns\n' > "$T/ok/results.tsv"
"$REPORT" "$T/ok" 2>"$T/err" >/dev/null
grep -q "results.tsv:1: needs 10 tab-separated columns" "$T/err" && ok "bad row named" || fail "bad row: $(cat "$T/err")"
done_testing
