#!/bin/sh
# tests/run.sh [NAME...]: runs tests/t/*.sh (or the ones named), each a
# program that exits 0 (pass), 77 (skip) or anything else (fail), and
# closes with one "N passed, N failed, N skipped" line.  With SG_QUICK=1
# the tests that build and boot a kernel (a "# needs: kernel" line) are
# left out: the host-side loop of make check-quick.
set -u	# not -e: a failing test is counted, not the end of the run
here=$(cd "$(dirname "$0")" && pwd)
: "${SG_CACHE:=${XDG_CACHE_HOME:-$HOME/.cache}/stableguard}"
export SG_ROOT="${here%/tests}" SG_CACHE
export SG_TEST_TMP="$SG_CACHE/test"
rm -rf "$SG_TEST_TMP"
mkdir -p "$SG_TEST_TMP"

pass=0 fail=0 skip=0
if [ $# -eq 0 ]; then set -- "$here"/t/*.sh; fi
for t in "$@"; do
	[ -f "$t" ] || t="$here/t/$t"
	name=$(basename "$t" .sh)
	if [ "${SG_QUICK:-0}" = 1 ] && grep -q '^# needs: kernel' "$t"; then
		echo "---- $name left out (check-quick: it builds and boots a kernel)"
		continue
	fi
	out="$SG_TEST_TMP/$name.out"
	start=$(date +%s)
	sh "$t" >"$out" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	case $rc in
	0) pass=$((pass + 1)); echo "PASS $name (${secs}s)" ;;
	77) skip=$((skip + 1)); echo "SKIP $name: $(tail -n 1 "$out")" ;;
	*) fail=$((fail + 1)); echo "FAIL $name (${secs}s, exit $rc)"
	   sed 's/^/    /' "$out" | tail -n 40 ;;
	esac
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
