# A distributed engine's three jobs: each side booted alone (GATE_SIDE),
# then compared (GATE_SIDES): the same verdicts and culprit as one gate,
# though the compare job's machine lacks the previous side's kernel (its
# cache is the candidate's): the tries build it again, they never boot
# what is not there.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
gate "$T/bad" "$q"
GATE_SIDE=previous gate "$T/side-p" "$q" && GATE_SIDE=candidate gate "$T/side-c" "$q" &&
	[ "$("$RUNFILE" list "$T/side-p/results.tsv" variant | sort -u)" = previous ] &&
	[ "$("$RUNFILE" list "$T/side-c/results.tsv" variant | sort -u)" = candidate-queue-9.9.2 ] ||
	fail "the sides: $(tail -n 3 "$T/side-p.out" "$T/side-c.out")"
rm -f "$(cat "$T/side-p/kernels/9.9/previous")"
GATE_SIDES="$T/side-p $T/side-c" gate "$T/sides" "$q"
rc=$?
[ $rc = 1 ] && [ "$("$RUNFILE" list "$T/sides/gate.tsv" check verdict)" = "$("$RUNFILE" list "$T/bad/gate.tsv" check verdict)" ] &&
	[ "$("$RUNFILE" list "$T/sides/culprit" number patch verified)" = "002/002 planted verified" ] &&
	[ "$("$RUNFILE" count "$T/sides/results.tsv")" = 4 ] && [ -f "$T/sides/report.html" ] &&
	[ -f "$T/sides/try-2/kernels/9.9/previous" ] &&
	[ "$("$RUNFILE" count --where observed=ERROR "$T/sides/try-2/results.tsv")" = 0 ] &&
	ok "GATE_SIDE=previous, GATE_SIDE=candidate, then GATE_SIDES: the one gate's verdicts and culprit" ||
	fail "sides: exit $rc: $(cat "$T/sides/gate.tsv"; tail -n 5 "$T/sides.out")"
done_testing
