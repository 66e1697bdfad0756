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
# an incremental rebuild) and boots each with every check; then report
# --compare puts the candidate's rows beside the previous release's
# (RUN_DIR/gate.md, gate.tsv), and the tester's reply to the review
# thread is written (RUN_DIR/reply.eml).  Where the previous release
# fails a check on some of the guest's arrays only (4.0.1 with a 12 KiB
# chunk), the gate is run again on the arrays it passes, and says so.
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
	[ -n "$release" ] || release=$(basename "$queue" | sed -n 's/^\(.*[^0-9.]\)\{0,1\}\([0-9]\{1,\}\.[0-9]\{1,\}\.[0-9]\{1,\}\)$/\2/p')
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
# gate_dir DIR VARIANTS CHECKS [CHUNKS]: a folder matrix.sh runs: the
# series' facts (its guest's chunks narrowed to CHUNKS), the variants
# (previous, the candidate, a proof's candidate without a patch,
# without-NNN: its branch gate/S/without-NNN; comma-separated), the plan
# (those checks, "" every one, "-" none: a kernel built for fstests
# alone), no pair.
gate_dir() {
	mkdir -p "$1" && sg_mark_run "$1" gate "$SG_SERIES" &&
	"$SGCONF" "$BRANCHES" facts "$1" ${4:+--chunks "$4"} "$SG_SERIES" || return 2
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
		for gd_v in $(echo "$2" | tr , ' '); do
			case $gd_v in without-*)
				"$RUNFILE" row variants series="$SG_SERIES" variant="$gd_v" fixes=$prev_fixes \
					regress=- from="gate/$SG_SERIES/$gd_v" branch="$(sg_variant_branch "$gd_v")" ;;
			esac
		done
	} > "$1/variants" || return 2
	case $3 in
	"") "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$2" ;;
	-) "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$2" "" ;;
	*) "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$2" "$3" ;;
	esac || return 2
	"$RUNFILE" header pairs > "$1/cross.list"
}
case $side in
previous) gate_dir "$run" previous "" ;;
candidate) gate_dir "$run" "$cand" "" ;;
*) gate_dir "$run" "previous,$cand" "" ;;
esac || exit 2
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
# that prove ID, one a line: an index id is ID or its first digits.
proof_tests() {
	awk -F'\t' -v id="$1" -v kind="$2" '$2 == kind && index(id, $1) == 1 { print $3 }' \
		"$run/proof-index" | awk '!seen[$0]++'
}

# fstests_both: with FSTESTS, the data-integrity list of fstests (or
# TESTS) on both kernels (prove/fstests.sh, the fstests guest, each
# kernel the matrix kept; the series' baseline says what to leave out),
# RUN_DIR/fstests; each side's rows joined with its checks'
# (RUN_DIR/all-previous, all-candidate: report --union), which the gate
# then compares.  The fstests rows boot once: they are not tried again,
# and narrow nothing.
fstests_both() {
	# The list, and every test of the index that proves a patch of the
	# queue (its proof needs the candidate's outcome).
	proof_index || return 2
	fb_tests=$(sg_fstests_list)
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
	gate_prev=$(with_fstests "$run" previous) && gate_cand=$(with_fstests "$run" "$cand")
}

# with_fstests DIR VARIANT: the side's rows to compare: DIR@VARIANT, joined
# with its fstests rows when the gate ran fstests (DIR/all-VARIANT).
with_fstests() {
	if [ ! -f "$run/fstests/results.tsv" ]; then
		echo "$1@$2"
		return
	fi
	mkdir -p "$1/all-$2" &&
		"$SG_CACHE/bin/report" --union "$1/all-$2" "$1@$2,$run/fstests@$2" &&
		echo "$1/all-$2"
}

