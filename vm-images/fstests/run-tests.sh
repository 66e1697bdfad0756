#!/bin/sh
# run-tests.sh FSTESTS PLAN
# One ./check of FSTESTS (the built fstests tree, its local.config
# written) per test named in PLAN (one a line), each as the guest
# protocol's group: SG-BEGIN, what check printed (for the log), the
# SG-RESULT fsresult reads from check's results/, SG-END.  The guest's init
# calls it once the devices are ready; make check calls it on a stand-in
# tree in fstests' shape (tests/t/110).  One check a test: a test that
# kills the guest leaves the rows of those before it.
set -u	# not -e: a failing test is a row, and the loop goes on
fst=$1 plan=$2
here=$(cd "$(dirname "$0")" && pwd)
: "${SG_FSRESULT:=$here/fsresult}"
out=${TMPDIR:-/tmp}/sg-check.out

uptime() {
	read -r up _ < /proc/uptime
	echo "$up"
}

# Centiseconds from "12.34", for per-test timings.
centi() {
	echo "${1%.*}${1#*.}" | sed 's/^0*//;s/^$/0/'
}

for t in $(sed -e 's/#.*//' "$plan"); do
	up=$(uptime)
	echo "SG-BEGIN $t uptime=$up"
	t0=$(centi "$up")
	rm -f "$fst/results/$t".* "$fst/results/check.time"
	{ (cd "$fst" && ./check "$t"); echo $? > "$out.rc"; } 2>&1 | tee "$out"
	"$SG_FSRESULT" "$t" "$(cat "$out.rc")" "$fst/results" "$fst" "$out"
	rc=$?
	up=$(uptime)
	cs=$(( $(centi "$up") - t0 ))
	echo "SG-END $t rc=$rc secs=$((cs / 100)).$((cs % 100 / 10)) uptime=$up"
done
