#!/bin/sh
# gate.sh RUN_DIR INITRD SERIES [QUEUE]
# A stable release candidate judged against the release before it.  The
# candidate comes in one of the forms a tester receives it:
#   QUEUE   a stable-queue folder (its series file and quilt patches);
#   RC      repo@rev, a linux-stable-rc branch or tag: the commits
#           FROM..RC of that repository, oldest first;
#   MBOX    the review thread, "[PATCH S 000/NNN] S.x-stable review"
#           and its patches, applied in the order of their NNN/MMM;
# (maintain/gate-input.sh reads each into one list of mails).  FROM is the
# previous release: by default the series' base (compat/S: the base and
# its build-compat, none of the project's fixes); FROM=stable/S the
# project's own branch (its patch set too: the project's next release
# gated); else a tag or commit (repo@rev, or a revision of RC's
# repository), imported with build-compat on it.  The candidate is the
# previous release plus the queue, each patch applied with git am.
# Both are variants of one run that the gate plans itself (RUN_DIR/plan,
# series, variants: kind gate, every check of branches.yaml on both; the
# variants previous and candidate-<the queue's name>), and
# prove/matrix.sh builds them in the series' build folder (the candidate
# an incremental rebuild) and boots each with every check.  Then this
# script decides nothing: report --gate (report/judge/gatenext.c) judges each
# step (the comparison, the narrowing where the previous release fails
# some of the guest's arrays only, the tries of the rows that differ,
# the proofs) and lists the boots it needs in RUN_DIR/needed, which
# boot_needed boots, until it needs none; a regression is bisected
# (maintain/bisect.sh, verified by report --culprit), and the tester's
# reply to the review thread is written (RUN_DIR/reply.eml).
# Exit 0 no regression, 1 a regression, 2 bad input (a patch that does
# not apply is named with its hunk, and every branch stays as it was).
set -u	# not -e: the compare's "regression" is a status, not a failure
. "$(dirname "$0")/../lib/sg.sh"

[ $# -eq 3 ] || [ $# -eq 4 ] || { sg_say "usage: gate.sh RUN_DIR INITRD SERIES [QUEUE]"; exit 2; }
run=$1 initrd=$2 series=$3 queue=${4:-${QUEUE:-}}
rc_spec=${RC:-} mbox=${MBOX:-} gate_from=${FROM:-}
side=${GATE_SIDE:-} sides=${GATE_SIDES:-}
bad() { sg_say "gate: $*"; exit 2; }
# On a distributed engine (.gitlab-ci.yml): GATE_SIDE=previous or
# candidate builds and boots that kernel alone, in a job of its own;
# GATE_SIDES="PREVIOUS_RUN CANDIDATE_RUN", those two jobs' run folders,
# compares them and goes on (the retries, the bisection, the reply).
case $side in "" | previous | candidate) ;; *) bad "GATE_SIDE=$side: previous or candidate" ;; esac
if [ -n "$sides" ]; then
	# shellcheck disable=SC2086
	set -- $sides
	[ $# = 2 ] && [ -f "$1/results.tsv" ] && [ -f "$2/results.tsv" ] ||
		bad "GATE_SIDES=$sides: want the run folders of the two sides' jobs, the previous release's first"
	side_prev=$1 side_cand=$2
fi
[ "$(printf '%s' "${queue:+q}${rc_spec:+r}${mbox:+m}" | wc -c)" = 1 ] ||
	bad "say one candidate: QUEUE=<stable-queue folder>, RC=<repo@rev> or MBOX=<review thread>"
mkdir -p "$run" || exit 2
sg_mark_run "$run" gate "$series"
sg_load_series "$series"
tmp="$run/intake"
mkdir -p "$tmp"
. "$SG_ROOT/maintain/gate-input.sh"

# repo_rev SPEC DEFAULT_REPO: "$rr_repo $rr_id" of repo@rev, or of a
# revision of DEFAULT_REPO.
repo_rev() {
	case $1 in
	*@*) rr_repo=${1%@*} rr_rev=${1##*@} ;;
	*) rr_repo=$2 rr_rev=$1 ;;
	esac
	[ -n "$rr_repo" ] && git -C "$rr_repo" rev-parse --git-dir >/dev/null 2>&1 ||
		bad "$1: not a git repository${rr_repo:+ ($rr_repo)}: say repo@rev"
	rr_id=$(git -C "$rr_repo" rev-parse -q --verify "$rr_rev^{commit}") ||
		bad "$1: no commit $rr_rev in $rr_repo"
}