# retry_differing: the rows that differed between the two kernels (a
# regression or a fix, on one boot each) booted again on both, with the
# next seeds (SG_GATE_TRIES boots in all, kernels kept, RUN_DIR/try-K),
# then compared over every try: a previous release that disagrees with
# itself makes a flake, not a regression; a candidate that fails some
# tries where the previous release passes all is an intermittent
# regression.  The compare's status.
retry_differing() {
	rd_checks=$(for rd_v in regression "regression (boot)" fixed "fixed (boot)"; do
		"$RUNFILE" list --where verdict="$rd_v" "$run/gate.tsv" check; done | grep -v /)
	[ -n "$rd_checks" ] && [ "$SG_GATE_TRIES" -gt 1 ] || return $rc
	rd_prev=$gate_prev rd_cand=$gate_cand rd_k=2
	sg_say "gate: $(echo $rd_checks | wc -w) check(s) differ: booted again on both, $SG_GATE_TRIES tries in all"
	while [ $rd_k -le "$SG_GATE_TRIES" ]; do
		rd_t="$run/try-$rd_k"
		gate_dir "$rd_t" "previous,$cand" "$(echo $rd_checks | tr ' ' ,)" "$gate_chunks" ||
			return 2
		SG_SEED=$(( $(cat "$run/seed") + rd_k - 1 )) \
			"$SG_ROOT/prove/matrix.sh" "$rd_t" "$initrd" "$SG_SERIES" 2>"$rd_t.log" || return 2
		rd_prev="$rd_prev,$rd_t@previous" rd_cand="$rd_cand,$rd_t@$cand"
		rd_k=$((rd_k + 1))
	done
	"$SG_CACHE/bin/report" --compare "$run" "$rd_prev" "$rd_cand"
}

# narrow: where the previous release fails checks with some of the
# guest's chunks and passes them with others (4.0.1 and 3.14.40 fail a
# 12 KiB chunk before any queue: 20d0189b1012's bug), its failure there
# hides what the candidate does with the rest.  The previous release is
# booted a chunk at a time with the checks it failed, and the gate is run
# again, both kernels, every check, with the chunks it passes
# (RUN_DIR/narrowed; RUN_DIR/narrow says what and why), as make bisect
# CHUNKS= does: a regression there is still a regression.  The compare's
# status; gate_prev, gate_cand and gate_chunks say where the gate's rows are.
narrow() {
	# Only a check failing on both can hide a regression: a fix cannot.
	nw_checks=$(for nw_v in "still failing" "still failing (changed)"; do
		"$RUNFILE" list --where "verdict=$nw_v" "$run/gate.tsv" check; done | grep -v / | paste -sd, -)
	[ -n "$nw_checks" ] || return $rc
	case $SG_CHUNKS in *,*) ;; *) return $rc ;; esac
	# A chunk is booted once; one some check passed with, with the next
	# seeds too (SG_GATE_TRIES boots in all): a check that passes it once
	# in a while (fio-ext4 on 4.0.2) narrows nothing.
	for nw_c in $(echo "$SG_CHUNKS" | tr , ' '); do
		nw_t=1
		while [ $nw_t -le "$SG_GATE_TRIES" ]; do
			nw_d="$run/narrow-$nw_c"
			[ $nw_t = 1 ] || nw_d="$run/narrow-$nw_c-try-$nw_t"
			gate_dir "$nw_d" previous "$nw_checks" "$nw_c" || return 2
			SG_SEED=$(( $(cat "$run/seed") + nw_t - 1 )) "$SG_ROOT/prove/matrix.sh" "$nw_d" \
				"$initrd" "$SG_SERIES" > "$nw_d.log" 2>&1 || return 2
			[ "$("$RUNFILE" count --where observed=PASS "$run/narrow-$nw_c/results.tsv")" != 0 ] ||
				break
			nw_t=$((nw_t + 1))
		done
	done
	# The chunks every check passes that passes with some, every boot: a
	# check that fails with every chunk (ext4-es-delayed on 4.0.1) is not
	# the arrays' doing and narrows nothing.
	nw_kept=$SG_CHUNKS nw_by=
	for nw_k in $(echo "$nw_checks" | tr , ' '); do
		nw_pass=
		for nw_c in $(echo "$SG_CHUNKS" | tr , ' '); do
			nw_all=$(for nw_r in "$run/narrow-$nw_c" "$run/narrow-$nw_c"-try-*; do
				[ ! -f "$nw_r/results.tsv" ] ||
					"$RUNFILE" list --where check="$nw_k" "$nw_r/results.tsv" observed
			done | sort -u)
			[ "$nw_all" = PASS ] && nw_pass="$nw_pass,$nw_c"
		done
		[ -n "$nw_pass" ] || continue
		nw_by="$nw_by${nw_by:+,}$nw_k"
		nw_kept=$(for nw_c in $(echo "$nw_kept" | tr , ' '); do
			case "$nw_pass," in *",$nw_c,"*) echo "$nw_c" ;; esac
		done | paste -sd, -)
	done
	[ -n "$nw_by" ] || nw_kept=
	"$RUNFILE" row --header narrow chunks="$SG_CHUNKS" kept="${nw_kept:--}" checks="${nw_by:--}" \
		run="$run/narrowed" > "$run/narrow"
	if [ -z "$nw_by" ]; then
		sg_say "gate: the previous release fails $nw_checks with every chunk ($SG_CHUNKS): not narrowed"
		return $rc
	fi
	if [ -z "$nw_kept" ]; then
		sg_say "gate: the previous release passes $nw_by with no chunk in common: not narrowed"
		return $rc
	fi
	sg_say "gate: the previous release fails $nw_by with chunks other than $nw_kept: the gate again with chunks $nw_kept"
	gate_dir "$run/narrowed" "previous,$cand" "" "$nw_kept" || return 2
	SG_SEED=$(cat "$run/seed") "$SG_ROOT/prove/matrix.sh" "$run/narrowed" "$initrd" "$SG_SERIES" \
		> "$run/narrowed.log" 2>&1 || return 2
	mv "$run/gate.md" "$run/gate-all-chunks.md"
	mv "$run/gate.tsv" "$run/gate-all-chunks.tsv"
	gate_prev=$(with_fstests "$run/narrowed" previous) &&
		gate_cand=$(with_fstests "$run/narrowed" "$cand") || return 2
	gate_chunks=$nw_kept
	"$SG_CACHE/bin/report" --compare "$run" "$gate_prev" "$gate_cand"
}

