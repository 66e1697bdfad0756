# The corpus (branches.yaml's corpus:): sgconf corpus checks every case
# of the real one and prints it, a row a case, its patches absolute and
# there; a stand-in corpus with a series branches.yaml lacks, a short id
# and a patch that is not there is refused, each named with its line,
# and nothing printed.  report --corpus makes make bench PHASE=corpus's
# table from stand-in gate folders: a case flagged, its culprit
# verified, its fixed queue clean, is counted; one whose fixed queue
# regressed too (a false alarm), or that was not flagged, is not, and
# the exit is 1; all good, 0.
. "$SG_ROOT/tests/common.sh"

n=$(grep -c '^  [a-z0-9.-]*:$' "$SG_ROOT/prove/corpus/corpus.yaml")
"$SGCONF" "$SG_ROOT/branches.yaml" corpus > "$T/cases" 2> "$T/cases.err"
rows=$("$RUNFILE" count "$T/cases" 2>/dev/null || echo 0)
missing=$("$RUNFILE" list "$T/cases" previous queue fixed | tr ' ' '\n' |
	while read -r f; do [ "$f" = - ] || [ -f "$f" ] || echo "$f"; done)
[ "$rows" = "$n" ] && [ "$n" -ge 1 ] && [ -z "$missing" ] &&
	ok "the corpus: $n cases, every patch there" ||
	fail "sgconf corpus: $rows rows of $n; missing: $missing; $(cat "$T/cases.err")"

# A stand-in: one good case, then three faults on their own lines.
mkdir -p "$T/conf/c"
ln -s "$SG_ROOT/backports" "$SG_ROOT/prove" "$T/conf/"
sed 's|^corpus: .*|corpus: c/corpus.yaml|' "$SG_ROOT/branches.yaml" > "$T/conf/branches.yaml"
echo "From: x" > "$T/conf/c/p.patch"
good='    bad: 91562895f8030cb9a0470b1db49de79346a69f91
    fix: 936e114a245b6e38e0dbf706a67e7611fc993da1
    shipped: 6.1.64
    fixed-in: 6.1.66
    reported: a list
    replay: exact
    previous: p.patch'
{
	printf 'cases:\n  fine:\n    series: "6.1"\n%s\n    queue: [p.patch]\n    fixed: [p.patch]\n' "$good"
	printf '  noseries:\n    series: "9.9"\n%s\n    queue: [p.patch]\n    fixed: [p.patch]\n' "$good"
	printf '  shortid:\n    series: "6.1"\n%s\n    queue: [p.patch]\n    fixed: [p.patch]\n' \
		"$(echo "$good" | sed 's/^    bad: \(.\{12\}\).*/    bad: \1/')"
	printf '  nopatch:\n    series: "6.1"\n%s\n    queue: [gone.patch]\n    fixed: [p.patch]\n' "$good"
} > "$T/conf/c/corpus.yaml"
"$SGCONF" "$T/conf/branches.yaml" corpus > "$T/bad.out" 2> "$T/bad.err"
rc=$?
[ $rc = 1 ] && [ ! -s "$T/bad.out" ] &&
	grep -q 'corpus.yaml:14:.*noseries: series 9.9 is not one of branches.yaml' "$T/bad.err" &&
	grep -q 'corpus.yaml:25:.*shortid: bad and fix want the upstream commits' "$T/bad.err" &&
	grep -q 'corpus.yaml:44: gone.patch: no such patch file' "$T/bad.err" &&
	grep -q 'corpus.yaml: 3 errors' "$T/bad.err" &&
	ok "a bad corpus: refused, each fault named with its line, nothing printed" ||
	fail "bad corpus: exit $rc: $(cat "$T/bad.err" "$T/bad.out")"

# report --corpus: stand-in gate folders.
gate_dir() {	# gate_dir DIR VERDICT [CULPRIT_VERIFIED [ROW_VERDICT]]
	mkdir -p "$1"
	"$RUNFILE" row --header judgement verdict="$2" tested=no why=- > "$1/judgement"
	"$RUNFILE" header gate > "$1/gate.tsv"
	[ "$2" = regression ] || return 0
	"$RUNFILE" row gate series=6.1 variant=candidate check=ext4-io-paths writer=- reader=- \
		previous=PASS candidate=FAIL,FAIL,FAIL verdict="${4:-regression}" rate=- reason=- \
		previous_kernel=6.1 candidate_kernel=6.1 previous_reason=- >> "$1/gate.tsv"
	"$RUNFILE" row --header culprit number=001/001 patch=0001-x.patch subject=x upstream=- \
		verified="$3" fixed_by=- bisect=- > "$1/culprit"
}
head -n 2 "$T/cases" > "$T/one"
c=$(sed -n 2p "$T/cases" | cut -f1)
gate_dir "$T/g/bad" regression verified
gate_dir "$T/g/fixed" "no regression"
gate_dir "$T/g/alarm" regression verified
{
	"$RUNFILE" header corpusrun
	"$RUNFILE" row corpusrun case="$c" queue=queue run="$T/g/bad" secs=100 status=1
	"$RUNFILE" row corpusrun case="$c" queue=fixed run="$T/g/fixed" secs=30 status=0
} > "$T/runs.good"
# table NAME RC ROW SAY: report --corpus of $T/runs.NAME exits RC with
# the case's row ROW (flagged to seconds); ok SAY.
table() {
	"$REPORT" --corpus "$T/one" "$T/runs.$1" > "$T/table.$1"
	rc=$?
	[ $rc = "$2" ] && grep -qF "| $c | 6.1 | 91562895f803 in 6.1.64, 936e114a245b in 6.1.66 | $3 |" \
		"$T/table.$1" && ok "report --corpus: $4" || fail "report --corpus, $1: exit $rc: $(cat "$T/table.$1")"
}
table good 0 "yes | ext4-io-paths | 001/001 (verified) | no | 130" \
	"flagged, caught by ext4-io-paths, the culprit verified, no false alarm: exit 0"
sed "s|$T/g/fixed|$T/g/alarm|" "$T/runs.good" > "$T/runs.alarm"
table alarm 1 "yes | ext4-io-paths | 001/001 (verified) | yes | 130" \
	"a false alarm on the fixed queue is said, exit 1"
sed "s|$T/g/bad|$T/g/fixed|" "$T/runs.good" > "$T/runs.missed"
table missed 1 "no | - | - | no | 130" "a case not flagged is said, exit 1"
gate_dir "$T/g/died" regression verified "regression (boot)"
sed "s|$T/g/bad|$T/g/died|" "$T/runs.good" > "$T/runs.died"
table died 0 "yes | ext4-io-paths (boot) | 001/001 (verified) | no | 130" \
	"a candidate whose guest died is flagged, the check named with (boot)"
grep -q '^1 of 1 cases flagged' "$T/table.good" && grep -q '^0 of 1 cases flagged' "$T/table.alarm" &&
	ok "report --corpus counts the cases that are all the corpus wants" ||
	fail "report --corpus counts: $(tail -n 1 "$T/table.good" "$T/table.alarm")"

done_testing