# kernel_of REPO ID: the version its Makefile says.
kernel_of() {
	git -C "$1" show "$2:Makefile" 2>/dev/null | sg_makefile_version
}

# The previous release.  FROM as a commit: its repository and id (an RC's
# FROM defaults to the revision the series' tree names, TREE_S=repo@rev).
from_repo= from_id=
case $gate_from in
"" | "stable/$SG_SERIES") ;;
*) sg_tree_source
	[ -z "$rc_spec" ] || tree=${rc_spec%@*}
	repo_rev "$gate_from" "$tree"
	from_repo=$rr_repo from_id=$rr_id ;;
esac
if [ -n "$rc_spec" ]; then
	case $rc_spec in *@*) ;; *) bad "RC=$rc_spec: say repo@rev (a linux-stable-rc clone and its branch or tag)" ;; esac
	if [ -z "$from_id" ]; then
		sg_tree_source
		[ -n "$rev" ] || bad "RC=$rc_spec: say FROM=<the release before it> (a tag or commit of ${rc_spec%@*})"
		repo_rev "${rc_spec%@*}@$rev" ""
		from_repo=$rr_repo from_id=$rr_id
		sg_say "gate: FROM=$rev ($SG_TREE_VAR's revision)"
	fi
	repo_rev "$rc_spec" ""
	[ "$rr_repo" = "$from_repo" ] || git -C "$rr_repo" cat-file -e "$from_id^{commit}" 2>/dev/null ||
		bad "FROM=$gate_from: $from_id is not in RC's repository ${rc_spec%@*}"
fi
[ -z "$from_id" ] || case $(kernel_of "$from_repo" "$from_id") in
	"$SG_SERIES" | "$SG_SERIES".*) ;;
	*) bad "FROM=$gate_from is Linux $(kernel_of "$from_repo" "$from_id"), not of series $SG_SERIES" ;;
esac

# The candidate, read whole before anything is made.  Its release: the
# one its queue folder is named after (releases/4.0.2), RC's Makefile,
# the cover letter's subject; RELEASE_OF_QUEUE says otherwise.
release=${RELEASE_OF_QUEUE:-}
if [ -n "$queue" ]; then
	[ -n "$release" ] || release=$(sg_release_of_folder "$queue")
	queue_input "$queue" "${release:-$SG_VERSION}"
	name=$(basename "$queue")
elif [ -n "$rc_spec" ]; then
	rc_input "$rr_repo" "$from_id" "$rr_id"
	[ -n "$release" ] || release=$(kernel_of "$rr_repo" "$rr_id")
	name=rc-$(basename "$rc_spec")
else
	mbox_input "$mbox" "$SG_SERIES"
	# 2015's "[PATCH 4.0 00/97] 4.0.2-stable review", today's
	# "[PATCH 6.1 000/100] 6.1.194-rc1 review".
	[ -n "$release" ] || release=$("$RUNFILE" list "$tmp/thread" subject |
		sed -n 's/.*\] *\([0-9][0-9.]*[0-9]\)\(-stable\|-rc[0-9]*\) review.*/\1/p')
	[ -n "$release" ] || bad "MBOX=$mbox: its cover letter's subject names no release (\"$("$RUNFILE" list "$tmp/thread" subject)\"): say RELEASE_OF_QUEUE=6.1.194"
	name=mbox-$(basename "$mbox" .mbox)
	cp "$tmp/thread" "$run/thread"
fi
n=$nr_entries
for e in "$tmp"/e/[0-9]*; do
	mail="$run/queue/$(basename "$e")-$(cat "$e/name" | tr / -)"
	mkdir -p "$run/queue" && cp "$e/mail" "$mail" && echo "$mail"
done > "$run/queue.list"

