# make gate, proofs, fstests, bisect, intake and repro check their
# arguments before anything slow (lib/check-args.sh), and a bisection installs only what it needs; make matrix names an
# unknown series, and the known ones, with sgconf alone built.  A FSTESTS that is
# not an fstests checkout, or no folder at all, is refused in one line
# that names it and what it lacks, as is a bisection without its
# arguments: before the lock, the packages and the builds, the private
# cache left unmade.  Stand-ins of the compiler, dpkg-query, apt-get and
# npm in PATH note each run and fail (dpkg-query calls every package
# installed), so a check that came too late shows as a program run and
# nothing is installed.  A folder in a checkout's shape passes: the
# tools' compiler is the next thing run.  make bisect asks for the
# matrix's packages, not chromium, and runs no npm (gitlab-ci-local is
# make check's).
. "$SG_ROOT/tests/common.sh"
export SG_CACHE="$T/cache"
mkdir -p "$T/path" "$T/not-fstests/src" "$T/half/tests" "$T/shape/tests/generic"
touch "$T/half/check" "$T/shape/check"
for t in cc apt-get npm; do
	printf '#!/bin/sh\nprintf "%%s\\n" "%s $*" >> "%s"\nexit 1\n' "$t" "$T/ran" > "$T/path/$t"
done
printf '#!/bin/sh\nprintf "%%s\\n" "dpkg-query $*" >> "%s"\necho "install ok installed"\n' "$T/ran" > "$T/path/dpkg-query"
chmod +x "$T/path/"*

# run_make ARG...: make ARG... in the checkout, through the stand-ins; its
# output in $T/out, what it ran in $T/ran, its seconds in $secs.
run_make() {
	: > "$T/ran"
	start=$(date +%s)
	PATH="$T/path:$PATH" make -s -C "$SG_ROOT" "$@" CC=cc > "$T/out" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	return $rc
}

# refused LINE ARG...: make ARG... fails at once with LINE, having run
# and made nothing.
refused() {
	want=$1
	shift
	if run_make "$@"; then
		fail "make $* was not refused: $(tail -n 5 "$T/out")"
	elif ! grep -qxF "$want" "$T/out"; then
		fail "make $*: not the line \"$want\": $(cat "$T/out")"
	elif [ -s "$T/ran" ] || [ -e "$SG_CACHE" ]; then
		fail "make $* refused only after running: $(cut -d' ' -f1 "$T/ran" | uniq | paste -sd' ') (cache: $(ls "$SG_CACHE" 2>/dev/null | paste -sd' '))"
	elif [ "$secs" -gt 10 ]; then
		fail "make $* refused after ${secs}s"
	else
		ok "make $* refused in ${secs}s, nothing run or made: $want"
	fi
}

refused "make fstests: FSTESTS=$T/not-fstests is not an fstests checkout: no check script and no tests/generic/" \
	fstests SERIES=6.1 FSTESTS="$T/not-fstests"
refused "make fstests: FSTESTS=$T/half is not an fstests checkout: no tests/generic/" \
	fstests SERIES=6.1 FSTESTS="$T/half"
refused "make fstests: FSTESTS=$T/nowhere: no such folder (want your fstests checkout)" \
	fstests SERIES=6.1 FSTESTS="$T/nowhere"
refused "make bisect: say SERIES=3.14 GOOD=<rev> BAD=<rev> CHECK=raid0-map [TREE=<git repository>]" \
	bisect SERIES=6.1 GOOD=v6.1.1
# Every argument of the gate, proofs, bisect, intake and repro
# (lib/check-args.sh), each bad one named, on a cache that is not there.
mkdir -p "$T/q" && echo a.patch > "$T/q/series"
refused "make gate: QUEUE=$T/nowhere: no such folder" gate SERIES=6.1 QUEUE="$T/nowhere"
refused "make gate: QUEUE=$T/half: no series in it" gate SERIES=6.1 QUEUE="$T/half"
refused "make gate: MBOX=$T/none.mbox: no such file" gate SERIES=6.1 MBOX="$T/none.mbox"
refused "make gate: RC=$T/half@v1: $T/half is not a git repository (say repo@rev)" gate SERIES=6.1 RC="$T/half@v1"
refused "make gate: FROM=$T/half@x: $T/half is not a git repository (say repo@rev)" \
	gate SERIES=6.1 QUEUE="$T/q" FROM="$T/half@x"
refused "make gate: say one candidate: QUEUE, RC or MBOX" gate SERIES=6.1 QUEUE="$T/q" MBOX="$T/q/series"
refused 'make gate: TESTS: "generic/08x" is not an fstests test (generic/086)' \
	gate SERIES=6.1 QUEUE="$T/q" TESTS=generic/08x
refused "make gate: FSTESTS=$T/half is not an fstests checkout: no tests/generic/" \
	gate SERIES=6.1 QUEUE="$T/q" FSTESTS="$T/half"
