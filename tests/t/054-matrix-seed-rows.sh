# A matrix with a cross-era pair, on stand-in trees and a stand-in QEMU,
# run as `make matrix` runs it: no seed exported.  The seed the run drew
# (runs/*/seed) reaches every guest, the pair's writer and reader too, and
# every row carries it.  A logread that gives fewer verdicts than the unit
# has checks, or none at all, makes ERROR rows that say so: no row goes
# missing.  The judge (report --judge) calls such a run not green.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
export SG_STANDIN_CHECKS="raid0-map raid0-discard"
standin_tree 9.8.1
standin_tree 9.9.1
{
	standin_head "raid0-map, raid0-discard"
	standin_entry 9.8 9.8.1 p/empty base:true:PASS
	standin_entry 9.9 9.9.1 p/empty base:true:PASS
	printf 'cross:\n  geometry: {members: [100, 200, 300], chunk: 64}\n  pairs:\n'
	printf '    up:\n      write: {series: "9.8", layout: original}\n'
	printf '      read: {series: "9.9"}\n      expect: PASS\n'
} > "$SG_BRANCHES"
"$SGCONF" "$SG_BRANCHES" validate || fail "stand-in branches.yaml"

# The guest answers PASS for every check it is given, with the seed it
# was given, and keeps its command line beside its log.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
echo "$append" > "${log%.log}.append"
echo "SG-BOOT 9.9.1" >> "$log"
for c in $checks; do
	printf 'SG-BEGIN %s\nSG-RESULT %s PASS seed=%s\nSG-END %s rc=0 secs=0.1\n' "$c" "$c" "$seed" "$c" >> "$log"
done
echo SG-DONE >> "$log"
SH
# logread as a broken one would be: 9.9's verdicts lack raid0-discard,
# and for 9.8 it fails outright.
mv "$SG_CACHE/bin/logread" "$SG_CACHE/bin/logread.real"
cat > "$SG_CACHE/bin/logread" <<'SH'
#!/bin/sh
# logread --both LOG ...: LOG.verdicts and LOG.outcome.
case $1,$2 in
--both,*/9.8-base.log) echo "logread: stand-in failure" >&2; exit 2 ;;
--both,*/9.9-base.log) "$0.real" "$@" || exit
	grep -v '^raid0-discard	' "$2.verdicts" > "$2.cut" && mv "$2.cut" "$2.verdicts" ;;
*) exec "$0.real" "$@" ;;
esac
SH
chmod +x "$SG_CACHE/bin/logread"
export SG_QEMU="$T/qemu" SG_ACCEL=tcg
unset SG_SEED

run="$T/run"
"$SG_ROOT/prove/matrix.sh" "$run" /dev/null 2>"$T/err" || fail "matrix.sh exited $?: $(cat "$T/err")"
seed=$(cat "$run/seed")
tsv="$run/results.tsv"
. "$SG_ROOT/lib/sg.sh"
echo "runs/*/seed: $seed"
echo "pair rows (writer reader variant check observed seed reason):"
"$RUNFILE" list --where kind=pair "$tsv" writer reader variant check observed seed reason | sed 's/^/  /'

[ "$("$RUNFILE" count --where kind=pair --where writer=9.8 --where reader=9.9 "$tsv")" = 1 ] &&
	ok "the pair ran" || fail "no pair row: $(cat "$tsv")"
tsv_where "$tsv" 'c["kind"] == "pair" && (c["seed"] != s || c["reason"] !~ "^seed=" s "( |$)") { bad = 1 }
	END { exit bad }' s="$seed" &&
	ok "the pair's row carries the run's seed, and its reader said it ran with it" ||
	fail "pair seed, want $seed: $(grep pair "$tsv")"
grep -q "sg_seed=$seed " "$run/cross/up/write.append" && grep -q "sg_seed=$seed " "$run/cross/up/read.append" &&
	ok "the writer and the reader were both given sg_seed=$seed" ||
	fail "pair command lines: $(cat "$run"/cross/up/*.append)"
tsv_where "$tsv" 'c["seed"] != s { bad = 1 } END { exit bad }' s="$seed" &&
	ok "every row carries the seed" || fail "rows: $(cat "$tsv")"
grep -q "sg_seed=$seed " "$run/logs/9.9-base.append" && ok "the series' guests got it too" ||
	fail "9.9 command line: $(cat "$run/logs/9.9-base.append")"

[ "$(($(wc -l < "$tsv") - 1))" = 5 ] && ok "2 units of 2 checks and a pair: 5 rows" || fail "rows: $(cat "$tsv")"
row() { tsv_where "$tsv" 'c["series"] == s && c["check"] == want { print c["observed"] "|" c["reason"] }' s="$1" want="$2"; }
case $(row 9.9 raid0-discard) in
"ERROR|no verdict for raid0-discard in "*) ok "a verdict logread left out is an ERROR row that says so" ;;
*) fail "9.9 raid0-discard: $(row 9.9 raid0-discard)" ;;
esac
case $(row 9.9 raid0-map) in
"PASS|seed=$seed") ok "the verdict it gave is kept" ;;
*) fail "9.9 raid0-map: $(row 9.9 raid0-map)" ;;
esac
case $(row 9.8 raid0-map)/$(row 9.8 raid0-discard) in
"ERROR|logread could not read "*"logread: stand-in failure"*"ERROR|logread could not read "*"logread: stand-in failure"*)
	ok "a logread that fails: every check an ERROR row with its words" ;;
*) fail "9.8: $(row 9.8 raid0-map) / $(row 9.8 raid0-discard)" ;;
esac
"$REPORT" --judge "$run" > "$T/judge" && fail "the judge called a run with ERROR rows green"
grep -qx "2 of 2 series run, 1 cross-era pair, 2 of 5 outcomes as expected" "$T/judge" &&
	ok "report --judge: not green, the summary line" || fail "judge: $(cat "$T/judge")"
"$REPORT" --judge "$run" 9.9 > "$T/judge" && fail "9.9 judged green"
grep -qx "1 of 2 outcomes as expected" "$T/judge" && ok "report --judge RUN SERIES: that series' rows" ||
	fail "judge 9.9: $(cat "$T/judge")"
"$REPORT" --judge "$run" 9.9 0123456789ab > "$T/judge"
[ $? = 3 ] && grep -q "^no outcome of 9.9 with patch set 0123456789ab in " "$T/judge" &&
	ok "report --judge RUN SERIES PATCHSET: exit 3 when the run did not test it" ||
	fail "judge, another patch set: $(cat "$T/judge")"
# The run's policy holds its seed and strictness; the plan every row.
[ "$("$RUNFILE" list "$run/policy" seed strict)" = "$seed 0" ] && ok "the policy: the seed, not strict" ||
	fail "policy: $(cat "$run/policy")"
[ "$("$RUNFILE" count "$run/plan")" = 5 ] && ok "the plan: the 5 rows the run judged" ||
	fail "plan: $(cat "$run/plan")"
done_testing
