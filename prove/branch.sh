#!/bin/sh
# branch.sh SERIES
# Makes, in the cache's work repository for SERIES:
#   pristine/S    the imported tree
#   compat/S      plus the build-compat patches
#   stable/S      plus the fixes (the branch a maintainer ships)
#   variant/S/V   one per variant in branches.yaml (fixes or not, mutants)
# Exit 3: the tree is not available (the reason is printed).
set -eu
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
"$SG_ROOT/prove/import-tree.sh" "$SG_SERIES" || exit $?
# Interrupted: no git am left half-done (sg_am leaves branches as they were).
trap 'sg_git am --abort >/dev/null 2>&1; exit 130' INT TERM HUP

# shellcheck disable=SC2046
sg_am "pristine/$SG_SERIES" "compat/$SG_SERIES" $(sg_series_files "$SG_COMPAT") ||
	exit 1
# shellcheck disable=SC2046
sg_am "compat/$SG_SERIES" "stable/$SG_SERIES" $(sg_series_files "$SG_PATCHES") ||
	exit 1
for v in $(sg_variants "$SG_SERIES"); do
	sg_load_variant "$v"
	from="compat/$SG_SERIES"
	[ "$SG_V_FIXES" = true ] && from="stable/$SG_SERIES"
	# A gate's previous release other than the base (FROM=v4.0.1).
	[ -z "$SG_V_FROM" ] || from=$SG_V_FROM
	regress=
	# A job's own patches (a gate's queue) are named by their full path.
	for r in $SG_V_REGRESS; do
		case $r in
		/*) regress="$regress $r" ;;
		*) regress="$regress $SG_CONF_DIR/$r" ;;
		esac
	done
	# shellcheck disable=SC2086
	sg_am "$from" "$(sg_variant_branch "$v")" $regress || exit 1
done
sg_git checkout -q -f "stable/$SG_SERIES"
sg_say "$SG_SERIES: stable/$SG_SERIES and $(sg_git branch --list "variant/$SG_SERIES/*" | wc -l) variant branches in $SG_REPO"
