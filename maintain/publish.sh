#!/bin/sh
# publish.sh SERIES REMOTE
# Pushes stable/SERIES and an annotated tag v<kernel>-sg<N> (SG_RELEASE,
# default 1) whose message is the release notes' short form, signed off
# by stableguard, to REMOTE (a git URL or path).  Refused when the
# follow-up-fix guard fails, or when the latest matrix run of the series'
# current patch set is missing or not green, unless UNTESTED=1, which the
# tag message then says.  Green is the judge's word (report --judge).  A
# tag already on REMOTE is not moved; the tag is dated when it is made.
set -u	# not -e: each refusal is named by sg_die, not by a bare exit
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
remote=$2
sg_git rev-parse -q --verify "stable/$SG_SERIES" >/dev/null 2>&1 ||
	sg_die "publish: no stable/$SG_SERIES in $SG_REPO (make branch SERIES=$SG_SERIES)"
"$SGCONF" "$BRANCHES" guard "$SG_SERIES" >&2 ||
	sg_die "publish: $SG_SERIES: the guard refuses the patch set: not published"

patchset=$(patchset_id)
results=$(sg_latest_run "$SG_SERIES" "$patchset")
kernel=$(cat "$SG_REPO/.git/sg-version")
evidence=
if [ "$results" = - ]; then
	why="no matrix run has tested patch set $patchset"
else
	evidence=$("$SG_CACHE/bin/report" --judge "$(dirname "$results")" "$SG_SERIES" "$patchset") &&
		why= || why="the run $(basename "$(dirname "$results")") is not green: $evidence"
fi
[ "$results" = - ] || sg_say "publish: $SG_SERIES: the evidence is the matrix run $(dirname "$results")"
if [ -n "$why" ]; then
	[ "${UNTESTED:-0}" = 1 ] || sg_die "publish: $SG_SERIES: $why; not published (UNTESTED=1 publishes anyway)"
	sg_say "publish: $SG_SERIES: $why; publishing as UNTESTED=1 asks"
fi

release="$kernel-sg$SG_RELEASE"
tag="v$release"
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT
{
	echo "stableguard $release"
	echo
	echo "linux-$kernel with the stableguard patch set $patchset for $SG_SERIES:"
	echo
	sg_git log --reverse --format='  %s (%an)' "pristine/$SG_SERIES..stable/$SG_SERIES"
	echo
	if [ -n "$why" ]; then
		echo "UNTESTED: $why; published with UNTESTED=1."
	else
		echo "Matrix run $(basename "$(dirname "$results")"): $evidence."
	fi
	echo
	echo "Signed-off-by: stableguard <stableguard@localhost>"
} > "$msg"
# Not sg_git: its fixed 2015 date is for reproducible commits; a tag says
# when it was made.
GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
	git -C "$SG_REPO" tag -f -a -F "$msg" "$tag" "stable/$SG_SERIES" >/dev/null || exit 1
sg_git push -q "$remote" "stable/$SG_SERIES:refs/heads/stable/$SG_SERIES" "refs/tags/$tag:refs/tags/$tag" ||
	sg_die "publish: push to $remote failed (a $tag already there is not moved)"
sg_say "publish: $SG_SERIES: stable/$SG_SERIES and $tag pushed to $remote"
