#!/bin/sh
# check-args.sh JOB: the arguments of make JOB (gate, proofs, fstests,
# bisect, intake, repro), from the environment make passes, checked
# before anything slow: before the cache's lock is waited for, any
# package is installed, any tool, fio or image is built, and before a run
# folder is made.  Exit 2 naming the first bad value; 0 when nothing is
# wrong that can be seen without the kernel trees.  Each job checks its
# input again in depth (a queue's every patch, a thread's numbering).
#
# SERIES is checked by sgconf (branches.yaml is read in C alone), built
# here when it is not yet and libyaml's header is there; on a machine
# without it, make's own validate, after the packages, says it.
set -u
. "$(dirname "$0")/settings"
job=$1

bad() { echo "make $job: $*" >&2; exit 2; }

# series_ok: every word of SERIES a series of branches.yaml.
series_ok() {
	[ -n "${SERIES:-}" ] || return 0
	sgconf="$SG_CACHE/bin/sgconf"
	if [ ! -x "$sgconf" ]; then
		[ -f /usr/include/yaml.h ] || return 0
		make -s -C "$SG_ROOT" --no-print-directory "$sgconf" >/dev/null 2>&1 || return 0
	fi
	# shellcheck disable=SC2086
	why=$("$sgconf" "$SG_BRANCHES" validate $SERIES 2>&1) || bad "SERIES=$SERIES: $why"
}

# rev_ok NAME SPEC [REPO]: SPEC is repo@rev (or a rev of REPO) naming a commit.
rev_ok() {
	case $2 in
	*@*) ro_repo=${2%@*} ro_rev=${2##*@} ;;
	*) ro_repo=${3:-} ro_rev=$2 ;;
	esac
	[ -n "$ro_repo" ] || return 0	# a revision of the cache's tree: the job checks it
	git -C "$ro_repo" rev-parse --git-dir >/dev/null 2>&1 ||
		bad "$1=$2: $ro_repo is not a git repository (say repo@rev)"
	git -C "$ro_repo" rev-parse -q --verify "$ro_rev^{commit}" >/dev/null ||
		bad "$1=$2: no commit $ro_rev in $ro_repo"
}

folder_ok() {	# folder_ok NAME VALUE WANT: VALUE a folder holding WANT
	[ -d "$2" ] || bad "$1=$2: no such folder"
	[ -z "$3" ] || [ -e "$2/$3" ] || bad "$1=$2: no $3 in it"
}

file_ok() {	# file_ok NAME VALUE
	[ -f "$2" ] && [ -r "$2" ] || bad "$1=$2: no such file"
}

# tests_ok: TESTS names fstests tests (generic/086) or, after -g or -x,
# their groups (-g quick).
tests_ok() {
	to_group=
	for t in ${TESTS:-}; do
		if [ -n "$to_group" ]; then
			to_group=
			continue
		fi
		case $t in
		-g | -x) to_group=1 ;;
		[a-z]*/[0-9]*) case ${t#*/} in *[!0-9]*) bad "TESTS: \"$t\" is not an fstests test (generic/086)" ;; esac ;;
		*) bad "TESTS: \"$t\" is not an fstests test (generic/086)" ;;
		esac
	done
}

