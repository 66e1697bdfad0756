#!/bin/sh
# tests/run.sh [NAME...]: runs tests/t/*.sh (or the ones named), each a
# program that exits 0 (pass), 77 (skip) or anything else (fail), and
# closes with one "N passed, N failed, N skipped" line.
#
# The host tests run side by side, SG_TEST_JOBS at a time, each in a
# folder of its own ($T, tests/common.sh), the longest first by the
# seconds each took last time ($SG_CACHE/timings/tests/; one never timed
# counts as long), so that the run does not end waiting on a long test
# started last; their lines come as they end.  Then the tests that build and
# boot a kernel (a "# needs: kernel" line) one at a time, in name order,
# since they share the cache's trees.  A test still running after
# SG_TEST_TIMEOUT seconds (SG_TEST_KERNEL_TIMEOUT for a kernel test) is
# stopped, with all it started, and fails, named.
#
# With SG_QUICK=1 (make check-quick) the kernel tests are left out, and
# so are those with a "# needs: apt" line (they run make targets that
# install what is missing, which check-quick never does) and those with a
# "# group: pipeline" line: a whole job (the matrix, a bisection, intake,
# publish...) run end to end on stand-ins, and "# group: browser" (pages
# rendered in a real chromium, some 6 s a launch).  A pipeline test is a
# few hundred processes a run; the quick loop is the unit and contract
# tests, seconds on two cores, and make check runs everything.
set -u	# not -e: a failing test is counted, not the end of the run
here=$(cd "$(dirname "$0")" && pwd)
export SG_ROOT="${here%/tests}"
. "$SG_ROOT/lib/settings"
export SG_CACHE
export SG_TEST_TMP="$SG_CACHE/test"
times="$SG_CACHE/timings/tests"
rm -rf "$SG_TEST_TMP"
mkdir -p "$SG_TEST_TMP" "$times"

pass=0 fail=0 skip=0
running=0

# needs TEST WHAT: the test says "# needs: WHAT".
needs() { grep -q "^# needs: $2\$" "$1"; }
# group_of TEST: the group its "# group: GROUP" line names, if any.
group_of() { sed -n 's/^# group: //p' "$1"; }

# report NAME RC SECS: the test's line, and its output when it failed.
# timeout's 124 after the limit: the test was stopped.
report() {
	out="$SG_TEST_TMP/$1.out"
	limit=$(cat "$SG_TEST_TMP/$1.limit")
	case $2 in
	0) pass=$((pass + 1)); echo "PASS $1 ($3s)" ;;
	77) skip=$((skip + 1)); echo "SKIP $1: $(tail -n 1 "$out")" ;;
	*) fail=$((fail + 1))
	   if [ "$2" = 124 ] && [ "$3" -ge "$limit" ]; then
		echo "FAIL $1 (stopped: still running after ${limit}s)"
	   else
		echo "FAIL $1 ($3s, exit $2)"
	   fi
	   sed 's/^/    /' "$out" | tail -n 40 ;;
	esac
}

# start TEST LIMIT: TEST in the background under timeout (which signals
# the test's whole process group); when it ends, "NAME RC SECS" on fd 3.
start() {
	name=$(basename "$1" .sh)
	echo "$2" > "$SG_TEST_TMP/$name.limit"
	(
		begin=$(date +%s)
		timeout -k 10 "$2" sh "$1" >"$SG_TEST_TMP/$name.out" 2>&1 3>&- &
		echo $! > "$SG_TEST_TMP/$name.pid"
		wait $!
		rc=$?
		echo "$name $rc $(( $(date +%s) - begin ))" >&3
	) &
	running=$((running + 1))
}

# collect: waits for one test to end (an event on fd 3, no polling).
collect() {
	read -r c_name c_rc c_secs <&3
	running=$((running - 1))
	rm -f "$SG_TEST_TMP/$c_name.pid"
	echo "$c_secs" > "$times/$c_name"
	report "$c_name" "$c_rc" "$c_secs"
}

# On an interrupt, every test still running is stopped with its children.
stop_all() {
	for p in "$SG_TEST_TMP"/*.pid; do
		[ -e "$p" ] && kill -TERM "$(cat "$p")" 2>/dev/null
	done
	wait
	echo "interrupted: $pass passed, $fail failed, $skip skipped"
	exit 130
}
trap stop_all INT TERM

mkfifo "$SG_TEST_TMP/ended"
exec 3<>"$SG_TEST_TMP/ended"

if [ $# -eq 0 ]; then set -- "$here"/t/*.sh; fi
kernel=
for t in "$@"; do
	[ -f "$t" ] || t="$here/t/$t"
	[ -f "$t" ] || { fail=$((fail + 1)); echo "FAIL $(basename "$t" .sh): no such test"; continue; }
	name=$(basename "$t" .sh)
	if needs "$t" kernel; then
		if [ "$SG_QUICK" = 1 ]; then
			echo "---- $name left out (check-quick: it builds and boots a kernel)"
		else
			kernel="$kernel $t"
		fi
		continue
	fi
	if [ "$SG_QUICK" = 1 ] && needs "$t" apt; then
		echo "---- $name left out (check-quick: it runs make targets that may call apt)"
		continue
	fi
	if [ "$SG_QUICK" = 1 ]; then
		case $(group_of "$t") in
		pipeline) why="a whole job on stand-ins" ;;
		browser) why="a real browser, seconds a page" ;;
		*) why= ;;
		esac
		if [ -n "$why" ]; then
			echo "---- $name left out (check-quick: $why; make check runs it)"
			continue
		fi
	fi
	# A test that runs whole pipelines (needs: apt, e.g. gitlab-ci-local's
	# two shards) gets the long limit, as a kernel test does.
	limit=$SG_TEST_TIMEOUT
	! needs "$t" apt || limit=$SG_TEST_KERNEL_TIMEOUT
	echo "$(cat "$times/$name" 2>/dev/null || echo 9999) $limit $t" >> "$SG_TEST_TMP/host"
done
touch "$SG_TEST_TMP/host"
sort -k1,1nr -k3 "$SG_TEST_TMP/host" | while read -r _ limit t; do echo "$limit $t"; done > "$SG_TEST_TMP/host.order"
exec 4< "$SG_TEST_TMP/host.order"
while read -r limit t <&4; do
	[ "$running" -lt "$SG_TEST_JOBS" ] || collect
	start "$t" "$limit" 4<&-
done
exec 4<&-
while [ "$running" -gt 0 ]; do collect; done
for t in $kernel; do
	start "$t" "$SG_TEST_KERNEL_TIMEOUT"
	collect
done
wait
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
