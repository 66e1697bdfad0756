# Where a 2015 tree may come from, on stand-in trees: a git repository at
# a tag, an unpacked tree, a tarball.  The import records its origin and
# git tree id, is not repeated for the same unchanged source, is repeated
# (and said so) when that source changed, and a different tree for the
# same series is refused by name unless SG_REIMPORT=1.
. "$SG_ROOT/tests/common.sh"
standin_series
get="$SG_ROOT/prove/import-tree.sh"
repo="$SG_CACHE/src/9.9"
record="$repo/.git/sg-source"

# standin DIR VERSION TEXT: a tree whose make kernelversion says VERSION.
standin() {
	mkdir -p "$1/drivers/md"
	printf 'kernelversion:\n\t@echo %s\n' "$2" > "$1/Makefile"
	echo "$3" > "$1/drivers/md/raid0.c"
}

# A git repository with a tag for the release and a later commit.
standin "$T/stable" 9.9.1 "release"
git -C "$T/stable" init -q && git -C "$T/stable" add -A &&
	git -C "$T/stable" -c user.name=t -c user.email=t@t commit -qm v9.9.1 &&
	git -C "$T/stable" tag v9.9.1
standin "$T/stable" 9.9.2 "later"
git -C "$T/stable" -c user.name=t -c user.email=t@t commit -qam v9.9.2

if TREE_9_9="$T/stable@v9.9.1" "$get" 9.9 2>"$T/err"; then
	[ "$(git -C "$repo" show pristine/9.9:drivers/md/raid0.c)" = release ] &&
		ok "repository@tag imports the tagged tree, not the newest commit" ||
		fail "wrong content from the tag"
	grep -q "^origin: git $T/stable v9.9.1 (" "$record" &&
		grep -q "^tree: $(git -C "$T/stable" rev-parse 'v9.9.1^{tree}')$" "$record" &&
		ok "origin and git tree id recorded" || fail "record: $(cat "$record")"
else
	fail "repository@tag: $(cat "$T/err")"
fi
TREE_9_9="$T/stable@v9.9.9" "$get" 9.9 2>"$T/err" && fail "a missing tag was taken"
grep -q "has no revision v9.9.9" "$T/err" && ok "a missing tag is named" ||
	fail "missing tag: $(cat "$T/err")"

TREE_9_9="$T/stable@v9.9.1" "$get" 9.9 2>"$T/err"
[ ! -s "$T/err" ] && ok "the same tag again: nothing imported" || fail "re-import: $(cat "$T/err")"

# A different tree for the same series: refused, and the import is kept.
standin "$T/other" 9.9.1 "something else"
before=$(git -C "$repo" rev-parse pristine/9.9)
if TREE_9_9="$T/other" "$get" 9.9 2>"$T/err"; then
	fail "a different 9.9.1 tree replaced the import"
else
	grep -q "pristine/9.9 is Linux 9.9.1 from git $T/stable v9.9.1" "$T/err" &&
		grep -q "tree $T/other is a different tree" "$T/err" &&
		ok "a different tree is refused by name" || fail "refusal: $(cat "$T/err")"
fi
[ "$(git -C "$repo" rev-parse pristine/9.9)" = "$before" ] && [ ! -d "$repo.new" ] &&
	ok "the refused import left the repository as it was" || fail "repository changed"
SG_REIMPORT=1 TREE_9_9="$T/other" "$get" 9.9 2>"$T/err" &&
	[ "$(git -C "$repo" show pristine/9.9:drivers/md/raid0.c)" = "something else" ] &&
	ok "SG_REIMPORT=1 replaces it" || fail "SG_REIMPORT: $(cat "$T/err")"

# The same unpacked tree, changed: imported again, and said so.  The
# edit is dated a second ahead, so that it is newer than the import
# whatever the clock's granularity.
echo "edited" > "$T/other/drivers/md/raid0.c"
touch -d "@$(( $(date +%s) + 1 ))" "$T/other/drivers/md/raid0.c"
TREE_9_9="$T/other" "$get" 9.9 2>"$T/err" &&
	grep -q "changed since it was imported" "$T/err" &&
	[ "$(git -C "$repo" show pristine/9.9:drivers/md/raid0.c)" = edited ] &&
	ok "a changed tree is imported again, said plainly" || fail "changed tree: $(cat "$T/err")"
done_testing
