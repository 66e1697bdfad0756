#!/bin/sh
# proofs.sh: the proof index, what proves each upstream commit: the
# project's record (backports/upstream.yaml's proven-by, through sgconf
# proofs: its checks and fstests tests), and with FSTESTS=<checkout>, the
# kernel commits its tests name as their fix (_fixed_by_kernel_commit,
# _fixed_by_git_commit kernel: prove/fixedby.c, which names a placeholder
# id or a line it cannot read with its file and line on stderr).  One
# line a proof: "id<TAB>source<TAB>check or test<TAB>fstyp<TAB>subject",
# source record or fstests; then how many.  Exit 2 on bad input.
set -u
. "$(dirname "$0")/../lib/sg.sh"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$SGCONF" "$BRANCHES" proofs > "$out/record" || exit 2
"$RUNFILE" get --prefix pr_ "$out/record" upstream name subject > "$out/rows" || exit 2
while read -r pr_row; do
	eval "$pr_row"
	# shellcheck disable=SC2154	# pr_*: runfile get's
	printf '%s\trecord\t%s\t-\t%s\n' "$pr_upstream" "$pr_name" "$pr_subject"
done < "$out/rows"
commits=$("$RUNFILE" list "$out/record" upstream | sort -u | wc -l)
echo "proofs: $("$RUNFILE" count "$out/record") checks and tests of the record prove $commits commits" >&2
[ -n "${FSTESTS:-}" ] || exit 0
"$SG_CACHE/bin/fixedby" "$FSTESTS" > "$out/fstests" || exit 2
awk -F'\t' -v OFS='\t' '{ print $1, "fstests", $2, $3, $4 }' "$out/fstests"
echo "proofs: $FSTESTS: $(cut -f2 "$out/fstests" | sort -u | wc -l) tests name $(cut -f1 "$out/fstests" | sort -u | wc -l) kernel commits as their fix ($(awk -F'\t' '$3 == "-"' "$out/fstests" | wc -l) on every file system)" >&2
