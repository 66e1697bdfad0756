#!/bin/sh
# review.sh SERIES
# The series as a stable review mail series, made with b4 and sent
# nowhere: a branch review/SERIES (the tree of stable/SERIES) is enrolled
# with `b4 prep` on pristine/SERIES, its cover letter (the branch
# description) is the release notes, and `b4 send -o` writes the mails:
# "[PATCH SERIES 0/N] stableguard <release> review" and one per patch,
# build-compat and fixes in the order git am takes them.  Into
# $SG_CACHE/review/SERIES/<release>/: the .eml files and review.mbox, all
# of them as one mbox.  Then the round trip: `b4 am -m review.mbox` and
# `git am` onto pristine/SERIES must give the tree of stable/SERIES.
set -u	# not -e: removing a review branch or its config that is not there fails, and is fine
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
command -v b4 >/dev/null || sg_die "review: b4 is not installed (make deps)"
sg_git rev-parse -q --verify "stable/$SG_SERIES" >/dev/null 2>&1 ||
	sg_die "review: no stable/$SG_SERIES in $SG_REPO (make branch SERIES=$SG_SERIES)"
n=$(sg_git rev-list --count "pristine/$SG_SERIES..stable/$SG_SERIES")
[ "$n" -gt 0 ] || sg_die "review: $SG_SERIES carries no patches: stable/$SG_SERIES is pristine/$SG_SERIES, nothing to review"

tmp=$(mktemp -d)
b=review/$SG_SERIES
trap 'rm -rf "$tmp"; sg_git checkout -q -f "stable/$SG_SERIES" 2>/dev/null; sg_git branch -D sg-roundtrip >/dev/null 2>&1' EXIT
patchset=$(patchset_id)
results=$(sg_latest_run "$SG_SERIES" "$patchset")
fsresults=$(sg_latest_run "$SG_SERIES" "$patchset" fstests)
"$SG_CACHE/bin/relnotes" "$BRANCHES" "$SG_SERIES" "$tmp" "$results" --fstests "$fsresults" --untested >"$tmp/notes.txt" 2>/dev/null ||
	sg_die "review: relnotes failed for $SG_SERIES"
release=$(ls "$tmp"/stableguard-*.txt | sed 's/.*stableguard-\(.*\)\.txt$/\1/')
out="$SG_CACHE/review/$SG_SERIES/$release"

# A fresh review branch each time: b4 keeps its tracking in branch config.
sg_git checkout -q -f "stable/$SG_SERIES" || exit 1
sg_git branch -D "$b" >/dev/null 2>&1
sg_git config --remove-section "branch.$b" 2>/dev/null
sg_git checkout -q -b "$b" "stable/$SG_SERIES" || exit 1
sg_git config user.name stableguard
sg_git config user.email stableguard@localhost
sg_git config b4.prep-cover-strategy branch-description
# In a kernel tree (a Kconfig at the top) b4 0.12 picks its web endpoint,
# which wants signed mails, unless an SMTP server is configured.  Name one
# that cannot send: with -o b4 only writes files.
sg_git config sendemail.smtpserver /bin/false
b4q() { (cd "$SG_REPO" && b4 -q --offline-mode "$@") >"$tmp/b4.log" 2>&1 || { cat "$tmp/b4.log" >&2; sg_die "review: b4 $1 failed"; }; }
b4q prep -e "pristine/$SG_SERIES"
{
	echo "stableguard $release review"
	echo
	tail -n +3 "$tmp/notes.txt"
} > "$tmp/cover"
sg_git config "branch.$b.description" "$(cat "$tmp/cover")"
b4q prep --set-prefixes "$SG_SERIES"
rm -rf "$out"
mkdir -p "$out"
b4q send -o "$out" --no-sign --no-trailer-to-cc --to "stableguard review <stableguard@localhost>"
# One mbox of them (headers unfolded: see sg_unfold_headers).
for f in "$out"/*.eml; do
	echo "From mboxrd@z Thu Jan  1 00:00:00 1970"
	sg_unfold_headers < "$f"
	echo
done > "$out/review.mbox"
sg_say "review: $SG_SERIES: $(ls "$out"/*.eml | wc -l) mails in $out (cover: $(basename "$(ls "$out"/0000-*.eml)"))"

# The round trip, as a reader of the list would apply it.
mkdir -p "$tmp/am"
(cd "$tmp" && b4 -q --offline-mode am -m "$out/review.mbox" -o "$tmp/am") >"$tmp/b4am.log" 2>&1 ||
	{ cat "$tmp/b4am.log" >&2; sg_die "review: b4 am -m $out/review.mbox failed"; }
sg_git checkout -q -f -b sg-roundtrip "pristine/$SG_SERIES" || exit 1
sg_git am -q "$tmp"/am/*.mbx >"$tmp/am.log" 2>&1 ||
	{ cat "$tmp/am.log" >&2; sg_git am --abort; sg_die "review: the mails do not git am onto pristine/$SG_SERIES"; }
got=$(sg_git rev-parse "HEAD^{tree}") want=$(sg_git rev-parse "stable/$SG_SERIES^{tree}")
[ "$got" = "$want" ] ||
	sg_die "review: b4 am + git am onto pristine/$SG_SERIES gives tree $got, stable/$SG_SERIES has $want"
sg_say "review: round trip: b4 am -m review.mbox, git am onto pristine/$SG_SERIES: tree $got = stable/$SG_SERIES"
echo "$out"
