# A gate's sub-run (a try, a narrowing chunk, a proof's next try) is a
# boot of kernels the gate already built: report --gate plans its folder
# from the gate's own run files, prove/boot-run.sh boots it and joins
# its rows.  Counted with strace: at most 40 execs for a sub-run of both
# kernels, QEMU's own (the stand-in's) left out: no planner, no branch,
# no checkout, no build.  Its rows are the ones the gate's try has.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
command -v strace > /dev/null || skip "no strace"
FLAKY_CHECK=raid0-discard SG_SEED=9 gate "$T/g" "$T/clean" ||
	fail "the gate: exit $?: $(tail -n 5 "$T/g.out")"
try="$T/g/try-2"
[ -f "$try/results.tsv" ] && [ "$("$RUNFILE" list "$try/kind" made_by)" = "report --gate" ] &&
	ok "the gate's try was planned by report --gate and booted" ||
	fail "no try planned by report --gate: $(ls "$T/g")"

# The same try again, in a folder of its own, counted.
sub="$T/again"
mkdir -p "$sub"
for f in kind series variants plan cross.list; do cp "$try/$f" "$sub/"; done
strace -f -qq -s 512 -e trace=execve,clone,clone3,fork,vfork -o "$T/strace" \
	"$SG_ROOT/prove/boot-run.sh" "$sub" "$T/initrd" "$T/g/kernels/9.9" 10 64,12 > "$T/again.out" 2>&1 ||
	fail "boot-run.sh: exit $?: $(tail -n 5 "$T/again.out")"
# Every exec but QEMU's and those of its children (the stand-in guest):
# strace prints a child's exec before its parent's fork returns, so the
# parents are read first, then the execs.
awk -v qemu="$SG_QEMU" '
	NR == FNR {
		if ($0 ~ /(clone|clone3|fork|vfork)(\(| resumed>)/ && $NF ~ /^[0-9]+$/)
			parent[$NF] = $1
		if (index($0, "execve(\"" qemu "\""))
			inguest[$1] = 1
		next
	}
	/ execve\(/ && !/ = -1 / {
		guest = 0
		for (q = $1; q != ""; q = parent[q])
			if (inguest[q]) guest = 1
		if (!guest) { n++; print > "/dev/stderr" }
	}
	END { print n + 0 }' "$T/strace" "$T/strace" > "$T/execs" 2> "$T/execs.list"
execs=$(cat "$T/execs")
[ "$execs" -gt 0 ] && [ "$execs" -le 40 ] &&
	ok "a sub-run of both kernels: $execs execs (at most 40)" ||
	fail "a sub-run of both kernels: $execs execs: $(sed 's/.*execve("\([^"]*\)".*/\1/' "$T/execs.list" | sort | uniq -c | sort -rn | head -n 12 | tr '\n' ' ')"
[ "$("$RUNFILE" list "$sub/results.tsv" variant check observed)" = \
	"$("$RUNFILE" list "$try/results.tsv" variant check observed)" ] &&
	ok "its rows are the gate's try's: $("$RUNFILE" list "$sub/results.tsv" variant check observed | paste -sd';' -)" ||
	fail "rows differ: $(cat "$sub/results.tsv" "$try/results.tsv")"
done_testing
