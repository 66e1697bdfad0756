# stableguard's helpers for the cache's git repositories, sourced by lib/sg.sh (so by every script of prove/ and maintain/),
# after the settings.

# Fixed identity and dates: re-running makes the same commits.
sg_git() {
	GIT_AUTHOR_NAME=stableguard GIT_AUTHOR_EMAIL=stableguard@localhost \
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
	GIT_AUTHOR_DATE='2015-05-24T00:00:00Z' \
	GIT_COMMITTER_DATE='2015-05-24T00:00:00Z' \
		git -C "$SG_REPO" "$@"
}

# sg_makefile_version < MAKEFILE: the version a kernel's top Makefile
# says, as make kernelversion prints it (VERSION.PATCHLEVEL.SUBLEVEL and
# EXTRAVERSION), read without running make; nothing when it names none.
sg_makefile_version() {
	awk -F' *= *' '$1 == "NAME" { exit }
		$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { x = $2 }
		END { if (v != "") printf "%s%s%s%s\n", v, p != "" ? "." p : "",
			p != "" && s != "" ? "." s : "", x }'
}

# sg_am FROM BRANCH PATCH...: BRANCH becomes FROM plus the patches, or, if
# one does not apply, stays as it was and the patch and hunk are named.
sg_am() {
	from=$1 branch=$2
	shift 2
	# The same base and the same patches: the branch is what it would be
	# made again, and the work tree is left alone.  Making it again would
	# check out the base and apply every patch, giving new times to every
	# file they touch: kbuild would compile again all that includes them
	# (a build-compat patch to compiler-gcc.h: the whole kernel).
	made="$SG_REPO/.git/sg-am/$(echo "$branch" | tr / _)"
	stamp=$(sg_git rev-parse -q --verify "$from^{commit}" 2>/dev/null &&
		for p; do basename "$p"; cat "$p"; done | sha1sum)
	if [ -n "$stamp" ] && [ "$(cat "$made" 2>/dev/null)" = "$stamp" ] &&
		sg_git rev-parse -q --verify "refs/heads/$branch" >/dev/null; then
		return 0
	fi
	rm -f "$made"
	sg_git am --abort >/dev/null 2>&1 || true
	sg_git checkout -q -f --detach "$from" || return 1
	for patch in "$@"; do
		if ! out=$(sg_git am -q --keep-non-patch "$patch" 2>&1); then
			sg_git am --abort >/dev/null 2>&1 || true
			sg_git checkout -q -f --detach "$from"
			echo "$out" | grep -v -e '^hint:' -e 'git am --' -e '^When you have' |
				sed 's/^/    /' >&2
			# git apply -v shows the hunk that found no match.
			sg_git apply --check -v "$patch" 2>&1 | sed -n '/^error: while searching for:/,$p' |
				sed 's/^/    /' >&2
			sg_say "$patch does not apply to $from; $branch left as it was"
			return 1
		fi
	done
	sg_git branch -f "$branch" HEAD || return 1
	mkdir -p "${made%/*}" && echo "$stamp" | sg_keep "$made"
}