# tries_said OUTCOMES: a check's outcome over its tries (comma-separated),
# by the gate's one rule (report/gatejudge.c).
tries_said() {
	"$SG_CACHE/bin/report" --tries-said "$1"
}

# proof_boot DIR VARIANT CHECKS TESTS SEED OBS [build]: one try of a
# proof: VARIANT booted with CHECKS (comma-separated) and, in the fstests
# guest, TESTS; "check observed" of each row appended to OBS.  With
# build, or CHECKS, matrix.sh builds (or reuses) the kernel first.
proof_boot() {
	if [ -n "$3" ] || [ "${7:-}" = build ]; then
		gate_dir "$1" "$2" "${3:--}" "$gate_chunks" || return 2
		SG_SEED=$5 "$SG_ROOT/prove/matrix.sh" "$1" "$initrd" "$SG_SERIES" > "$1.log" 2>&1
		[ ! -f "$1/results.tsv" ] || "$RUNFILE" list "$1/results.tsv" check observed >> "$6"
	fi
	[ -n "$4" ] || return 0
	mkdir -p "$1"
	# The kernel this gate built of VARIANT: in this try's folder, the
	# proof's first (which built the candidate without the patch), or
	# the gate's own.
	for pb_kernels in "$1/kernels/$SG_SERIES" "${pp_d:-$1}/kernels/$SG_SERIES" "$run/kernels/$SG_SERIES"; do
		[ ! -f "$pb_kernels/$2" ] || break
	done
	TESTS="$4" SG_SEED=$5 SG_RUN_KERNELS=$pb_kernels "$SG_ROOT/prove/fstests.sh" "$1/fstests" "$SG_SERIES" "$2" \
		> "$1.fstests.log" 2>&1
	[ ! -f "$1/fstests/results.tsv" ] || "$RUNFILE" list "$1/fstests/results.tsv" check observed >> "$6"
}

