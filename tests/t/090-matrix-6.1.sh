# End to end, for real: the 6.1 tree from linux-source-6.1, its branches,
# a ccache build of every variant, a TCG boot of each with the checks, and
# the verdicts.  Every observed outcome must be the expected one, base must
# pass everything with its evidence, and every check must be killed by at
# least one mutant: the check's own FAIL with the sector, byte or file
# position it found wrong, or fio the offset of its first bad block (an
# ERROR, a crash or a kernel complaint is not a kill).
# needs: kernel
. "$SG_ROOT/tests/common.sh"
run="$T/run"
initrd="$SG_CACHE/image/initramfs.cpio"
[ -f "$initrd" ] || { echo "no $initrd: run through make check"; exit 1; }

"$SG_ROOT/prove/matrix.sh" "$run" "$initrd" 6.1 || fail "matrix.sh exited $?"
"$REPORT" "$run" && ok "all outcomes as expected" || fail "report: not as expected"
tsv="$run/results.tsv"
checks=$("$SGCONF" "$SG_ROOT/branches.yaml" checks)
variants=$("$SGCONF" "$SG_ROOT/branches.yaml" variants 6.1)
rows=$(($(wc -l < "$tsv") - 1))
. "$SG_ROOT/lib/sg.sh"
want=$(( $(echo $checks | wc -w) * $(echo $variants | wc -w) ))
[ "$rows" -eq "$want" ] && ok "$rows rows" || fail "$rows rows, want $want"
tsv_where "$tsv" '
	c["variant"] == "base" && (c["observed"] != "PASS" || c["reason"] !~ /arrays=[1-9]|cases=[1-9]/) { bad = 1 }
	END { exit bad }' &&
	ok "base passes every check, with what it tested" || fail "base does not pass everything"
for c in $checks; do
	killers=$(tsv_where "$tsv" '
		c["check"] == want && c["variant"] ~ /^regress-/ && c["expected"] == "FAIL" &&
		c["observed"] == "FAIL" && c["reason"] ~ /sector [0-9]|byte [0-9]|offset [0-9]|position [0-9]|e2fsck/ { print c["variant"] }' want="$c")
	[ -n "$killers" ] && ok "$c killed by $(echo $killers)" || fail "$c is killed by no mutant"
done
for f in matrix.md junit.xml results.json; do
	[ -s "$run/$f" ] && ok "$f written" || fail "$f missing"
done
ls "$run"/logs/6.1-*.log >/dev/null 2>&1 && ok "serial logs kept" || fail "no serial logs"
# An Oops must end the guest at once, not leave it to hang until killed.
# Every guest's boot line says so: a log without one fails too.
logs=$(ls "$run"/logs/6.1-*.log | wc -l)
[ "$logs" -gt 0 ] && [ "$(grep -h '^SG-BOOT' "$run"/logs/6.1-*.log | tr -d '\r' | grep -c 'panic_on_oops=1\( \|$\)')" = "$logs" ] &&
	ok "every 6.1 guest ($logs) panics on an Oops" ||
	fail "not every one of $logs guests said panic_on_oops=1: $(grep -h '^SG-BOOT' "$run"/logs/6.1-*.log)"
done_testing
