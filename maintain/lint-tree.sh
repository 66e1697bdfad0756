#!/bin/sh
# lint-tree.sh SERIES
# Tries the series' build-compat and fix patches, in order, against the
# pristine tree in the cache (git apply --check on a scratch index: the
# work tree and the branches are not touched) and names the first patch
# and hunk that does not apply.  Exit 3 when no tree has been imported.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
if ! git -C "$SG_REPO" rev-parse -q --verify "pristine/$SG_SERIES" >/dev/null 2>&1; then
	echo "lint: $SG_SERIES: no tree in the cache (make branch SERIES=$SG_SERIES imports one)" >&2
	exit 3
fi
index=$(mktemp)
trap 'rm -f "$index"' EXIT
export GIT_INDEX_FILE="$index"
git -C "$SG_REPO" read-tree "pristine/$SG_SERIES"
n=0
for patch in $(sg_series_files "$SG_COMPAT") $(sg_series_files "$SG_PATCHES"); do
	if ! git -C "$SG_REPO" apply --cached "$patch" 2>/dev/null; then
		echo "lint: $SG_SERIES: ${patch#"$SG_CONF_DIR"/} does not apply to Linux $(cat "$SG_REPO/.git/sg-version") after the $n before it:" >&2
		git -C "$SG_REPO" apply --cached --check -v "$patch" 2>&1 |
			sed -n '/^Checking patch/p; /^error:/,$p' | sed 's/^/    /' >&2
		exit 1
	fi
	n=$((n + 1))
done
origin=$(sed -n 's/^origin: //p' "$SG_REPO/.git/sg-source")
echo "lint: $SG_SERIES: all $n patches apply in order to Linux $(cat "$SG_REPO/.git/sg-version") (${origin:-origin not recorded})"
