# make branch on a small stand-in tree: SKIP with the file it wants when
# the tarball is absent, git am with authorship kept, and a patch that
# does not apply leaves every branch and the work tree as they were.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_series
branch="$SG_ROOT/prove/branch.sh"
mkdir -p "$SG_CACHE/tarballs"

# The stand-in kernel tree and two patches made against it.
src="$T/linux-9.9.1"
mkdir -p "$src/drivers/md"
printf 'kernelversion:\n\t@echo 9.9.1\n' > "$src/Makefile"
printf 'static int a;\nstatic int b;\nstatic int c;\n' > "$src/drivers/md/raid0.c"
git -C "$src" init -q && git -C "$src" add -A &&
	git -C "$src" -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/static int b;/static long b;/' "$src/drivers/md/raid0.c"
git -C "$src" -c user.name=t -c user.email=t@t commit -qa \
	--author="Ada Maintainer <ada@example.org>" -m "md/raid0: widen b"
git -C "$src" format-patch -q -1 -o "$T/conf/p" && mv "$T"/conf/p/0001-*.patch "$T/conf/p/good.patch"
sed 's/static int a;/static int nothing_like_this;/; s/static int b;/static int zzz;/' \
	"$T/conf/p/good.patch" > "$T/conf/p/bad.patch"
git -C "$src" reset -q --hard HEAD~1 && rm -rf "$src/.git"
tar -C "$T" -cJf "$T/linux-9.9.1.tar.xz" linux-9.9.1

echo good.patch > "$T/conf/p/series"
if "$branch" 9.9 2>"$T/err"; then fail "no tarball, but branch went on"
elif [ $? -ne 3 ] || ! grep -q "wants linux-9.9.1.tar.xz in $SG_CACHE/tarballs/" "$T/err"; then
	fail "SKIP should name the tarball: $(cat "$T/err")"
else ok "skip names the file"; fi

cp "$T/linux-9.9.1.tar.xz" "$SG_CACHE/tarballs/"
if "$branch" 9.9 2>"$T/err"; then ok "branch with good.patch"; else fail "branch: $(cat "$T/err")"; fi
repo="$SG_CACHE/src/9.9"
[ "$(git -C "$repo" log -1 --format='%an <%ae>|%s' stable/9.9)" = \
	"Ada Maintainer <ada@example.org>|md/raid0: widen b" ] &&
	ok "author and subject kept" || fail "stable/9.9 head: $(git -C "$repo" log -1 --format='%an|%s' stable/9.9)"
[ "$(git -C "$repo" rev-parse variant/9.9/unfixed)" = "$(git -C "$repo" rev-parse compat/9.9)" ] &&
	ok "unfixed variant is the base" || fail "unfixed variant"
good=$(git -C "$repo" rev-parse stable/9.9)

# Again with the same patches: the branches are kept and no file of the
# work tree gets a new time (kbuild would compile what includes it).  The
# work tree's times are set back to 2001, behind the mark: a file written
# again is newer than it, whatever the clock's granularity (the index
# told, so that git sees no change).
find "$repo" -path "$repo/.git" -prune -o -type f -exec touch -d @1000000000 {} +
git -C "$repo" update-index -q --refresh
touch -d @1000000001 "$T/before-again"
"$branch" 9.9 2>"$T/err" || fail "branch again: $(cat "$T/err")"
[ "$(git -C "$repo" rev-parse stable/9.9)" = "$good" ] &&
	[ -z "$(find "$repo" -path "$repo/.git" -prune -o -newer "$T/before-again" -type f -print)" ] &&
	ok "the same patches again: branches kept, no file touched" ||
	fail "touched: $(find "$repo" -path "$repo/.git" -prune -o -newer "$T/before-again" -type f -print)"
# A changed patch is applied again.
sed -i 's/md\/raid0: widen b/md\/raid0: widen b, said again/' "$T/conf/p/good.patch"
"$branch" 9.9 2>"$T/err" || fail "branch after a change: $(cat "$T/err")"
[ "$(git -C "$repo" log -1 --format=%s stable/9.9)" = "md/raid0: widen b, said again" ] &&
	ok "a changed patch makes the branch again" || fail "stable/9.9: $(git -C "$repo" log -1 --format=%s stable/9.9)"
good=$(git -C "$repo" rev-parse stable/9.9)

printf 'good.patch\nbad.patch\n' > "$T/conf/p/series"
if "$branch" 9.9 2>"$T/err"; then fail "bad.patch applied?"
else
	grep -q "bad.patch does not apply" "$T/err" && grep -q "raid0.c" "$T/err" &&
		grep -q "static int nothing_like_this;" "$T/err" &&
		ok "failure names the patch and the file" || fail "message: $(cat "$T/err")"
