#!/bin/sh
# follow-ups.sh UPSTREAM[@REV] [SERIES...]
# The fixes upstream has for what each series carries, which the series
# does not carry (maintain/followups.c decides, in one pass over UPSTREAM).
# What a series carries: every commit its vX.Y tag contains in UPSTREAM;
# with a stable history (TREE_3_19=repo@v3.19.8, as make matrix takes
# it) every upstream commit named between vX.Y and that release, else
# the base-contains of branches.yaml; and the upstream commit of each
# patch of its patch sets.  Exit 1 when a series misses a fix, 2 on bad
# input.  WRITE=1 records the missing fixes and what they fix in the
# upstream facts through sgconf record, so that the guard knows them.
# Each missing fix the proof index can prove (the record's proven-by,
# with FSTESTS its tests' _fixed_by_kernel_commit) is followed by its
# evidence: what make proofs SERIES=S MISSING=1 last found.
set -u
. "$(dirname "$0")/../lib/sg.sh"

upstream=${1:-}
shift
[ -n "$upstream" ] || { sg_say "follow-ups: say UPSTREAM=<mainline repository>[@<rev>]"; exit 2; }
urev=HEAD
case $upstream in
*@*) urev=${upstream##*@} upstream=${upstream%@*} ;;
esac
bad() { sg_say "follow-ups: $*; nothing changed"; exit 2; }
git -C "$upstream" rev-parse --git-dir >/dev/null 2>&1 || bad "UPSTREAM=$upstream: not a git repository"
upstream=$(cd "$upstream" && pwd)
git -C "$upstream" rev-parse -q --verify "$urev^{commit}" >/dev/null ||
	bad "UPSTREAM=$upstream@$urev: no such revision"
[ $# -gt 0 ] || set -- $("$SGCONF" "$BRANCHES" series)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plan="$tmp/plan"

# patch_lines FILE...: "carried ID patch FILE" for each patch's upstream
# commit, as quiltmail reads it.
patch_lines() {
	[ $# -gt 0 ] || return 0
	"$QUILTMAIL" upstream "$@" > "$tmp/named" || bad "$SG_SERIES: a patch of its patch sets cannot be read"
	while read -r id p; do echo "carried $id patch $(basename "$p")"; done < "$tmp/named"
}

# stable_lines TAG: the upstream commits the stable history names, from
# $tree between TAG and $rev, each with the stable commit that names it
# (as quiltmail reads a commit message).
stable_lines() {
	git -C "$tree" log -z --format='%h%n%B' "$1..$rev" > "$tmp/messages" &&
		"$QUILTMAIL" messages < "$tmp/messages" > "$tmp/named" ||
		bad "$SG_TREE_VAR=$tree@$rev: its history between $1 and $rev cannot be read"
	while read -r id stable; do echo "carried $id $rev ($stable)"; done < "$tmp/named"
}

for series in "$@"; do
	sg_load_series "$series"
	tag="v$(echo "$SG_VERSION" | cut -d. -f1,2)"
	sg_tree_source
	repo=-
	git -C "$SG_REPO" rev-parse -q --verify "stable/$SG_SERIES" >/dev/null 2>&1 && repo=$SG_REPO
	if [ -n "$rev" ]; then
		git -C "$tree" rev-parse --git-dir >/dev/null 2>&1 || bad "$SG_TREE_VAR=$tree: not a git repository"
		for r in "$tag" "$rev"; do
			git -C "$tree" rev-parse -q --verify "$r^{commit}" >/dev/null ||
				bad "$SG_TREE_VAR=$tree@$rev: $tree has no revision $r"
		done
		echo "series $SG_SERIES $tag $repo $rev stable history ($SG_TREE_VAR=$tree@$rev)"
		stable_lines "$tag"
	else
		sg_say "follow-ups: $SG_SERIES: no stable history ($SG_TREE_VAR=<repository>@v$SG_VERSION): its base is taken as base-contains of branches.yaml"
		echo "series $SG_SERIES $tag $repo base-contains of branches.yaml"
		for id in $SG_BASE_CONTAINS; do echo "carried $id base-contains"; done
	fi
	# shellcheck disable=SC2046
	patch_lines $(sg_series_files "$SG_COMPAT") $(sg_series_files "$SG_PATCHES")
done > "$plan" || exit $?

# The evidence for a missing fix, a line a check or test of the proof
# index (sg_proof_index; with FSTESTS its tests too): what the newest make
# proofs MISSING=1 run of the series that booted it found (RUN/missing:
# FAIL is evidence), else the check or test named, not yet run.
sg_proof_index > "$tmp/index" || bad "the proof index cannot be read"
for series in "$@"; do
	# Each run's rows, newest first: "id check<TAB>what it found".
	for ev_run in $(ls -1d "$SG_CACHE"/runs/2*-missing-"$series" 2>/dev/null | sort -r); do
		[ -f "$ev_run/missing" ] || continue
		"$RUNFILE" get --prefix m_ "$ev_run/missing" upstream check observed said first_bad 2>/dev/null |
			while read -r ev_row; do
				eval "$ev_row"
				# shellcheck disable=SC2154	# m_*: runfile get's
				printf '%s %s\t%s %s, %s%s (%s)\n' "$m_upstream" "$m_check" "$m_check" "$m_observed" \
					"$m_said" "$([ "$m_first_bad" = - ] || echo ": $m_first_bad")" "$ev_run"
			done
	done > "$tmp/found-$series"
	# Each check and test of the index beside its newest row, else named.
	"$RUNFILE" list "$tmp/index" upstream kind name > "$tmp/index.list" || exit 2
	awk -v s="$series" 'FILENAME == ARGV[1] { split($0, f, "\t"); if (!(f[1] in found)) found[f[1]] = f[2]; next }
		{	# upstream kind name, as runfile list gives them
			k = $1 " " $3
			said = (k in found) ? found[k] : sprintf("%s (%s) not run: make proofs SERIES=%s MISSING=1 FIXES=%.12s%s",
				$3, $2, s, $1, $2 == "fstests" ? " FSTESTS=<checkout>" : "")
			print s "\t" $1 "\t" said
		}' "$tmp/found-$series" "$tmp/index.list"
done > "$tmp/evidence"

SG_EVIDENCE="$tmp/evidence" SG_APPLY_CHECK="$SG_ROOT/maintain/applies.sh" \
	"$SG_CACHE/bin/followups" "$plan" "$upstream" "$urev" "$tmp/found"
rc=$?
[ "${WRITE:-0}" = 1 ] && [ $rc = 1 ] || exit $rc

# record ID KIND [fixes=...]: the commit, as UPSTREAM has it, in the facts.
record() {
	id=$1 kind=$2 release=$3
	shift 3
	files=$(git -C "$upstream" show --format= --name-only "$id" | paste -sd, -)
	"$SGCONF" "$BRANCHES" record "$id" kind="$kind" release="$release" \
		subject="$(git -C "$upstream" log -1 --format=%s "$id")" \
		author="$(git -C "$upstream" log -1 --format=%an "$id")" \
		date="$(git -C "$upstream" log -1 --format=%aD "$id")" \
		${files:+files="$files"} "$@"
}
facts="$SG_CONF_DIR/$("$SGCONF" "$BRANCHES" upstream)" || exit 2
cp "$facts" "$tmp/facts.was"
# What they fix first (the facts know every Fixes: target), then each
# fix, oldest first, with all it fixes; a target that is itself a missing
# fix is recorded as one, before what fixes it.
awk '!seen[$1 " " $3]++ {
	if (!($1 in fixes)) order[n++] = $1
	fixes[$1] = fixes[$1] (fixes[$1] ? "," : "") $3; release[$1] = $2; target[$3] = $4 " " $5
}
END {
	for (t in target) if (!(t in fixes)) print "target", t, target[t]
	for (i = 0; i < n; i++) print "fix", order[i], release[order[i]], fixes[order[i]]
}' "$tmp/found" > "$tmp/record"
while read -r what id release rest; do
	if [ "$what" = target ]; then
		record "$id" "$rest" "$release" 2>"$tmp/err"
	else
		record "$id" fix "$release" fixes="$rest" 2>"$tmp/err"
	fi || { cat "$tmp/err" >&2; cp "$tmp/facts.was" "$facts"; sg_die "follow-ups: recording $id failed; $facts left as it was"; }
done < "$tmp/record"
exit $rc