refused 'make proofs: TESTS: "foo" is not an fstests test (generic/086)' proofs SERIES=6.1 MISSING=1 TESTS=foo
refused "make bisect: CHECK=nope: no such check (verify/: $(cd "$SG_ROOT/verify" && ls *.c | sed 's/\.c$//' | paste -sd' ' -)), nor an fstests test, nor build" \
	bisect SERIES=6.1 GOOD=a BAD=b CHECK=nope
refused "make bisect: GOOD=$T/half@a: $T/half is not a git repository (say repo@rev)" \
	bisect SERIES=6.1 GOOD="$T/half@a" BAD=b CHECK=build
refused "make bisect: TREE=$T/half: not a git repository" bisect SERIES=6.1 GOOD=a BAD=b CHECK=build TREE="$T/half"
refused "make intake: QUEUE=$T/nowhere: no such folder" intake SERIES=6.1 QUEUE="$T/nowhere"
refused "make repro: RUN=$T/nowhere: no such run folder" repro RUN="$T/nowhere" ROW=6.1/base/raid0-map
refused "make repro: RUN=$T/half: no results.tsv nor steps.tsv: not a finished run" repro RUN="$T/half" ROW=6.1/base/raid0-map
refused "make repro: say RUN=<run folder> ROW=<series>/<variant or commit>/<check>" repro RUN="$T/half"

# A series branches.yaml does not have: named by sgconf, the one tool
# built, before the lock and the packages, and no run folder made.
rm -rf "$SG_CACHE"
: > "$T/ran"
PATH="$T/path:$PATH" make -s -C "$SG_ROOT" gate SERIES=9.9 QUEUE="$T/q" CC=gcc > "$T/out" 2>&1 && fail "make gate SERIES=9.9 ran"
if ! grep -qxF "make gate: SERIES=9.9: $SG_ROOT/branches.yaml: no series \"9.9\" (its series: $("$SGCONF" "$SG_ROOT/branches.yaml" series | paste -sd' '))" "$T/out"; then
	fail "make gate SERIES=9.9: not the series named: $(cat "$T/out")"
elif [ "$(ls "$SG_CACHE/bin")" != sgconf ] || [ -e "$SG_CACHE/runs" ] || grep -q '^apt-get\|^npm\|^dpkg' "$T/ran"; then
	fail "make gate SERIES=9.9 did more first: $(ls "$SG_CACHE" | paste -sd' '); ran $(cut -d' ' -f1 "$T/ran" | uniq | paste -sd' ')"
else
	ok "make gate SERIES=9.9: named by sgconf alone, no run folder, nothing installed"
fi

run_make fstests SERIES=6.1 FSTESTS="$T/shape"
if grep -q 'not an fstests checkout\|no such folder' "$T/out"; then
	fail "a folder in a checkout's shape was refused: $(cat "$T/out")"
elif [ "$(head -n 1 "$T/ran" | cut -d' ' -f1)" != cc ]; then
	fail "past the check, not the tools' compiler first: $(cut -d' ' -f1 "$T/ran" | uniq | paste -sd' ')"
else
	ok "a folder with check and tests/generic/ passes the check (the tools' build came next)"
fi

# make matrix SERIES=9.9: the series named with the known ones, sgconf
# the one tool built (by the real compiler), no fio, no image.
rm -rf "$SG_CACHE"
: > "$T/ran"
start=$(date +%s)
PATH="$T/path:$PATH" make -s -C "$SG_ROOT" matrix SERIES=9.9 CC=gcc > "$T/out" 2>&1 && fail "make matrix SERIES=9.9 ran"
secs=$(( $(date +%s) - start ))
known=$("$SGCONF" "$SG_ROOT/branches.yaml" series | paste -sd' ')
if ! grep -qxF "$SG_ROOT/branches.yaml: no series \"9.9\" (its series: $known)" "$T/out"; then
	fail "make matrix SERIES=9.9: not the series named: $(cat "$T/out")"
elif [ "$(ls "$SG_CACHE/bin")" != sgconf ] || [ -e "$SG_CACHE/fio" ] || [ -e "$SG_CACHE/image" ] ||
	grep -q '^apt-get\|^npm' "$T/ran"; then
	fail "make matrix SERIES=9.9 did more first: bin: $(ls "$SG_CACHE/bin" | paste -sd' '); $(ls "$SG_CACHE" | paste -sd' ')"
else
	ok "make matrix SERIES=9.9: named with the known series in ${secs}s, sgconf alone built"
fi

rm -rf "$SG_CACHE"
run_make bisect SERIES=6.1 GOOD=v6.1.1 BAD=v6.1.2 CHECK=raid0-map
if grep -q '^npm\|chromium' "$T/ran"; then
	fail "make bisect installs make check's tools too: $(grep '^npm\|chromium' "$T/ran" | awk '{ print $1, $NF }' | paste -sd' ')"
elif ! grep -q '^dpkg-query .* qemu-system-x86$' "$T/ran" || ! grep -q '^cc ' "$T/ran"; then
	fail "make bisect did not ask for the matrix's packages, then build the tools: $(cut -d' ' -f1 "$T/ran" | uniq | paste -sd' ')"
else
	ok "make bisect: the matrix's packages, then the tools; no chromium, no npm"
fi
done_testing
