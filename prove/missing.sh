#!/bin/sh
# missing.sh RUN_DIR INITRD SERIES
# A missing fix shown by its test: every fix of the proof index (the
# record's proven-by, sgconf proofs) that the series' released kernel
# lacks, with the checks that prove it run on that kernel.  The released
# kernel is the series' base with its build-compat (compat/S, none of the
# project's patches: what the stable tree shipped); a fix is missing when
# the series' base-contains does not name it and, with TREE_<S> a git
# repository@rev, no commit of that history names it (its own id, or a
# backport's "commit <id> upstream.").  A fix whose Fixes: target the
# kernel does not carry is left out, named: a fix of a later era's bug is
# no evidence here.  With FSTESTS the record's fstests tests of those
# fixes boot the fstests guest on that kernel too.  FIXES=<id,...> (as
# make follow-ups names them) takes those fixes instead, with every check
# and test of the proof index that proves them (sg_proof_index: with
# FSTESTS, the checkout's tests that name them too), the Fixes: rule left
# to whoever named them.  RUN_DIR/missing (run file missing): FAIL is evidence
# (the first bad line, and whether stableguard's patch set carries it);
# PASS says the check does not reach it on this kernel.  Exit 0, 1 when a
# missing fix is shown by a failing check, 2 on bad input.
set -u	# not -e: a FAIL is the answer, not an error
. "$(dirname "$0")/../lib/sg.sh"

[ $# -eq 3 ] || sg_die "usage: missing.sh RUN_DIR INITRD SERIES"
run=$1 initrd=$2
mkdir -p "$run" || exit 2
sg_mark_run "$run" missing "$3"
sg_load_series "$3"
if [ -z "${FIXES:-}" ]; then
	"$SGCONF" "$BRANCHES" proofs > "$run/index" || exit 2
else
	sg_proof_index > "$run/index.all" || exit 2
	"$RUNFILE" get --prefix pi_ "$run/index.all" upstream kind name subject > "$run/index.rows" ||
		exit 2
	"$RUNFILE" header proofindex > "$run/index"
	for f in $(echo "$FIXES" | tr , ' '); do
		case $f in
		*[!0-9a-f]* | ??????? | ?????? | ????? | ???? | ??? | ?? | ?)
			sg_say "missing: FIXES=$FIXES: \"$f\" is not a commit id (8 hex digits or more)"
			exit 2 ;;
		esac
		# Each row whose id is f or f's first digits (or f the row's),
		# its Fixes: left to whoever named it.
		n=0
		while read -r pi_row; do
			eval "$pi_row"
			# shellcheck disable=SC2154	# pi_*: runfile get's
			case $f in "$pi_upstream"*) ;; *) case $pi_upstream in "$f"*) ;; *) continue ;; esac ;; esac
			"$RUNFILE" row proofindex upstream="$pi_upstream" kind="$pi_kind" name="$pi_name" \
				fixes=- subject="$pi_subject" >> "$run/index"
			n=$((n + 1))
		done < "$run/index.rows"
		[ $n -gt 0 ] || {
			sg_say "missing: FIXES: no check or test of the proof index proves $f (the record's proven-by${FSTESTS:+, and $FSTESTS's tests})"
			exit 2
		}
	done
fi

# The released kernel's history, when TREE_<S> is a git repository: its
# commits and the upstream commits their messages name (as quiltmail reads
# a backport's "commit <id> upstream."), read once.
sg_tree_source
: > "$run/history.ids"
if [ -n "$rev" ]; then
	{ git -C "$tree" log -z --format='%H%n%B' "$rev" | "$QUILTMAIL" messages | cut -d' ' -f1 &&
		git -C "$tree" log --format=%H "$rev"; } > "$run/history.ids" ||
		sg_die "missing: $SG_TREE_VAR=$tree@$rev: its history cannot be read"
fi
# in_kernel ID: the released kernel has it: base-contains, or its history.
in_kernel() {
	for ik_c in $SG_BASE_CONTAINS; do
		case $1 in "$ik_c"*) return 0 ;; esac
	done
	grep -q "^$(echo "$1" | cut -c1-12)" "$run/history.ids"
}
# What stableguard's patch set of the series backports (the upstream
# commits its patches name, as quiltmail reads them), read once; carried
# ID: it backports ID.
: > "$run/carried.ids"
# shellcheck disable=SC2046
[ -z "$SG_PATCHES" ] || "$QUILTMAIL" upstream $(sg_series_files "$SG_PATCHES") 2>/dev/null |
	cut -d' ' -f1 > "$run/carried.ids"
