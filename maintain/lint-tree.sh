#!/bin/sh
# lint-tree.sh SERIES
# Tries the series' build-compat and fix patches, in order, against the
# pristine tree in the cache (git apply --check on a scratch index: the
# work tree and the branches are not touched) and names the first patch
# and hunk that does not apply.  Then each variant's mutants (regress:),
# in order, on top of what the variant starts from, as branch.sh makes
# it: stable/S when it has the fixes, compat/S when not.  Exit 3 when no
# tree has been imported.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
if ! git -C "$SG_REPO" rev-parse -q --verify "pristine/$SG_SERIES" >/dev/null 2>&1; then
	echo "lint: $SG_SERIES: no tree in the cache (make branch SERIES=$SG_SERIES imports one)" >&2
	exit 3
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
version=$(cat "$SG_REPO/.git/sg-version")

# apply_in_order ONTO PATCH...: each patch onto the scratch index
# $GIT_INDEX_FILE, in order ($n counts those applied); the first that does
# not apply is named, with its hunk, as not applying to ONTO: exit 1.
apply_in_order() {
	onto=$1
	shift
	for patch; do
		if ! git -C "$SG_REPO" apply --cached "$patch" 2>/dev/null; then
			echo "lint: $SG_SERIES: ${patch#"$SG_CONF_DIR"/} does not apply to $onto after the $n before it:" >&2
			git -C "$SG_REPO" apply --cached --check -v "$patch" 2>&1 |
				sed -n '/^Checking patch/p; /^error:/,$p' | sed 's/^/    /' >&2
			exit 1
		fi
		n=$((n + 1))
	done
}

export GIT_INDEX_FILE="$scratch/compat"
git -C "$SG_REPO" read-tree "pristine/$SG_SERIES"
n=0
# shellcheck disable=SC2046
apply_in_order "Linux $version" $(sg_series_files "$SG_COMPAT")
cp "$scratch/compat" "$scratch/stable"
export GIT_INDEX_FILE="$scratch/stable"
# shellcheck disable=SC2046
apply_in_order "Linux $version" $(sg_series_files "$SG_PATCHES")
patches=$n

mutants=0
for v in $(sg_variants "$SG_SERIES"); do
	sg_load_variant "$v"
	[ -n "$SG_V_REGRESS" ] || continue
	from=compat
	[ "$SG_V_FIXES" = true ] && from=stable
	cp "$scratch/$from" "$scratch/variant"
	export GIT_INDEX_FILE="$scratch/variant"
	regress=
	for r in $SG_V_REGRESS; do regress="$regress $SG_CONF_DIR/$r"; done
	n=0
	# shellcheck disable=SC2086
	apply_in_order "$from/$SG_SERIES (the base of $(sg_variant_branch "$v"))" $regress
	mutants=$((mutants + n))
done
origin=$(sed -n 's/^origin: //p' "$SG_REPO/.git/sg-source")
echo "lint: $SG_SERIES: all $patches patches apply in order to Linux $version (${origin:-origin not recorded}); $mutants mutant patches on their variants' bases"