# proof_tries OBS CHECK: CHECK's outcomes in OBS, in order, comma-separated.
proof_tries() {
	awk -v c="$2" '$1 == c { print $2 }' "$1" | paste -sd, -
}

# proof_left OBS NAMES: those of NAMES (space-separated) that passed
# every try so far: another boot may yet reach the bug.
proof_left() {
	for pl_n in $2; do
		[ "$(tries_said "$(proof_tries "$1" "$pl_n")")" = PASS ] && echo "$pl_n"
	done
}

# prove_patches: each patch of the queue whose upstream commit the
# proof index says how to prove (proof_index: the record's proven-by,
# and with FSTESTS the tests that name it their fix) is proven on this
# candidate: the candidate with that patch reverted
# (gate/S/without-NNN, a kernel of its own, an incremental build) booted
# with those checks (RUN_DIR/proof-NNN, the gate's seed and chunks),
# beside the candidate's own rows, with the gate's tries: without the
# patch, up to SG_GATE_TRIES boots (the next seeds, RUN_DIR/proof-NNN-try-K)
# until a check fails, so one that reaches the bug now and then is not
# "not reached"; and a check that failed without it must pass with it
# on as many boots (the candidate's tries in the gate, then
# RUN_DIR/proof-NNN-with-try-K).  What was booted is RUN_DIR/proof-plan;
# report --proofs judges it into RUN_DIR/proofs (run file proof; its
# without and with are the tries' outcomes).  An inverted proof (the
# patch makes the check fail) is a regression of that patch: status 1.
prove_patches() {
	proof_index || return 2
	"$RUNFILE" header proofplan > "$run/proof-plan"
	pp_k=0 pp_seed=$(cat "$run/seed")
	pp_commits=$(sg_git rev-list --reverse "$(sg_variant_branch previous)..$(sg_variant_branch "$cand")")
	for pp_e in "$tmp"/e/[0-9]*; do
		pp_k=$((pp_k + 1))
		pp_id=$(cat "$pp_e/id")
		pp_checks=$(proof_tests "$pp_id" check | paste -sd, -)
		# Its fstests tests too, when the gate ran fstests.
		pp_tests=
		[ ! -f "$run/fstests/results.tsv" ] || pp_tests=$(proof_tests "$pp_id" fstests | paste -sd' ' -)
		[ -n "$pp_checks$pp_tests" ] || continue
		pp_num=$(printf '%03d/%03d' "$pp_k" "$n") pp_name=$(cat "$pp_e/name")
		pp_c=$(echo "$pp_commits" | sed -n "${pp_k}p")
		pp_d="$run/proof-$(printf %03d "$pp_k")" pp_v="without-$(printf %03d "$pp_k")"
		pp_note=-
		: > "$pp_d.without"
		: > "$pp_d.with"
		sg_git checkout -q -f --detach "$(sg_variant_branch "$cand")" &&
		if GIT_AUTHOR_NAME=stableguard GIT_AUTHOR_EMAIL=stableguard@localhost \
			GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
			sg_git revert --no-edit "$pp_c" > "$pp_d.revert" 2>&1; then
			sg_git branch -f "gate/$SG_SERIES/$pp_v" HEAD
			sg_say "gate: proving $pp_num $pp_name: the candidate without it, with $(echo $(echo "$pp_checks" | tr , ' ') $pp_tests)"
			proof_without || return 2
			proof_with || return 2
		else
			sg_git revert --abort > /dev/null 2>&1
			pp_note="the revert does not apply to the candidate: $(grep -i -m 1 conflict "$pp_d.revert")"
		fi
		sg_git checkout -q -f "stable/$SG_SERIES"
		for pp_ck in $(echo "$pp_checks" | tr , ' ') $pp_tests; do
			"$RUNFILE" row proofplan number="$pp_num" patch="$pp_name" upstream="$pp_id" \
				check="$pp_ck" dir="$pp_d" note="$pp_note" >> "$run/proof-plan"
		done
	done
	# What each proof found, judged in C (report/gateproofs.c).
	"$SG_CACHE/bin/report" --proofs "$run" > "$run/proofs.out"
	pp_rc=$?
	[ $pp_rc -le 1 ] || return 2
	if [ "$("$RUNFILE" count "$run/proofs")" = 0 ]; then
		sg_say "gate: no patch of the queue backports a commit the proof index knows (make proofs)"
		return 0
	fi
	sg_say "gate: $(cat "$run/proofs.out")"
	return $pp_rc
}

