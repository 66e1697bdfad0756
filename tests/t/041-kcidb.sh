# kcidb.json in KCIDB's I/O schema 5.3, checked by kcidbcheck (report/
# kcidbcheck.c, the schema's required fields, types, enumerations and
# patterns): a stand-in run whose outcomes are all as expected, a run with
# every outcome kind (PASS FAIL ERROR SKIP REFUSED, cross-era pairs, a
# failed build) and a bisection are valid; a file missing a required field,
# with a status the schema does not know, a field of the wrong type, a
# field it does not name, another major version, or not JSON, is not.
. "$SG_ROOT/tests/common.sh"
CHECK="$SG_CACHE/bin/kcidbcheck"

standin_run "$T/ok"
"$REPORT" "$T/ok" > /dev/null || fail "the stand-in run is not green"
"$CHECK" "$T/ok/kcidb.json" > "$T/out" && grep -qx "kcidbcheck: $T/ok/kcidb.json: valid KCIDB I/O 5.3: 1 checkouts, 2 builds, 4 tests, 0 issues, 0 incidents" "$T/out" &&
	ok "a stand-in run's kcidb.json is valid" || fail "stand-in run: $(cat "$T/out")"

run="$T/all"
standin_run "$run" all
"$REPORT" "$run" > /dev/null
[ $? = 1 ] || fail "a run with mismatches is green"
k="$run/kcidb.json"
"$CHECK" "$k" > "$T/out" && ok "every outcome kind: $(cat "$T/out")" || fail "every outcome kind: $(cat "$T/out")"

# what ONE_LINE_PATTERN: kcidb.json has a line matching it.
has() {
	grep -q -- "$2" "$k" && ok "$1" || fail "$1: no line like $2 in $k"
}
for s in PASS FAIL ERROR SKIP DONE; do
	has "a test of status $s" "^      \"status\": \"$s\",$"
done
has "a build that failed is FAIL" '"log_excerpt": "build failed: drivers/md/raid0.c:42'
has "a series without its tree: its build SKIP" '"comment": "stable/3.19: not run: SKIP 3.19'
has "REFUSED kept in misc" '"observed": "REFUSED",'
has "the commit of stable/S" '"git_commit_hash": "0123456789abcdef0123456789abcdef01234567",'
has "origin-prefixed ids" '"id": "stableguard:all/6.1/unfixed/raid0-map",'
has "a dotted path per check" '"path": "stableguard.raid0-map",'
has "the first bad line" '"log_excerpt": "seed=7 arrays=4 failed=4: 60472 of 90240 sectors misplaced; first: array sector 121",'
has "the kernel's complaint with it" 'WARNING: CPU: 0 PID: 1 at drivers/md/raid0.c:300'
has "the log's file name" '"log": "logs/6.1-unfixed.log"'
has "the log's URL" "\"log_url\": \"file://$run/logs/6.1-unfixed.log\","
has "config name and compiler" '"compiler": "gcc-12 (Debian 12.2.0-14) 12.2.0",'
has "a build's seconds" '"duration": 95,'
# A pair is a test of its reader's build (cross.list), as the writer wrote.
awk '/"id": "stableguard:all\/cross\/layout-forgotten\/raid0-layout"/ { getline; print }' "$k" |
	grep -qx '      "build_id": "stableguard:all/6.1/base",' &&
	ok "a pair is a test of the reader's build" || fail "pair's build: $(grep -A1 layout-forgotten/raid0 "$k")"
SG_KCIDB_URL=https://ci.example.org/runs/all/ "$REPORT" --kcidb "$run" > /dev/null
has "SG_KCIDB_URL: the published folder" '"log_url": "https://ci.example.org/runs/all/logs/6.1-unfixed.log",'
"$CHECK" "$k" > /dev/null || fail "with SG_KCIDB_URL: $("$CHECK" "$k")"

# broken NAME SED WANT: kcidb.json edited by SED is refused, saying WANT.
broken() {
	sed "$2" "$k" > "$T/$1.json"
	cmp -s "$k" "$T/$1.json" && { fail "$1: the edit changed nothing"; return; }
	"$CHECK" "$T/$1.json" > "$T/$1.out"
	rc=$?
	[ $rc = 1 ] && grep -q -- "$3" "$T/$1.out" && ok "$1 refused: $(head -n 1 "$T/$1.out")" ||
		fail "$1: exit $rc: $(cat "$T/$1.out")"
}
broken no-build-id '0,/"build_id": /{/"build_id": /d}' 'tests\[0\]: the required field "build_id" is missing'
broken no-checkout-id '0,/"checkout_id": /{/"checkout_id": /d}' 'builds\[0\]: the required field "checkout_id" is missing'
broken no-origin '0,/"origin": /{/"origin": /d}' 'checkouts\[0\]: the required field "origin" is missing'
broken no-version '/"version": {/,/},/d' 'the document: the required field "version" is missing'
broken bad-status 's/"status": "SKIP"/"status": "SKIPPED"/' 'status: "SKIPPED" is not one of FAIL ERROR MISS PASS DONE SKIP'
broken bad-type 's/"duration": 95,/"duration": "95",/' 'builds\[0\].duration: is string, not a number'
broken bad-field 's/"tree_name":/"tree":/' 'checkouts\[0\].tree: a field a checkout does not have'
broken bad-major 's/"major": 5,/"major": 4,/' 'version.major: is 4, wanted 5'
broken bad-id 's/"id": "stableguard:/"id": "StableGuard:/' 'is not an id of the form origin:'
broken bad-path 's/"path": "stableguard.raid0-map"/"path": "stableguard..raid0-map"/' 'is not a dotted path'
printf '{"version": {"major": 5,}\n' > "$T/syntax.json"
"$CHECK" "$T/syntax.json" 2> "$T/syntax.err"
[ $? = 2 ] && grep -q "syntax.json:1: " "$T/syntax.err" && ok "not JSON: exit 2, the line named" ||
	fail "not JSON: $(cat "$T/syntax.err")"

b="$T/bisect"
standin_bisect "$b"
"$REPORT" --kcidb "$b" > /dev/null || fail "report --kcidb of a bisection exited $?"
"$CHECK" "$b/kcidb.json" > "$T/out" && grep -q ': 6 checkouts, 6 builds, 7 tests,' "$T/out" &&
	ok "a bisection: a checkout and build a step, a test a boot" || fail "bisection: $(cat "$T/out")"
grep -q '"git_commit_hash": "3333333333333333333333333333333333333333",' "$b/kcidb.json" &&
	ok "the culprit's step names its full commit" || fail "no culprit's commit in $b/kcidb.json"
"$REPORT" --kcidb "$T" 2> "$T/err" > /dev/null
[ $? = 2 ] && grep -q "not a run folder" "$T/err" && ok "not a run folder: named" || fail "not a run: $(cat "$T/err")"
done_testing
