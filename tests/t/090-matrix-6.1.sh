# End to end, for real: the 6.1 tree from linux-source-6.1, its branches,
# a ccache build of every variant, a TCG boot of each with the checks, and
# the verdicts.  Every observed outcome must be the expected one, base must
# pass everything, and every check must be killed by at least one mutant.
. "$SG_ROOT/tests/common.sh"
run="$T/run"
initrd="$SG_CACHE/image/initramfs.gz"
[ -f "$initrd" ] || { echo "no $initrd: run through make check"; exit 1; }

"$SG_ROOT/build-matrix/matrix.sh" "$run" "$initrd" 6.1 || fail "matrix.sh exited $?"
"$REPORT" "$run" && ok "all outcomes as expected" || fail "report: not as expected"
tsv="$run/results.tsv"
checks=$("$SGCONF" "$SG_ROOT/branches.yaml" checks)
variants=$("$SGCONF" "$SG_ROOT/branches.yaml" variants 6.1)
rows=$(wc -l < "$tsv")
want=$(( $(echo $checks | wc -w) * $(echo $variants | wc -w) ))
[ "$rows" -eq "$want" ] && ok "$rows rows" || fail "$rows rows, want $want"
awk -F'\t' '$2 == "base" && $5 != "PASS" { bad = 1 } END { exit bad }' "$tsv" &&
	ok "base passes every check" || fail "base does not pass everything"
for c in $checks; do
	killers=$(awk -F'\t' -v c="$c" '$3 == c && $2 ~ /^regress-/ && $4 == "FAIL" && $5 == "FAIL" { print $2 }' "$tsv")
	[ -n "$killers" ] && ok "$c killed by $(echo $killers)" || fail "$c is killed by no mutant"
done
for f in matrix.md junit.xml results.json; do
	[ -s "$run/$f" ] && ok "$f written" || fail "$f missing"
done
ls "$run"/logs/6.1-*.log >/dev/null 2>&1 && ok "serial logs kept" || fail "no serial logs"
done_testing