# proof_without: prove_patches' boots of the candidate without the
# patch: the first builds it; each next try boots only what has passed
# every try so far.
proof_without() {
	pw_t=1 pw_c=$pp_checks pw_f=$pp_tests
	while [ $pw_t -le "$SG_GATE_TRIES" ] && [ -n "$pw_c$pw_f" ]; do
		pw_d=$pp_d
		[ $pw_t = 1 ] || pw_d=$pp_d-try-$pw_t
		proof_boot "$pw_d" "$pp_v" "$pw_c" "$pw_f" $((pp_seed + pw_t - 1)) "$pp_d.without" \
			"$([ $pw_t = 1 ] && echo build)" || return 2
		pw_c=$(proof_left "$pp_d.without" "$(echo "$pw_c" | tr , ' ')" | paste -sd, -)
		pw_f=$(proof_left "$pp_d.without" "$pw_f" | paste -sd' ' -)
		pw_t=$((pw_t + 1))
	done
}

# proof_with: prove_patches' boots of the candidate for each check that
# failed without the patch and has passed every try with it, until it
# has SG_GATE_TRIES.
proof_with() {
	pw_t=2
	while [ $pw_t -le "$SG_GATE_TRIES" ]; do
		pw_c= pw_f=
		for pw_n in $(echo "$pp_checks" | tr , ' ') $pp_tests; do
			[ "$(tries_said "$(proof_tries "$pp_d.without" "$pw_n")")" = FAIL ] || continue
			pw_all=$(echo "$("$RUNFILE" list --where check="$pw_n" "$run/gate.tsv" candidate),$(proof_tries "$pp_d.with" "$pw_n")" |
				sed 's/^,//; s/,$//')
			[ "$(tries_said "$pw_all")" = PASS ] && [ "$(echo "$pw_all" | tr , '\n' | wc -l)" -lt $pw_t ] || continue
			case $pw_n in
			*/*) pw_f="$pw_f${pw_f:+ }$pw_n" ;;
			*) pw_c="$pw_c${pw_c:+,}$pw_n" ;;
			esac
		done
		[ -z "$pw_c$pw_f" ] ||
			proof_boot "$pp_d-with-try-$pw_t" "$cand" "$pw_c" "$pw_f" $((pp_seed + pw_t - 1)) "$pp_d.with" ||
			return 2
		pw_t=$((pw_t + 1))
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
	# The queue's patch it named, verified, in C (report/gateculprit.c).
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
gate_prev="$run@previous" gate_cand="$run@$cand" gate_chunks=
if [ -n "$sides" ]; then
	# The two jobs' folders kept in this run, and their rows its results.
	mkdir -p "$run/sides" && cp -R "$side_prev" "$run/sides/previous" &&
		cp -R "$side_cand" "$run/sides/candidate" && cp "$side_prev/seed" "$run/seed" || exit 2
	gate_prev="$run/sides/previous@previous" gate_cand="$run/sides/candidate@$cand"
	"$SG_CACHE/bin/report" --union "$run" "$gate_prev,$gate_cand" || exit 2
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
"$SG_CACHE/bin/report" --compare "$run" "$gate_prev" "$gate_cand"
rc=$?
judged $rc
narrow
rc=$?
judged $rc
retry_differing
rc=$?
judged $rc
[ $rc = 0 ] || bisect_regression
# Each patch the proof index can prove, proven with and without it.
prove_patches
pp=$?
[ $pp -le 1 ] || exit 2
[ $pp = 0 ] || rc=1
# The tester's reply to the review thread: Tested-by, or what regressed;
# gate.md finished beside it (led by the verdict, the narrowing and the
# proofs under the table: report/gatemd.c).
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