# The previous release's branch: compat/S, stable/S, or FROM's tree (one
# commit, imported as import-tree.sh imports a tree) with build-compat.
prev_fixes=false prev_from=-
[ "$gate_from" = "stable/$SG_SERIES" ] && prev_fixes=true
if [ -n "$from_id" ]; then
	"$SG_ROOT/prove/import-tree.sh" "$SG_SERIES" || exit 2
	ref="refs/heads/gate/$SG_SERIES/from"
	if [ "$(sg_git rev-parse -q --verify "$ref^{tree}")" != "$(git -C "$from_repo" rev-parse "$from_id^{tree}")" ]; then
		sg_say "gate: importing FROM=$gate_from ($(kernel_of "$from_repo" "$from_id"), $from_id)"
		git -C "$from_repo" archive --format=tar "$from_id" |
			"${TARIMPORT:-$SG_CACHE/bin/tarimport}" --strip 0 "$ref" "$gate_from" 2>"$run/from.err" |
			git -C "$SG_REPO" -c pack.compression=1 fast-import --quiet --done --force --depth=0 ||
			bad "FROM=$gate_from: its tree could not be imported: $(head -n 2 "$run/from.err")"
	fi
	# shellcheck disable=SC2046
	sg_am "gate/$SG_SERIES/from" "gate/$SG_SERIES/from-compat" $(sg_series_files "$SG_COMPAT") ||
		bad "FROM=$gate_from: the build-compat of $SG_SERIES does not apply to it (above)"
	prev_from=gate/$SG_SERIES/from-compat
fi

# The run's own plan: the previous release and the candidate, every check
# of branches.yaml on each, PASS expected (the comparison judges).
# The candidate's variant is named after its queue: its kept bzImage
# (build/S/images/<variant>) stays the one this queue made, for make repro.
cand="candidate-$(echo "$name" | tr -c 'A-Za-z0-9._\n-' -)"
# gate_dir DIR VARIANTS: the run of the previous release, the candidate
# or both (comma-separated), every check of branches.yaml on each
# (sg_plan_run).
gate_dir() {
	mkdir -p "$1" || return 2
	{
		"$RUNFILE" header variants
		case ,$2, in *,previous,*)
			"$RUNFILE" row variants series="$SG_SERIES" variant=previous fixes=$prev_fixes \
				regress=- from="$prev_from" branch="$(sg_variant_branch previous)" ;;
		esac
		case ,$2, in *,"$cand",*)
			"$RUNFILE" row variants series="$SG_SERIES" variant="$cand" fixes=$prev_fixes \
				regress="$(paste -sd' ' "$run/queue.list")" from="$prev_from" \
				branch="$(sg_variant_branch "$cand")" ;;
		esac
	} > "$1/variants.want" && sg_plan_run "$1" gate "$2" ""
}
case $side in
previous) gate_dir "$run" previous ;;
candidate) gate_dir "$run" "$cand" ;;
*) gate_dir "$run" "previous,$cand" ;;
esac || exit 2
# touched_files LIST: the files the patches of LIST touch, once each, as
# their diffs name them (a deleted file by its old name).
touched_files() {
	# shellcheck disable=SC2046
	sed -n -e 's|^+++ b/\([^	 ]*\).*|\1|p' -e 's|^--- a/\([^	 ]*\).*|\1|p' \
		$(cat "$1") | awk '!seen[$0]++' | sort
}

