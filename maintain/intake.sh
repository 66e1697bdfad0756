#!/bin/sh
# intake.sh MBOX SERIES...
# Takes one upstream commit, as a mail (git format-patch of the commit, or
# what b4 mbox / lore gives, with COMMIT=<40 hex> naming the commit), into
# each series named:
#   - b4 am -m collects the trailers the thread added;
#   - git am onto stable/SERIES, and the message gets the stable header
#     "commit <id> upstream." (upstream author, date, subject and
#     trailers kept); the patch is written as the next NNNN-*.patch of
#     the series' patch set and listed in its series file;
#   - the patch lint, then branch.sh remakes the series' branches;
# all of it or nothing for each series: where the commit does not apply
# (or the lint refuses it), that series is left exactly as it was and the
# hunk that found no match is named: it needs an era adaptation.  Then
# the commit is recorded in the upstream facts (RELEASE= its first
# release, if known) and the follow-up-fix guard runs over every series.
# Exit 0 when every series took it.
set -u
. "$(dirname "$0")/../lib/sg.sh"

mbox=$1
shift
[ -f "$mbox" ] || sg_die "intake: $mbox: no such file"
[ $# -gt 0 ] || sg_die "intake: say which series, e.g. SERIES=\"4.0 3.19\""
command -v b4 >/dev/null || sg_die "intake: b4 is not installed (make deps)"
id=${COMMIT:-$(sed -n 's/^From \([0-9a-f]\{40\}\) .*/\1/p' "$mbox" | head -n 1)}
echo "$id" | grep -qx '[0-9a-f]\{40\}' ||
	sg_die "intake: $mbox names no upstream commit (a git format-patch mail starts \"From <40 hex>\"): say COMMIT=<40 hex>"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sg_unfold_headers < "$mbox" > "$tmp/in.mbox"
mkdir -p "$tmp/am"
(cd "$tmp" && b4 -q --offline-mode am -m "$tmp/in.mbox" -o "$tmp/am") >"$tmp/b4.log" 2>&1 ||
	{ cat "$tmp/b4.log" >&2; sg_die "intake: b4 am -m $mbox failed"; }
am=$(ls "$tmp"/am/*.mbx 2>/dev/null | head -n 1)
[ -n "$am" ] || sg_die "intake: b4 am found no patch in $mbox"
n=$(grep -c '^From git@z ' "$am")
[ "$n" = 1 ] || sg_die "intake: $mbox holds $n patches; intake takes one upstream commit"
git mailinfo "$tmp/msg" "$tmp/patch" < "$am" > "$tmp/info"
subject=$(sed -n 's/^Subject: //p' "$tmp/info")
author=$(sed -n 's/^Author: //p' "$tmp/info")
sg_say "intake: $(echo "$id" | cut -c1-12) (\"$subject\", $author)"

# yaml_quote TEXT: a double-quoted YAML scalar.
yaml_quote() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# The commit in the upstream facts, unless it is there: from the mail,
# with Fixes: resolved to the full ids the facts know.
record_fact() {
	if grep -q "id: $id" "$facts"; then
		sg_say "intake: $(echo "$id" | cut -c1-12) is in $facts already"
		return 0
	fi
	fixes=$(sed -n 's/^Fixes: \([0-9a-f]\{8,40\}\).*/\1/p' "$tmp/msg" | while read -r f; do
		full=$(sed -n "s/^ *- id: \($f[0-9a-f]*\)$/\1/p" "$facts" | head -n 1)
		echo "${full:-$f}"
	done | paste -sd, - | sed 's/,/, /g')
	files=$(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$tmp/patch" | paste -sd, - | sed 's/,/, /g')
	{
		echo
		echo "  - id: $id"
		echo "    subject: $(yaml_quote "$subject")"
		echo "    author: $(yaml_quote "$author")"
		echo "    date: $(yaml_quote "$date")"
		echo "    release: $(yaml_quote "${RELEASE:-unreleased (taken in from a mail)}")"
		echo "    kind: fix"
		[ -z "$fixes" ] || echo "    fixes: [$fixes]"
		echo "    files: [$files]"
	} >> "$facts"
	sg_say "intake: recorded $(echo "$id" | cut -c1-12) in $facts"
}

# restore: the series' patch list and files as they were.
restore() {
	[ -n "${new:-}" ] && rm -f "$new"
	cp "$tmp/series.was" "$list"
	sg_git am --abort >/dev/null 2>&1
	sg_git checkout -q -f "stable/$SG_SERIES" 2>/dev/null
}

# take_into: the commit into $SG_SERIES, all of it or nothing.
take_into() {
	new=
	list="$SG_CONF_DIR/$SG_PATCHES"
	"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$tmp/branch.log" || {
		sg_say "intake: $SG_SERIES: its branches cannot be made: $(tail -n 2 "$tmp/branch.log" | tr '\n' ' ')"
		return 1
	}
	if sg_series_files "$SG_PATCHES" | xargs -r grep -l "^commit $id upstream" | grep -q .; then
		sg_say "intake: $SG_SERIES already carries $(echo "$id" | cut -c1-12)"
		return 0
	fi
	cp "$list" "$tmp/series.was"
	sg_git checkout -q -f --detach "stable/$SG_SERIES" || return 1
	if ! sg_git am -q --keep-non-patch "$am" >"$tmp/am.log" 2>&1; then
		sg_git apply --check -v "$am" > "$tmp/apply.log" 2>&1
		restore
		sg_say "intake: $SG_SERIES: $(echo "$id" | cut -c1-12) does not apply to stable/$SG_SERIES ($(sed -n 's/^error: patch failed: //p' "$tmp/apply.log" | head -n 1)): it needs an era adaptation; $SG_SERIES left as it was"
		sed -n '/^error: while searching for:/,/^error: patch failed/p' "$tmp/apply.log" | sed 's/^/    /' >&2
		return 1
	fi
	{
		git -C "$SG_REPO" log -1 --format='%s%n'
		printf 'commit %s upstream.\n\n' "$id"
		git -C "$SG_REPO" log -1 --format=%b
	} > "$tmp/msg.new"
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
		git -C "$SG_REPO" commit -q --amend -F "$tmp/msg.new" || { restore; return 1; }
	# After the highest number the patch set's folder has, listed or not.
	num=$(( $(ls "$(dirname "$list")" | sed -n 's/^0*\([0-9]\{1,\}\)-.*\.patch$/\1/p' |
		sort -n | tail -n 1) + 1 ))
	rm -rf "$tmp/out"
	made=$(git -C "$SG_REPO" format-patch -1 --start-number "$num" -o "$tmp/out" HEAD)
	new="$(dirname "$list")/$(basename "$made")"
	sed "1s/^From [0-9a-f]* /From $id /" "$made" > "$new"
	echo "$(basename "$new")" >> "$list"
	if ! "$SGCONF" "$BRANCHES" lint "$SG_SERIES" > "$tmp/lint.log" 2>&1; then
		sed 's/^/    /' "$tmp/lint.log" >&2
		restore
		sg_say "intake: $SG_SERIES: the lint refused the patch; $SG_SERIES left as it was"
		return 1
	fi
	sg_git checkout -q -f "stable/$SG_SERIES"
	"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$tmp/branch.log" || {
		sed 's/^/    /' "$tmp/branch.log" >&2
		restore
		"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>/dev/null
		sg_say "intake: $SG_SERIES: its branches could not be remade with it; left as it was"
		return 1
	}
}

facts="$SG_CONF_DIR/$("$SGCONF" "$BRANCHES" upstream)" || exit 1
cp "$facts" "$tmp/facts.was"
date=$(sed -n 's/^Date: //p' "$tmp/info")
record_fact
failed= took=
for series in "$@"; do
	sg_load_series "$series"
	if take_into; then
		took="$took $SG_SERIES"
		[ -z "$new" ] || sg_say "intake: $SG_SERIES: taken as $(basename "$new"); stable/$SG_SERIES remade"
	else
		failed="$failed $SG_SERIES"
	fi
done
if [ -z "$took" ]; then
	cp "$tmp/facts.was" "$facts"
	sg_say "intake: no series took it; the upstream facts left as they were"
fi
"$SGCONF" "$BRANCHES" guard || failed="$failed (guard)"
[ -z "$failed" ] || sg_die "intake: not taken by:$failed"

