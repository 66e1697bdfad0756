#!/bin/sh
# release-notes.sh [SERIES...]
# Notes for each series (all by default) into $SG_CACHE/release-notes/,
# with the evidence of the latest matrix run whose patch set is the one in
# the tree now (and of the latest make fstests run of it, if any), and an
# index.  Exits 1 if any series has no such run or
# its evidence is not as expected, unless UNTESTED=1.
set -u	# not -e: a series whose notes fail keeps its line in the index; the status says it
. "$(dirname "$0")/../lib/sg.sh"

out="$SG_CACHE/release-notes"
mkdir -p "$out"
[ $# -gt 0 ] || set -- $("$SGCONF" "$BRANCHES" series)
flag=
[ "${UNTESTED:-0}" = 1 ] && flag=--untested

status=0
index="$out/index.md"
printf '# stableguard release notes\n\n| series | release | evidence |\n|---|---|---|\n' > "$index.tmp"
for series in "$@"; do
	sg_load_series "$series"
	dir="$out/$series"
	rm -rf "$dir"
	mkdir -p "$dir"
	patchset=$(patchset_id)
	results=$(sg_latest_run "$series" "$patchset")
	fsresults=$(sg_latest_run "$series" "$patchset" fstests)
	[ "$results" = - ] || sg_say "release-notes: $series: the evidence is the matrix run $(dirname "$results")"
	"$SG_CACHE/bin/relnotes" "$BRANCHES" "$series" "$dir" "$results" --fstests "$fsresults" $flag
	rc=$?
	[ $rc -eq 0 ] || status=1
	notes=$(cd "$dir" && ls stableguard-*.md 2>/dev/null | head -n 1)
	case $rc,$results in
	0,-) what="untested (published on request)" ;;
	0,*) what="$(basename "$(dirname "$results")")" ;;
	*,-) what="**none: untested**" ;;
	*) what="**not as expected**" ;;
	esac
	printf '| %s | [%s](%s/%s) | %s |\n' "$series" "${notes%.md}" "$series" "$notes" "$what" >> "$index.tmp"
done
mv "$index.tmp" "$index"
echo "release notes: $out (index: $index)" >&2
exit $status
