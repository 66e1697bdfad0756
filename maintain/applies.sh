#!/bin/sh
# applies.sh REPO BRANCH UPSTREAM ID: whether upstream commit ID applies
# to BRANCH of REPO (git apply --check, on a scratch index: neither the
# branch nor the work tree is touched).  Exit 0 yes, 1 no, 3 no branch.
set -u
git -C "$1" rev-parse -q --verify "$2" >/dev/null || exit 3
idx=$(mktemp)
trap 'rm -f "$idx"' EXIT
GIT_INDEX_FILE=$idx git -C "$1" read-tree "$2" || exit 3
git -C "$3" format-patch -1 --stdout "$4" |
	GIT_INDEX_FILE=$idx git -C "$1" apply --cached --check - 2>/dev/null || exit 1
