#!/bin/sh
# intake.sh MBOX|QUEUE SERIES...
# Takes upstream commits into each series named.  MBOX is one commit: a
# mail (git format-patch of the commit, or what b4 mbox / lore gives,
# with COMMIT=<40 hex> naming the commit), or a stable-queue quilt patch
# as it is.  QUEUE is a folder with a quilt series file (stable-queue's
# releases/<version>/): every patch it lists, in order.
#   - a mail goes through b4 am -m (the trailers the thread added); a
#     quilt patch through quiltmail: its in-body author, the body without
#     the repeated From:, the stable sign-offs kept only in the series of
#     the release that shipped it (RELEASE_OF_QUEUE=, or a folder named
#     like a version), elsewhere a bracketed note says whose patch it is;
#   - in each series, each patch not carried already (base-contains or
#     the patch set) and touching PATHS (when set) goes onto stable/SERIES
#     with git am and gets the stable header "commit <id> upstream."
#     (upstream author, date, subject and trailers kept); it is written as
#     the next NNNN-*.patch of the series' patch set and listed in its
#     series file.  A patch that does not apply is left out and its file
#     and hunk named: it needs an era adaptation;
#   - the commits taken are recorded in the upstream facts (sgconf
#     record; RELEASE= their first release, if known), then, per series,
#     the patch lint and branch.sh remake its branches once; where either
#     refuses, that series is left exactly as it was;
#   - a table per series says what became of each patch, and the
#     follow-up-fix guard runs over every series.
# Bad input (no series file, a missing patch, no upstream line without
# COMMIT=) stops before anything changes.  Exit 0 when every series took
# every patch it was offered (or carried it already).
set -u
. "$(dirname "$0")/../lib/sg.sh"

src=${1:-}
[ -n "$src" ] && shift
[ -e "$src" ] || sg_die "intake: ${src:-MBOX or QUEUE}: no such file or folder"
[ $# -gt 0 ] || sg_die "intake: say which series, e.g. SERIES=\"4.0 3.19\""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$SG_ROOT/maintain/intake-input.sh"
. "$SG_ROOT/maintain/intake-series.sh"

if [ -d "$src" ]; then
	read_queue "$src"
else
	read_one "$src"
fi
facts="$SG_CONF_DIR/$("$SGCONF" "$BRANCHES" upstream)" || exit 1
cp "$facts" "$tmp/facts.was"
failed= adapt=
for series in "$@"; do
	sg_load_series "$series"
	offer_all || failed="$failed $SG_SERIES"
	grep -q "	not applicable" "$tmp/s/$SG_SERIES/rows" 2>/dev/null && adapt="$adapt $SG_SERIES"
done
record_taken
for series in "$@"; do
	sg_load_series "$series"
	finish_series || failed="$failed $SG_SERIES"
done
keep_facts_of_survivors
for series in "$@"; do
	sg_load_series "$series"
	print_table
done
"$SGCONF" "$BRANCHES" guard || failed="$failed (guard)"
[ -z "$failed" ] || sg_die "intake: not taken by:$failed"
[ -z "$adapt" ] || sg_die "intake: patches that need an era adaptation were left out of:$adapt"
