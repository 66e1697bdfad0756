#!/bin/sh
# bisect.sh RUN_DIR INITRD SERIES GOOD BAD CHECK[,CHECK...]
# Names the commit between GOOD and BAD that broke CHECK (FIXED=1: that
# fixed it; CHECK=build: that stops it building, judged by the build alone;
# BOOT=1: a guest that dies, not only a FAIL, is the bad term), by `git bisect run` with bisect-step.sh as the judge, then
# verifies the answer: the culprit fails, its parent passes, and BAD with
# the culprit reverted passes.  Writes RUN_DIR/steps.tsv (a row a step),
# answer (what was found, for bisectmd), bisect.log (`git bisect log`, to
# replay), and, rendered by bisectmd, bisect.md and bisect.json; by report,
# kcidb.json and report.html.
#
# The history: TREE (any git repository whose commits are kernels of
# SERIES, e.g. linux-stable) or, without TREE, the cache's repository of
# SERIES and its branches (compat/S, variant/S/V).  It is never written
# to: a bare repository of the cache borrows its objects (alternates) and
# the bisection checks out in a worktree of that one, so an interrupted
# bisection leaves the user's repository, its HEAD and refs as they were.
# One build folder per series is kept across steps and bisections: a step
# compiles what its commit changed.  BISECT_TRIES=N boots each step N
# times with seeds SG_SEED, SG_SEED+1, ...  CHUNKS="64" and LAYOUTS=...
# narrow the guest's arrays to what GOOD passes: 3.14.40 fails raid0-map
# with a 12 KiB chunk (20d0189b1012's bug) and passes with 64, so only
# chunk 64 tells 3.14.41's new bug apart.
set -u
. "$(dirname "$0")/../lib/sg.sh"