fi
[ "$(git -C "$repo" rev-parse stable/9.9)" = "$good" ] && ok "stable/9.9 untouched" ||
	fail "stable/9.9 moved"
[ -z "$(git -C "$repo" status --porcelain)" ] && ok "work tree clean" || fail "work tree dirty"
[ ! -d "$repo/.git/rebase-apply" ] && ok "no git am left half-done" || fail "rebase-apply left"

# make lint against the imported tree: the whole list in order, the first
# patch and hunk that does not apply named, nothing in the repository moved.
head=$(git -C "$repo" rev-parse HEAD)
lint_tree="$SG_ROOT/maintain/lint-tree.sh"
if "$lint_tree" 9.9 > "$T/lint.out" 2>&1; then fail "lint passed with bad.patch listed"
else
	grep -q "p/bad.patch does not apply to Linux 9.9.1 after the 1 before it" "$T/lint.out" &&
		grep -q "static int nothing_like_this;" "$T/lint.out" &&
		ok "lint against the tree names the patch and the hunk" || fail "lint: $(cat "$T/lint.out")"
fi
[ "$(git -C "$repo" rev-parse HEAD)" = "$head" ] && [ -z "$(git -C "$repo" status --porcelain)" ] &&
	ok "lint left the repository as it was" || fail "lint touched the repository"
echo good.patch > "$T/conf/p/series"
"$lint_tree" 9.9 > "$T/lint.out" 2>&1 && grep -q "all 1 patches apply in order" "$T/lint.out" &&
	ok "lint against the tree passes a list that applies" || fail "lint: $(cat "$T/lint.out")"

# A mutant (regress:) is tried on top of its variant's base: one made on
# the fix applies to stable/9.9; given to a variant without the fixes, it
# is named with its hunk.
mkdir -p "$T/conf/p/regress" "$T/mut"
printf 'static int a;\nstatic long b;\nstatic int c;\n' > "$T/mut/raid0.c"
cp "$T/mut/raid0.c" "$T/mut/raid0.c.was"
sed -i 's/static long b;/static char b;/' "$T/mut/raid0.c"
{
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: stableguard <stableguard@localhost>\nDate: Sun, 24 May 2015 00:00:00 +0000\n'
	printf 'Subject: [PATCH] regress: md/raid0: narrow b again\n\nA stand-in mutant.\n---\n'
	printf 'diff --git a/drivers/md/raid0.c b/drivers/md/raid0.c\n'
	diff -u --label a/drivers/md/raid0.c --label b/drivers/md/raid0.c "$T/mut/raid0.c.was" "$T/mut/raid0.c"
} > "$T/conf/p/regress/mutant.patch"
branches_was="$T/branches.was"
cp "$SG_BRANCHES" "$branches_was"
echo '      mutant: {fixes: true, regress: [p/regress/mutant.patch], expect: {raid0-map: FAIL}}' >> "$SG_BRANCHES"
"$lint_tree" 9.9 > "$T/lint.out" 2>&1 && grep -q "; 1 mutant patches on their variants' bases" "$T/lint.out" &&
	ok "a mutant applies on top of stable/9.9" || fail "mutant lint: $(cat "$T/lint.out")"
echo '      wrong-base: {fixes: false, regress: [p/regress/mutant.patch], expect: {raid0-map: FAIL}}' >> "$SG_BRANCHES"
"$lint_tree" 9.9 > "$T/lint.out" 2>&1 && fail "a mutant that does not apply to its variant's base passed"
grep -q "p/regress/mutant.patch does not apply to compat/9.9 (the base of variant/9.9/wrong-base) after the 0 before it" "$T/lint.out" &&
	grep -q "static long b;" "$T/lint.out" && ok "a mutant that does not apply is named, with its variant and hunk" ||
	fail "mutant on the wrong base: $(cat "$T/lint.out")"
cp "$branches_was" "$SG_BRANCHES"

# A tree of another version is refused by name, and nothing is imported.
mkdir -p "$T/other"
printf 'kernelversion:\n\t@echo 9.9.2\n' > "$T/other/Makefile"
rm -rf "$repo"
if TREE_9_9="$T/other" "$branch" 9.9 2>"$T/err"; then fail "9.9.2 taken for 9.9.1"
else
	grep -q "$T/other is Linux 9.9.2; branches.yaml wants 9.9.1 for 9.9" "$T/err" &&
		[ ! -d "$repo" ] && ok "wrong version refused" || fail "wrong version: $(cat "$T/err")"
fi
done_testing
