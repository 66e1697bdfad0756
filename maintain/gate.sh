#!/bin/sh
# gate.sh RUN_DIR INITRD SERIES QUEUE
# A stable release candidate judged against the release before it.  The
# previous release is the series' base with its build-compat (compat/S);
# the candidate is the previous release plus QUEUE, a stable-queue folder
# (its series file and quilt patches, read as make intake reads one), each
# patch applied with git am in order.  Both are variants of one run that
# the gate plans itself (RUN_DIR/plan, series, variants: kind gate, every
# check of branches.yaml on both; the variants previous and
# candidate-<the queue folder's name>), and prove/matrix.sh builds them in the
# series' build folder (the candidate an incremental rebuild) and boots
# each with every check; then report --compare puts the candidate's rows
# beside the previous release's (RUN_DIR/gate.md, gate.tsv), and the
# tester's reply to the review thread is written (RUN_DIR/reply.eml).
# Exit 0 no regression, 1 a regression, 2 bad input (a patch that does
# not apply is named with its hunk, and every branch stays as it was).
set -u	# not -e: the compare's "regression" is a status, not a failure
. "$(dirname "$0")/../lib/sg.sh"

[ $# -eq 4 ] || { sg_say "usage: gate.sh RUN_DIR INITRD SERIES QUEUE"; exit 2; }
run=$1 initrd=$2 series=$3 queue=$4
bad() { sg_say "gate: $*"; exit 2; }
[ -d "$queue" ] || bad "QUEUE=$queue: no such folder"
[ -f "$queue/series" ] || bad "QUEUE=$queue: no series file (a stable-queue folder lists its patches in series)"
mkdir -p "$run/queue" || exit 2
sg_load_series "$series"

# The queue, through intake's reader: every patch its series file lists,
# checked before anything is made.  The candidate's release: the one the
# folder is named after (releases/4.0.2, queue-6.1.193), RELEASE_OF_QUEUE,
# else the point release after the previous one (once its tree is in).
tmp="$run/intake"
mkdir -p "$tmp"
: "${RELEASE_OF_QUEUE:=$(basename "$queue" | sed -n 's/.*[^0-9.]\([0-9]*\.[0-9]*\.[0-9]*\)$/\1/p')}"
release=$RELEASE_OF_QUEUE
[ -n "$RELEASE_OF_QUEUE" ] || RELEASE_OF_QUEUE=$SG_VERSION
export RELEASE_OF_QUEUE
(
	. "$SG_ROOT/maintain/intake-input.sh"
	read_queue "$queue"
) || exit 2
# Each patch as the mail git am takes, named by its place in the queue.
n=0
for e in "$tmp"/e/[0-9]*; do
	n=$((n + 1))
	mail="$run/queue/$(basename "$e")-$(cat "$e/name")"
	"$QUILTMAIL" mail "$e/quilt" "$SG_SERIES" "$(cat "$e/release")" > "$mail" ||
		bad "$(cat "$e/name"): not a patch git am can take"
	echo "$mail"
done > "$run/queue.list"

# The run's own plan: the previous release and the candidate, every check
# of branches.yaml on each, PASS expected (the comparison judges).
# The candidate's variant is named after its queue: its kept bzImage
# (build/S/images/<variant>) stays the one this queue made, for make repro.
cand="candidate-$(basename "$queue" | tr -c 'A-Za-z0-9._\n-' -)"
"$SGCONF" "$BRANCHES" facts "$run" "$SG_SERIES" || exit 2
{
	"$RUNFILE" header variants
	"$RUNFILE" row variants series="$SG_SERIES" variant=previous fixes=false regress=- \
		branch="$(sg_variant_branch previous)"
	"$RUNFILE" row variants series="$SG_SERIES" variant="$cand" fixes=false \
		regress="$(paste -sd' ' "$run/queue.list")" branch="$(sg_variant_branch "$cand")"
} > "$run/variants" || exit 2
"$SGCONF" "$BRANCHES" gate-plan "$run" "$SG_SERIES" "previous,$cand" || exit 2
"$RUNFILE" header pairs > "$run/cross.list"
sg_say "gate: $SG_SERIES: the previous release (compat/$SG_SERIES) and the candidate, $n patches of $queue on it"

# retry_differing: the rows that differed between the two kernels (a
# regression or a fix, on one boot each) booted again on both, with the
# next seeds (SG_GATE_TRIES boots in all, kernels kept, RUN_DIR/try-K),
# then compared over every try: a previous release that disagrees with
# itself makes a flake, not a regression; a candidate that fails some
# tries where the previous release passes all is an intermittent
# regression.  The compare's status.
retry_differing() {
	rd_checks=$("$RUNFILE" list --where verdict=regression "$run/gate.tsv" check
		"$RUNFILE" list --where verdict=fixed "$run/gate.tsv" check)
	[ -n "$rd_checks" ] && [ "$SG_GATE_TRIES" -gt 1 ] || return $rc
	rd_prev="$run@previous" rd_cand="$run@$cand" rd_k=2
	sg_say "gate: $(echo $rd_checks | wc -w) checks differ: booted again on both, $SG_GATE_TRIES tries in all"
	while [ $rd_k -le "$SG_GATE_TRIES" ]; do
		rd_t="$run/try-$rd_k"
		mkdir -p "$rd_t"
		cp "$run/series" "$run/variants" "$run/cross.list" "$rd_t/" || return 2
		"$SGCONF" "$BRANCHES" gate-plan "$rd_t" "$SG_SERIES" "previous,$cand" \
			"$(echo $rd_checks | tr ' ' ,)" || return 2
		SG_SEED=$(( $(cat "$run/seed") + rd_k - 1 )) \
			"$SG_ROOT/prove/matrix.sh" "$rd_t" "$initrd" "$SG_SERIES" 2>"$rd_t.log" || return 2
		rd_prev="$rd_prev,$rd_t@previous" rd_cand="$rd_cand,$rd_t@$cand"
		rd_k=$((rd_k + 1))
	done
	"$SG_CACHE/bin/report" --compare "$run" "$rd_prev" "$rd_cand"
}

# bisect_regression: the queue's patch the regressed checks break at,
# by make bisect's bisect.sh (the previous release good, the candidate
# bad, a commit a patch), verified there (the culprit fails, its parent
# passes, the candidate with it reverted passes); RUN_DIR/culprit.
bisect_regression() {
	br_checks=$("$RUNFILE" list --where verdict=regression "$run/gate.tsv" check | paste -sd, -)
	sg_say "gate: bisecting $br_checks over the $n patches of the queue"
	SG_SEED=$(cat "$run/seed") "$SG_ROOT/maintain/bisect.sh" "$run/bisect" "$initrd" "$SG_SERIES" \
		"$(sg_variant_branch previous)" "$(sg_variant_branch "$cand")" "$br_checks" \
		> "$run/bisect.out" 2>&1
	br_culprit=$(sed -n 's/^culprit\t//p' "$run/bisect/answer" 2>/dev/null)
	if [ -z "$br_culprit" ]; then
		sg_say "gate: the bisection named no patch: $(tail -n 3 "$run/bisect.out" | tr '\n' ' ')"
		return
	fi
	# The culprit's place among the candidate's commits is its patch's
	# place in the queue.
	br_k=$(sg_git rev-list --reverse "$(sg_variant_branch previous)..$(sg_variant_branch "$cand")" |
		grep -n "^$br_culprit" | cut -d: -f1)
	br_e=$(ls -d "$tmp"/e/[0-9]* | sed -n "${br_k}p")
	br_up=$(cat "$br_e/id")
	br_verified=$("$RUNFILE" list "$run/bisect/steps.tsv" role verdict |
		awk '$1 == "culprit" && $2 == "bad" { c = 1 } $1 == "parent" && $2 == "good" { p = 1 }
			$1 == "revert" && $2 == "good" { r = 1 }
			END { if (c && p && r) print "verified"; else printf "not verified:%s%s%s\n",
				c ? "" : " the culprit did not fail", p ? "" : " its parent did not pass",
				r ? "" : " the candidate without it did not pass" }')
	"$RUNFILE" row --header culprit number="$(printf '%03d/%03d' "$br_k" "$n")" \
		patch="$(cat "$br_e/name")" subject="$(sed -n 's/^subject\t//p' "$run/bisect/answer")" \
		upstream="$br_up" verified="$br_verified" \
		fixed_by="$("$SGCONF" "$BRANCHES" fixed-by "$br_up" | cut -f1,2 | tr '\t\n' ' ;')" \
		bisect="$run/bisect" > "$run/culprit"
	sg_say "gate: the culprit: $(cat "$br_e/name") ($br_verified)"
}

# A patch that does not apply: branch.sh names it and its hunk, and
# leaves every branch as it was; nothing is built.
SG_FACTS_DIR=$run
export SG_FACTS_DIR
"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$run/branch.log" || {
	cat "$run/branch.log" >&2
	bad "the candidate could not be made: a patch of $queue does not apply (above)"
}
"$SG_ROOT/prove/matrix.sh" "$run" "$initrd" "$SG_SERIES" || exit 2
[ -n "$release" ] || release=$(awk -F. '{ printf "%s.%s.%d\n", $1, $2, $3 + 1 }' "$SG_REPO/.git/sg-version")
"$SG_CACHE/bin/report" --compare "$run" "$run@previous" "$run@$cand"
rc=$?
[ $rc -le 1 ] || exit 2
retry_differing
rc=$?
[ $rc -le 1 ] || exit 2
[ $rc = 0 ] || bisect_regression
# The tester's reply to the review thread: Tested-by, or what regressed.
"$SG_CACHE/bin/report" --reply "$run" "$SG_SERIES" "$release" "$n" "$SG_TESTER" || exit 2
exit $rc