# The I/O path each check goes through, for the reply (sgconf paths).
"$SGCONF" "$BRANCHES" paths > "$run/paths" || exit 2
# The files the queue touches and what covers each (sgconf pathmap, the
# path map of branches.yaml): gate.md and the reply say it, and name the
# files nothing covers; with FSTESTS, the map's tests for them join the
# fstests list, within GATE_FSTESTS_MINUTES (each test's seconds from
# the newest fstests rows of this series, else a minute).
touched_files "$run/queue.list" > "$run/touched.files"
timed=
for timed in $(ls -td "$SG_CACHE"/runs/*-gate-"$SG_SERIES"/fstests \
	"$SG_CACHE"/runs/*-fstests-"$SG_SERIES" 2>/dev/null); do
	[ -f "$timed/results.tsv" ] && break
	timed=
done
# shellcheck disable=SC2046
"$SGCONF" "$BRANCHES" pathmap ${FSTESTS:+--fstests "$FSTESTS"} \
	--minutes "${GATE_FSTESTS_MINUTES:-15}" --always "$(sg_fstests_list)" \
	--times "${timed:+$timed/results.tsv}" \
	$(cat "$run/touched.files") > "$run/touched.tsv" || exit 2
prev_said="compat/$SG_SERIES"
[ "$prev_fixes" = true ] && prev_said="stable/$SG_SERIES"
[ -z "$from_id" ] || prev_said="$gate_from with build-compat"
sg_say "gate: $SG_SERIES: the previous release ($prev_said) and the candidate, $n patches of ${queue:-${rc_spec:-$mbox}} on it"

# proof_index: RUN_DIR/proof-index, what proves each upstream commit
# (sg_proof_index), read once.
proof_index() {
	[ ! -f "$run/proof-index" ] || return 0
	sg_proof_index > "$run/proof-index.new" 2>"$run/fixedby.err" ||
		{ cat "$run/fixedby.err" >&2; return 2; }
	mv "$run/proof-index.new" "$run/proof-index"
}

# proof_tests ID KIND: the checks (KIND check) or fstests tests (fstests)
# of the run's proof index that prove ID, one a line.
proof_tests() {
	sg_proofs_of "$1" "$2" "$run/proof-index"
}

# fstests_both: with FSTESTS, the data-integrity list of fstests (or
# TESTS) on both kernels (prove/fstests.sh, the fstests guest, each
# kernel the matrix kept; the series' baseline says what to leave out),
# RUN_DIR/fstests; report --gate joins each side's rows with its checks'
# (RUN_DIR/all-previous, all-candidate) and compares them.  The fstests
# rows boot once: they are not tried again, and narrow nothing.
fstests_both() {
	# The list, and every test of the index that proves a patch of the
	# queue (its proof needs the candidate's outcome).
	proof_index || return 2
	fb_tests="$(sg_fstests_list) $("$RUNFILE" list "$run/touched.tsv" fstests | grep -vx -- - | tr ',' ' ')"
	for fb_e in "$tmp"/e/[0-9]*; do
		fb_tests="$fb_tests $(proof_tests "$(cat "$fb_e/id")" fstests)"
	done
	fb_tests=$(echo $fb_tests | tr ' ' '\n' | awk 'NF && !seen[$0]++' | paste -sd' ' -)
	TESTS=$fb_tests SG_SEED=$(cat "$run/seed") SG_RUN_KERNELS="$run/kernels/$SG_SERIES" \
		"$SG_ROOT/prove/fstests.sh" "$run/fstests" "$SG_SERIES" \
		previous "$cand" > "$run/fstests.log" 2>&1
	if [ ! -f "$run/fstests/results.tsv" ]; then
		tail -n 5 "$run/fstests.log" >&2	# fstests.sh's own words
		return 2
	fi
	sg_say "gate: fstests on both: $("$RUNFILE" count "$run/fstests/results.tsv") rows ($run/fstests)"
}

# proof_plan: each patch of the queue whose upstream commit the proof
# index says how to prove (proof_index: the record's proven-by, and with
# FSTESTS the tests that name it their fix) gets the candidate with that
# patch reverted (gate/S/without-NNN, a kernel of its own, built as an
# incremental rebuild) and its rows in RUN_DIR/proof-plan, written whole
# before anything of it boots; report --gate then says which tries to
# boot (without the patch until its check fails, up to SG_GATE_TRIES;
# with it on as many boots: RUN_DIR/proof-NNN, -try-K, -with-try-K) and
# judges them into RUN_DIR/proofs.  A revert that does not apply is
# noted: untestable.
proof_plan() {
	proof_index || return 2
	"$RUNFILE" header proofplan > "$run/proof-plan.new"
	pp_k=0
	pp_commits=$(sg_git rev-list --reverse "$(sg_variant_branch previous)..$(sg_variant_branch "$cand")")
	for pp_e in "$tmp"/e/[0-9]*; do
		pp_k=$((pp_k + 1))
		pp_id=$(cat "$pp_e/id")
		pp_checks=$(proof_tests "$pp_id" check)
		# Its fstests tests too, when the gate ran fstests.
		pp_tests=
		[ ! -f "$run/fstests/results.tsv" ] || pp_tests=$(proof_tests "$pp_id" fstests)
		[ -n "$pp_checks$pp_tests" ] || continue
		pp_num=$(printf '%03d/%03d' "$pp_k" "$n") pp_name=$(cat "$pp_e/name")
		pp_c=$(echo "$pp_commits" | sed -n "${pp_k}p")
		pp_d="$run/proof-$(printf %03d "$pp_k")" pp_v="without-$(printf %03d "$pp_k")"
		pp_note=-
		sg_git checkout -q -f --detach "$(sg_variant_branch "$cand")" &&
		if GIT_AUTHOR_NAME=stableguard GIT_AUTHOR_EMAIL=stableguard@localhost \
			GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
			sg_git revert --no-edit "$pp_c" > "$pp_d.revert" 2>&1; then
			sg_git branch -f "gate/$SG_SERIES/$pp_v" HEAD
		else
			sg_git revert --abort > /dev/null 2>&1
			pp_note="the revert does not apply to the candidate: $(grep -i -m 1 conflict "$pp_d.revert")"
		fi
		sg_git checkout -q -f "stable/$SG_SERIES"
		for pp_ck in $pp_checks $pp_tests; do
			"$RUNFILE" row proofplan number="$pp_num" patch="$pp_name" upstream="$pp_id" \
				check="$pp_ck" dir="$pp_d" note="$pp_note" >> "$run/proof-plan.new"
		done
	done
	mv "$run/proof-plan.new" "$run/proof-plan"
}

# kernels_here KERNELS VARIANTS: each of VARIANTS (comma-separated) has
# the kernel KERNELS/<V> names on this machine.  A distributed engine's
# compare job has only its cache's (GATE_SIDES): a side's kernel may be
# on the other job's runner.
kernels_here() {
	for kh_v in $(echo "$2" | tr , ' '); do
		kh_k=
		[ ! -f "$1/$kh_v" ] || read -r kh_k < "$1/$kh_v"
		[ -n "$kh_k" ] && [ -f "$kh_k" ] || return 1
	done
}

# boot_needed: what report --gate listed in RUN_DIR/needed, booted: a
# sub-run whose kernels the gate has (boot-run.sh: guests alone), or one
# to build first (a proof's candidate without its patch, or a kernel this
# machine does not have: matrix.sh, the folder as report --gate planned
# it, a kept image reused); its fstests tests in the fstests guest.
boot_needed() {
	"$RUNFILE" list "$run/needed" dir variants checks tests chunks seed build kernels why \
		> "$run/needed.list" || return 2
	while read -r bn_d bn_v bn_c bn_t bn_chunks bn_seed bn_build bn_k bn_why; do
		sg_say "gate: $bn_why"
		kernels_here "$bn_k" "$bn_v" || bn_build=yes
		if [ "$bn_build" = yes ]; then
			SG_SEED=$bn_seed "$SG_ROOT/prove/matrix.sh" "$bn_d" "$initrd" "$SG_SERIES" \
				> "$bn_d.log" 2>&1 || return 2
			bn_k="$bn_d/kernels/$SG_SERIES"
		elif [ "$bn_c" != - ]; then
			"$SG_ROOT/prove/boot-run.sh" "$bn_d" "$initrd" "$bn_k" "$bn_seed" "$bn_chunks" \
				> "$bn_d.log" 2>&1 || return 2
		fi
		[ "$bn_t" != - ] || continue
		TESTS=$(echo "$bn_t" | tr , ' ') SG_SEED=$bn_seed SG_RUN_KERNELS=$bn_k \
			"$SG_ROOT/prove/fstests.sh" "$bn_d/fstests" "$SG_SERIES" "$bn_v" \
			> "$bn_d.fstests.log" 2>&1
	done < "$run/needed.list"
}

# gate_judge: report --gate, the gate's one judge, asked what to boot
# next until it needs nothing more (report/judge/gatenext.c: the comparison,
# the narrowing, the tries, the proofs); its status.
# Boots that left no rows are asked for again: said, not booted twice.
gate_judge() {
	rm -f "$run/needed.booted"
	while :; do
		"$SG_CACHE/bin/report" --gate "$run" "$SG_GATE_TRIES"
		gj_rc=$?
		[ $gj_rc = 10 ] || return $gj_rc
		if cmp -s "$run/needed" "$run/needed.booted"; then
			sg_say "gate: these boots left no rows: $("$RUNFILE" list "$run/needed" dir | sed 's/$/.log/' | paste -sd' ' -)"
			return 2
		fi
		boot_needed || return 2
		cp "$run/needed" "$run/needed.booted"
	done
}

# bisect_regression: the queue's patch the regressed checks break at,
# by make bisect's bisect.sh (the previous release good, the candidate
# bad, a commit a patch), verified there (the culprit fails, its parent
# passes, the candidate with it reverted passes); RUN_DIR/culprit.
bisect_regression() {
	# The checks, else the fstests tests (one guest or the other).
	# A candidate that does not build: the patch that stops it building,
	# judged by the build alone.
	br_checks=build
	[ "$("$RUNFILE" count --where "verdict=regression (build)" "$run/gate.tsv")" != 0 ] ||
		br_checks=$(for br_v in regression "regression (boot)"; do
			"$RUNFILE" list --where verdict="$br_v" "$run/gate.tsv" check; done | grep -v / | paste -sd, -)
	[ -n "$br_checks" ] ||
		br_checks=$(for br_v in regression "regression (boot)"; do
			"$RUNFILE" list --where verdict="$br_v" "$run/gate.tsv" check; done | paste -sd, -)
	# Only boot regressions: a step whose guest dies is the bad one.
	br_boot=1
	for br_v in regression "regression (build)"; do
		[ "$("$RUNFILE" count --where verdict="$br_v" "$run/gate.tsv")" = 0 ] || br_boot=0
	done
	sg_say "gate: bisecting $br_checks over the $n patches of the queue"
	BOOT=$br_boot SG_SEED=$(cat "$run/seed") CHUNKS=${gate_chunks:-} "$SG_ROOT/maintain/bisect.sh" "$run/bisect" "$initrd" "$SG_SERIES" \
		"$(sg_variant_branch previous)" "$(sg_variant_branch "$cand")" "$br_checks" \
		> "$run/bisect.out" 2>&1
	# The queue's patch it named, verified, in C (report/judge/gateculprit.c).
	if br_said=$("$SG_CACHE/bin/report" --culprit "$run" 2>&1); then
		sg_say "gate: the culprit: $br_said"
	else
		sg_say "gate: $br_said: $(tail -n 3 "$run/bisect.out" | tr '\n' ' ')"
	fi
}

# entries: RUN_DIR/entries, the queue's patches in order, each with its
# commit on the candidate (its place there is its place in the queue).
entries() {
	"$RUNFILE" header entries
	sg_git rev-list --reverse "$(sg_variant_branch previous)..$(sg_variant_branch "$cand")" |
	while read -r en_c; do
		en_k=$(( ${en_k:-0} + 1 ))
		en_e=$(ls -d "$tmp"/e/[0-9]* | sed -n "${en_k}p")
		"$RUNFILE" row entries number="$(printf '%03d/%03d' "$en_k" "$n")" patch="$(cat "$en_e/name")" \
			subject="$(cat "$en_e/subject")" upstream="$(cat "$en_e/id")" commit="$en_c"
	done
}

# A patch that does not apply: branch.sh names it and its hunk, and
# leaves every branch as it was; nothing is built.
SG_FACTS_DIR=$run
export SG_FACTS_DIR
"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$run/branch.log" || {
	cat "$run/branch.log" >&2
	bad "the candidate could not be made: a patch of ${queue:-${rc_spec:-$mbox}} does not apply (above)"
}
if [ -n "$sides" ]; then
	# The two jobs' folders kept in this run, their rows its results and
	# their kernels its own.
	mkdir -p "$run/sides" "$run/kernels" && cp -R "$side_prev" "$run/sides/previous" &&
		cp -R "$side_cand" "$run/sides/candidate" && cp "$side_prev/seed" "$run/seed" &&
		cp -R "$side_prev/kernels/." "$side_cand/kernels/." "$run/kernels/" || exit 2
	"$SG_CACHE/bin/report" --union "$run" "$run/sides/previous@previous,$run/sides/candidate@$cand" ||
		exit 2
else
	"$SG_ROOT/prove/matrix.sh" "$run" "$initrd" "$SG_SERIES" || exit 2
fi
if [ -n "$side" ]; then
	sg_say "gate: the $side's side booted: $run (GATE_SIDES= the two sides' run folders compares them)"
	exit 0
fi
entries > "$run/entries" || exit 2
[ -n "$release" ] || release=$(awk -F. '{ printf "%s.%s.%d\n", $1, $2, $3 + 1 }' "$SG_REPO/.git/sg-version")
if [ -n "${FSTESTS:-}" ] && [ -z "$sides" ]; then
	fstests_both || exit 2
fi
# judged RC: a comparison's status taken on: 0 or 1 is a verdict; 3, the
# previous release ran nothing (it did not build or boot), is none: a
# reply that says it was not tested and why, the page, exit 2.
judged() {
	[ "$1" = 3 ] || { [ "$1" -le 1 ] && return 0; exit 2; }
	"$SG_CACHE/bin/report" --reply "$run" "$SG_SERIES" "$release" "$n" "$SG_TESTER" >/dev/null
	"$SG_CACHE/bin/report" "$run" > "$run/report.out"
	bad "cannot judge $SG_SERIES: $("$RUNFILE" list "$run/judgement" why 2>/dev/null || echo "the previous release ran no check") (the run: $run)"
}
# The comparison, the narrowing and the tries, judged between their boots.
gate_judge
rc=$?
judged $rc
# The arrays the gate's rows ran with: the narrowed chunks, if any.
gate_chunks=
[ "$("$RUNFILE" list "$run/narrow" checks 2>/dev/null)" = - ] ||
	gate_chunks=$("$RUNFILE" list "$run/narrow" kept 2>/dev/null | sed 's/^-$//')
[ $rc = 0 ] || bisect_regression
# Each patch the proof index can prove, proven with and without it.
proof_plan || exit 2
if [ "$("$RUNFILE" count "$run/proof-plan")" = 0 ]; then
	sg_say "gate: no patch of the queue backports a commit the proof index knows (make proofs)"
else
	gate_judge
	pp=$?
	[ $pp -le 1 ] || exit 2
	[ $pp = 0 ] || rc=1
fi
# Which of the queue's changed lines the checks executed (prove/coverage.sh:
# the candidate built again with gcov for the C files the queue touches,
# booted once with the checks), for the reply and gate.md; GATE_COVERAGE=0
# leaves it out.  Not on a side's job of a distributed engine (it has one
# kernel), nor for the 2015 eras (no gcov build of theirs).
if [ "${GATE_COVERAGE:-1}" != 0 ] && [ -z "$side$sides" ]; then
	if [ "$SG_ERA" != modern ]; then
		sg_say "gate: no coverage for the $SG_ERA era"
	elif "$SG_ROOT/prove/coverage.sh" "$run" "$initrd" "$SG_SERIES" "$cand" \
		2> "$run/coverage.err"; then
		sg_say "gate: coverage of the queue's changed lines: $run/coverage.tsv"
	else
		sg_say "gate: no coverage: $(tail -n 1 "$run/coverage.err")"
	fi
fi
# The tester's reply to the review thread: Tested-by, or what regressed;
# gate.md finished beside it (led by the verdict, the narrowing and the
# proofs under the table: report/render/gatemd.c).
"$SG_CACHE/bin/report" --reply "$run" "$SG_SERIES" "$release" "$n" "$SG_TESTER" || exit 2
# The run's files again, now with the proofs beside the candidate's rows:
# matrix.md, junit.xml, results.json, KCIDB (the two trees, the
# candidate's tests, each regression an issue and an incident) and the
# page, the gate's table first.  Its summary judges the rows as a matrix
# does (the candidate's FAIL is "not as expected"): the gate's verdict
# is the compare's.  With fstests, its rows join the checks' in the
# run's results.tsv first, so that a proof by an fstests test is there too.
if [ -f "$run/fstests/results.tsv" ]; then
	mkdir -p "$run/with-fstests" &&
		"$SG_CACHE/bin/report" --union "$run/with-fstests" "$run,$run/fstests" &&
		cp "$run/with-fstests/results.tsv" "$run/results.tsv" || exit 2
fi
"$SG_CACHE/bin/report" "$run" > "$run/report.out"
[ $? -le 1 ] || exit 2
sg_say "page: $run/report.html"
exit $rc
