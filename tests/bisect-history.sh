#!/bin/sh
# bisect-history.sh SERIES BRANCH MUTANT_PATCH
# A history to bisect, in the cache's repository of SERIES: BRANCH becomes
# compat/SERIES plus 18 commits: harmless ones (a string the guest prints,
# or a comment at the end of init/calibrate.c, which moves no line and so
# changes no object), a commit that breaks the build (4), one more while
# it is broken (5) and the one that mends it (6), MUTANT_PATCH as commit 9,
# and harmless ones again.  git bisect's first step is commit 9, its second
# 4 or 5: the bisection meets the broken build whichever it takes.  Made with a
# private index: the cache's checkout is not touched.  Prints "mutant ID"
# and "broken ID" (12 hex digits).  For make check and make bench.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
branch=$2 mutant_patch=$3
export GIT_INDEX_FILE="$SG_REPO/.git/sg-history-index"
trap 'rm -f "$GIT_INDEX_FILE"' EXIT
git -C "$SG_REPO" read-tree "compat/$SG_SERIES"
tip=$(git -C "$SG_REPO" rev-parse "compat/$SG_SERIES")
f=init/calibrate.c

commit_index() { tip=$(echo "$1" | sg_git commit-tree "$(git -C "$SG_REPO" write-tree)" -p "$tip"); }
# edit SUBJECT SED_EXPRESSION: $f through sed, committed on tip.
edit() {
	blob=$(git -C "$SG_REPO" show "$tip:$f" | sed "$2" | git -C "$SG_REPO" hash-object -w --stdin)
	git -C "$SG_REPO" update-index --cacheinfo "100644,$blob,$f"
	commit_index "$1"
}
string() { edit "init: calibrate string $1" "s/Calibrating delay loop[^.]*\\.\\.\\./Calibrating delay loop ($1).../"; }
comment() { edit "init: calibrate comment $1" "\$a /* stableguard bisect history: comment $1 */"; }

string 1; comment 2; comment 3
edit "init: break the build" "\$a int stableguard_broken = ;"
echo "broken $(echo "$tip" | cut -c1-12)"
comment 5
edit "init: mend the build" '/stableguard_broken/d'
comment 7; comment 8
git -C "$SG_REPO" apply --cached "$mutant_patch" || sg_die "$mutant_patch does not apply to compat/$SG_SERIES"
commit_index "$(sg_unfold_headers < "$mutant_patch" |
	sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' | head -n 1)"
echo "mutant $(echo "$tip" | cut -c1-12)"
string 10; comment 11; comment 12; string 13; comment 14; comment 15; string 16; comment 17; comment 18
git -C "$SG_REPO" branch -f "$branch" "$tip"