[ $# -eq 6 ] || sg_die "usage: bisect.sh RUN_DIR INITRD SERIES GOOD BAD CHECK[,CHECK]"
run=$1 initrd=$2 series=$3 good=$4 bad=$5 checks=$6
sg_load_series "$series"
source=${TREE:-$SG_REPO}
fixed=${FIXED:-0}
tries=${BISECT_TRIES:-1}
case $tries in '' | *[!0-9]* | 0) sg_die "BISECT_TRIES=$tries: want a number of boots, 1 or more" ;; esac
known=$("$SGCONF" "$BRANCHES" checks | tr '\n' ' ')
fstests_root=
for c in $(echo "$checks" | tr , ' '); do
	case $c in
	build)	# the build alone: the commit that stops it building
		[ "$checks" = build ] || sg_die "CHECK=$checks: build judges alone, not beside checks" ;;
	*/*)	# an fstests test (generic/086): the fstests guest, make fstests' image
		fstests_root="$SG_CACHE/fstests/root.img"
		[ -f "$fstests_root" ] || sg_die "CHECK=$c: an fstests test wants the fstests guest's image, $fstests_root: run make fstests FSTESTS=<your checkout> once" ;;
	*)	case " $known" in *" $c "*) ;; *) sg_die "CHECK=$c: not a check of $BRANCHES (${known% }), nor an fstests test (generic/086), nor build" ;; esac ;;
	esac
done

[ -f "$initrd" ] || sg_die "$initrd: no initramfs (make image)"
git -C "$source" rev-parse --git-dir >/dev/null 2>&1 ||
	sg_die "${TREE:+TREE=}$source: not a git repository${TREE:-; make branch SERIES=$series first}"
rev() {
	git -C "$source" rev-parse -q --verify "$1^{commit}" ||
		sg_die "$2=$1: no such commit in $source"
}
good_id=$(rev "$good" GOOD) bad_id=$(rev "$bad" BAD)
git -C "$source" merge-base --is-ancestor "$good_id" "$bad_id" ||
	sg_die "GOOD=$good is not an ancestor of BAD=$bad in $source"

# The cache's side: a bare repository borrowing the source's objects, a
# worktree of it, and the build folder, at the same depths as src/S and
# build/S/kbuild so that ccache finds what the matrix compiled.
top="$SG_CACHE/bisect"
mirror="$top/git/$series.git" wt="$top/src/$series" build="$top/build/$series/steps"
[ -d "$mirror" ] || git init -q --bare "$mirror" || sg_die "cannot make $mirror"
# No automatic gc, as in import-tree.sh: the revert of the culprit is a
# commit, and a commit may start `git gc --auto` in the middle of a
# bisection.  Set on every bisection, so a repository made before gets it.
git --git-dir="$mirror" config gc.auto 0 &&
	git --git-dir="$mirror" config gc.autoDetach false &&
	git --git-dir="$mirror" config maintenance.auto false || sg_die "cannot configure $mirror"
objects=$(cd "$source" && cd "$(git rev-parse --git-common-dir)/objects" && pwd)
alt="$mirror/objects/info/alternates"
grep -qxF "$objects" "$alt" 2>/dev/null || echo "$objects" >> "$alt"
mgit() { git --git-dir="$mirror" "$@"; }
wgit() {
	GIT_AUTHOR_NAME=stableguard GIT_AUTHOR_EMAIL=stableguard@localhost \
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
		git -C "$wt" "$@"
}
if ! [ -e "$wt/.git" ] || ! wgit rev-parse -q --verify HEAD >/dev/null 2>&1; then
	rm -rf "$wt"
	mgit worktree prune
	mkdir -p "$(dirname "$wt")"
	mgit worktree add -q -f --detach "$wt" "$bad_id" ||
		sg_die "cannot make the worktree $wt of $mirror"
fi
# Whatever an earlier, interrupted one left.
wgit bisect reset >/dev/null 2>&1
wgit reset -q --hard && wgit clean -q -fdx
wgit checkout -q -f --detach "$bad_id" || sg_die "cannot check out $bad in $wt"
version=$(make -s -C "$wt" kernelversion 2>/dev/null)
case $version in
"$series" | "$series".*) ;;
*) sg_die "BAD=$bad is kernel ${version:-?} (make kernelversion), not of series $series" ;;
esac

mkdir -p "$run/logs"
sg_mark_run "$run" bisect "$series"
: "${SG_SEED:=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
echo "$SG_SEED" > "$run/seed"
cp "$initrd" "$run/initramfs.cpio"
"$RUNFILE" header images > "$run/images"
"$RUNFILE" header steps > "$run/steps.tsv"
export SG_BISECT_RUN="$run" SG_BISECT_WT="$wt" SG_BISECT_BUILD="$build" \
	SG_BISECT_INITRD="$run/initramfs.cpio" SG_BISECT_CHECKS="$checks" \
	SG_BISECT_TRIES="$tries" SG_BISECT_SEED="$SG_SEED" SG_BISECT_FIXED="$fixed" \
	SG_BISECT_BOOT="${BOOT:-0}" \
	SG_BISECT_SERIES="$series" SG_BISECT_CHUNKS="${CHUNKS:-}" SG_BISECT_LAYOUTS="${LAYOUTS:-}" \
	SG_BISECT_ROOT="$fstests_root"
# kernelrelease without setlocalversion's "+" of an untagged commit: the
# same image whatever the commit is called.
export LOCALVERSION=
if [ "$fixed" = 1 ]; then
	old=broken new=fixed
else
	old=good new=bad
fi
# Back out of bisect mode, once the step (which restores the tree on its
# way out) and git bisect run have gone: an interrupt reaches them too.
cleanup() {
	t=0
	while [ -e "$bisect_start" ] && [ $t -lt 20 ]; do
		wgit bisect reset >/dev/null 2>&1 || sleep 0.5
		t=$((t + 1))
	done
	wgit reset -q --hard >/dev/null 2>&1
	wgit clean -q -fdx >/dev/null 2>&1
}
# fd 3 is stderr as given: the trap may run while git bisect run's
# output goes to bisect-run.out.
exec 3>&2
interrupted() {
	trap - INT TERM HUP
	sg_say "bisection interrupted; ${TREE:-$SG_REPO} untouched, worktree $wt reset" 2>&3
	exit 130
}
bisect_start="$(cd "$wt" && cd "$(git rev-parse --git-dir)" && pwd)/BISECT_START"
trap cleanup EXIT
trap interrupted INT TERM HUP

began=$(date +%s)
n=$(git -C "$source" rev-list --count "$good_id..$bad_id")
sg_say "bisect $series: $n commits in $good..$bad, judged by $checks (${tries} boot(s) a step, seed $SG_SEED)"
wgit bisect start --term-old=$old --term-new=$new "$bad_id" "$good_id" >/dev/null ||
	sg_die "git bisect start failed in $wt"
wgit bisect run sh "$SG_ROOT/maintain/bisect-step.sh" bisect > "$run/bisect-run.out" 2>&1
rc=$?
wgit bisect log > "$run/bisect.log" 2>/dev/null
culprit=
if grep -q "is the first $new commit" "$run/bisect-run.out"; then
	culprit=$(wgit rev-parse "refs/bisect/$new")
	status=found
elif grep -q "only 'skip'ped commits left" "$run/bisect-run.out"; then
	status=ambiguous
else
	status=failed
	sg_say "git bisect run exited $rc: $(tail -n 3 "$run/bisect-run.out" | tr '\n' ' ')"
fi
wgit bisect reset >/dev/null 2>&1

# verify ROLE COMMIT: one more step, outside git bisect.
verify() {
	wgit checkout -q -f --detach "$2" && sh "$SG_ROOT/maintain/bisect-step.sh" "$1"
}
if [ -n "$culprit" ]; then
	verify culprit "$culprit"
	verify parent "$culprit^"
	wgit checkout -q -f --detach "$bad_id"
	if why=$(wgit revert --no-edit "$culprit" 2>&1); then
		verify revert HEAD
	else
		wgit revert --abort >/dev/null 2>&1
		"$RUNFILE" row steps step="$(($("$RUNFILE" count "$run/steps.tsv") + 1))" role=revert \
			commit="$(echo "$culprit" | cut -c1-12)" subject="Revert of the culprit on BAD" \
			build=- tries=- secs=0 first_bad=- verdict=- \
			note="the revert does not apply to BAD: $(echo "$why" | grep -i conflict | head -n 2 | tr '\n' ' ')" \
			>> "$run/steps.tsv"
	fi
fi

# What the answer says of the culprit, for bisectmd to render.
{
	printf 'series\t%s\nsource\t%s\ngood\t%s %s\nbad\t%s %s\n' "$series" \
		"${TREE:-the cache (${SG_REPO})}" "$good" "$good_id" "$bad" "$bad_id"
	printf 'guest\tlayouts %s, chunks %s\n' "${LAYOUTS:-$SG_LAYOUTS}" "${CHUNKS:-$SG_CHUNKS}"
	printf 'checks\t%s\nfixed\t%s\ntries\t%s\nseed\t%s\ncommits\t%s\nstatus\t%s\n' \
		"$checks" "$fixed" "$tries" "$SG_SEED" "$n" "$status"
	printf 'terms\t%s %s\nwall\t%s\n' "$old" "$new" "$(( $(date +%s) - began ))"
	if [ "$status" = ambiguous ]; then
		sed -n 's/^\([0-9a-f]\{40\}\)$/candidate\t\1/p' "$run/bisect-run.out"
	fi
	if [ -n "$culprit" ]; then
		git -C "$wt" log -1 --format='culprit%x09%H%nsubject%x09%s%nauthor%x09%an <%ae>%ndate%x09%ad' "$culprit"
		up=$(git -C "$wt" log -1 -z --format=%H%n%B "$culprit" | "$QUILTMAIL" messages | cut -d' ' -f1)
		if [ -n "$up" ]; then
			printf 'upstream\t%s\n' "$up"
			fu=$("$SGCONF" "$BRANCHES" fixed-by "$up") ||
				sg_say "warning: $SGCONF could not say the known fixes of $up (built from another tree? make tools)"
			[ -z "$fu" ] || echo "$fu" | while IFS="$(printf '\t')" read -r id subj rel kind; do
				there=no
				git -C "$wt" log --format=%B "$good_id..$bad_id" | grep -q "$(echo "$id" | cut -c1-12)" && there=yes
				printf 'followup\t%s\t%s\t%s\t%s\n' "$id" "$subj" "$rel" "$there"
			done
		fi
	fi
} > "$run/answer"
trap - EXIT
cleanup
"$SG_CACHE/bin/bisectmd" "$run"
rc=$?
# Beside bisect.md: the KCIDB file and the page (its path said on stderr,
# stdout's last line stays bisectmd's summary).
"$SG_CACHE/bin/report" --kcidb "$run" >/dev/null &&
	sg_say "page: $("$SG_CACHE/bin/report" --html "$run")"
exit $rc