# checks_ok: CHECK names checks of the project (verify/<check>.c), fstests
# tests, or build.
checks_ok() {
	for c in $(echo "${CHECK:-}" | tr , ' '); do
		case $c in
		build) ;;
		*/*) TESTS=$c tests_ok ;;
		*) [ -f "$SG_ROOT/verify/$c.c" ] || bad "CHECK=$c: no such check (verify/: $(cd "$SG_ROOT/verify" && ls *.c | sed 's/\.c$//' | paste -sd' ' -)), nor an fstests test, nor build" ;;
		esac
	done
}

fstests_ok() {
	[ -n "${FSTESTS:-}" ] || return 0
	"$SG_ROOT/prove/fstests-image.sh" --check "$FSTESTS" "$job" || exit 2
}

# row_ok: RUN a run folder, ROW series/variant/check one of its rows.
row_ok() {
	[ -d "$RUN" ] || bad "RUN=$RUN: no such run folder"
	[ -f "$RUN/results.tsv" ] || [ -f "$RUN/steps.tsv" ] || bad "RUN=$RUN: no results.tsv nor steps.tsv: not a finished run"
	case $ROW in
	*/*/*) ;;
	*) bad "ROW=$ROW: say series/variant/check (as the table names a row)" ;;
	esac
}

case $job in
gate)
	[ -n "${SERIES:-}" ] && [ -n "${QUEUE:-}${RC:-}${MBOX:-}" ] || bad "say SERIES=6.1 and QUEUE=<stable-queue folder>, RC=<repo@rev> or MBOX=<review thread>"
	[ "$(printf '%s' "${QUEUE:+q}${RC:+r}${MBOX:+m}" | wc -c)" = 1 ] || bad "say one candidate: QUEUE, RC or MBOX"
	[ -z "${QUEUE:-}" ] || folder_ok QUEUE "$QUEUE" series
	[ -z "${MBOX:-}" ] || file_ok MBOX "$MBOX"
	[ -z "${RC:-}" ] || case $RC in *@*) rev_ok RC "$RC" ;; *) bad "RC=$RC: say repo@rev" ;; esac
	case ${FROM:-} in "" | stable/*) ;; *) rev_ok FROM "$FROM" "${RC%@*}" ;; esac
	case ${GATE_COVERAGE:-1} in 0 | 1) ;; *) bad "GATE_COVERAGE=$GATE_COVERAGE: 1 (the default: the queue's changed lines the checks executed, by a gcov build of the candidate) or 0" ;; esac
	case ${GATE_FSTESTS_MINUTES:-15} in
	"" | *[!0-9]* | 0*) bad "GATE_FSTESTS_MINUTES=${GATE_FSTESTS_MINUTES:-}: the minutes the fstests guest may take, a whole number above 0" ;;
	esac
	tests_ok; fstests_ok; series_ok ;;
proofs)
	tests_ok; fstests_ok; series_ok ;;
fstests)
	[ -n "${SERIES:-}" ] || bad "say SERIES=6.1 [VARIANT=base] [TESTS=\"generic/086 ...\"] FSTESTS=<your fstests checkout>"
	tests_ok; fstests_ok; series_ok ;;
bisect)
	[ -n "${SERIES:-}" ] && [ -n "${GOOD:-}" ] && [ -n "${BAD:-}" ] && [ -n "${CHECK:-}" ] ||
		bad "say SERIES=3.14 GOOD=<rev> BAD=<rev> CHECK=raid0-map [TREE=<git repository>]"
	[ -z "${TREE:-}" ] || git -C "$TREE" rev-parse --git-dir >/dev/null 2>&1 || bad "TREE=$TREE: not a git repository"
	rev_ok GOOD "$GOOD" "${TREE:-}"; rev_ok BAD "$BAD" "${TREE:-}"
	checks_ok; series_ok ;;
intake)
	[ -n "${MBOX:-}${QUEUE:-}" ] && [ -z "${MBOX:-}" -o -z "${QUEUE:-}" ] && [ -n "${SERIES:-}" ] ||
		bad "say MBOX=<file> or QUEUE=<folder with a series file>, and SERIES=\"4.0 3.19\""
	[ -z "${QUEUE:-}" ] || folder_ok QUEUE "$QUEUE" series
	[ -z "${MBOX:-}" ] || file_ok MBOX "$MBOX"
	series_ok ;;
repro)
	[ -n "${RUN:-}" ] && [ -n "${ROW:-}" ] || bad "say RUN=<run folder> ROW=<series>/<variant or commit>/<check>"
	row_ok ;;
*) bad "check-args.sh: no such job" ;;
esac
exit 0