carried() {
	grep -q "^$1" "$run/carried.ids"
}

: > "$run/missing.ids"
checks= tests=
for id in $("$RUNFILE" list "$run/index" upstream | sort -u); do
	fixes=$("$RUNFILE" list --first --where upstream="$id" "$run/index" fixes)
	if in_kernel "$id"; then
		continue
	fi
	target_there=1
	for t in $(echo "$fixes" | tr , ' '); do
		[ "$t" = - ] || in_kernel "$t" || target_there=0
	done
	if [ $target_there = 0 ]; then
		sg_say "missing: $(echo "$id" | cut -c1-12) left out: $SG_SERIES's kernel lacks what it fixes ($fixes)"
		continue
	fi
	echo "$id" >> "$run/missing.ids"
	checks="$checks $("$RUNFILE" list --where upstream="$id" --where kind=check "$run/index" name)"
	tests="${tests:-} $("$RUNFILE" list --where upstream="$id" --where kind=fstests "$run/index" name)"
done
checks=$(echo $checks | tr ' ' '\n' | awk 'NF && !seen[$0]++' | paste -sd, -)
tests=$(echo ${tests:-} | tr ' ' '\n' | awk 'NF && !seen[$0]++' | paste -sd' ' -)
"$RUNFILE" header missing > "$run/missing"
if [ ! -s "$run/missing.ids" ]; then
	sg_say "missing: $SG_SERIES's kernel lacks no fix the record can prove"
	exit 0
fi

# The released kernel, booted with the checks that prove the missing fixes.
{
	"$RUNFILE" header variants
	"$RUNFILE" row variants series="$SG_SERIES" variant=released fixes=false regress=- from=- \
		branch="$(sg_variant_branch released)"
} > "$run/variants.want" && sg_plan_run "$run" missing released "${checks:--}" || exit 2
sg_say "missing: $(wc -l < "$run/missing.ids") fix(es) $SG_SERIES's released kernel lacks; booting it${checks:+ with $checks}"
SG_FACTS_DIR=$run
export SG_FACTS_DIR
"$SG_ROOT/prove/branch.sh" "$SG_SERIES" > "$run/branch.log" 2>&1 || { cat "$run/branch.log" >&2; exit 2; }
"$SG_ROOT/prove/matrix.sh" "$run" "$initrd" "$SG_SERIES" > "$run/matrix.log" 2>&1
# The record's fstests tests of those fixes, with FSTESTS, on the same
# kernel (the fstests guest), their rows beside the checks'.
rows="$run/results.tsv"
if [ -n "$tests" ] && [ -n "${FSTESTS:-}" ]; then
	sg_say "missing: and fstests $tests"
	TESTS=$tests "$SG_ROOT/prove/fstests.sh" "$run/fstests" "$SG_SERIES" released > "$run/fstests.log" 2>&1
	mkdir -p "$run/all" && "$SG_CACHE/bin/report" --union "$run/all" "$run,$run/fstests" &&
		rows="$run/all/results.tsv"
fi

rc=0
while read -r id; do
	for c in $("$RUNFILE" list --where upstream="$id" "$run/index" name); do
		obs=$("$RUNFILE" list --where check="$c" "$rows" observed)
		why=$("$RUNFILE" list --where check="$c" "$rows" reason)
		case $c in */*) [ -n "${FSTESTS:-}" ] || why="FSTESTS not set: make proofs ... FSTESTS=<checkout> runs it" ;; esac
		case $obs in
		FAIL) said="evidence: fails without it" rc=1 ;;
		PASS) said="passes: the check does not reach it here" why=- ;;
		*) said="no answer: ${obs:-not run}" ;;
		esac
		carried "$id" && by="stable/$SG_SERIES carries it" || by="not carried"
		"$RUNFILE" row missing upstream="$id" check="$c" observed="${obs:--}" said="$said" \
			carried="$by" first_bad="${why:--}" \
			take="make intake MBOX=<the fix as a mail> SERIES=$SG_SERIES COMMIT=$id" >> "$run/missing"
	done
done < "$run/missing.ids"
"$RUNFILE" list "$run/missing" upstream check observed said carried | sed 's/^\(.\{12\}\)[0-9a-f]*/\1/'
exit $rc
