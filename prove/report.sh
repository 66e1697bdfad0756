#!/bin/sh
# report.sh [RUN...]        (make report [RUNS="dir1 dir2"])
# report.sh --new RUN       (make matrix, after prove/matrix.sh)
# The pages of the runs, and their paths.  With RUNs: the shards' run
# folders joined into one (merge-runs.sh), its table and page.  Without:
# the newest run's kcidb.json and page (a matrix run or a bisection).
# --new: RUN, a matrix run just finished, becomes runs/latest, then its
# table, files and page.  Then index.html over the runs.  Exit status:
# report's (0 green, 1 not, 2 bad input).
set -u	# not -e: the index is made whatever the run's verdict
. "$(dirname "$0")/../lib/sg.sh"

report="$SG_CACHE/bin/report"
runs="$SG_CACHE/runs"

# newest: the newest run folder with results or a bisection's steps.
newest() {
	for r in $(ls -1d "$runs"/2*/ 2>/dev/null | sort -r); do
		if [ -f "$r/results.tsv" ] || [ -f "$r/steps.tsv" ]; then
			echo "${r%/}"
			return
		fi
	done
}

if [ "${1:-}" = --new ]; then
	out=$2
	ln -sfn "$out" "$runs/latest.new" && mv -T "$runs/latest.new" "$runs/latest"
	echo "run: $out"
	"$report" "$out"
	rc=$?
	"$report" --index "$runs" >/dev/null
	echo "page: $out/report.html"
	exit $rc
fi
if [ $# -gt 0 ]; then
	out="$runs/$(date +%Y%m%d-%H%M%S)-merged"
	"$SG_ROOT/prove/merge-runs.sh" "$out" "$@" || exit $?
	echo "run: $out"
	"$report" "$out"
	rc=$?
	[ $rc -gt 1 ] || echo "page: $out/report.html"
else
	out=$(newest)
	[ -n "$out" ] || { echo "make report: no run in $runs yet (make matrix, or RUNS=\"dir1 dir2\" to join shards)" >&2; exit 2; }
	"$report" --kcidb "$out" >/dev/null && echo "page: $("$report" --html "$out")"
	rc=$?
fi
echo "index: $("$report" --index "$runs")"
exit $rc
