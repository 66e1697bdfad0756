# The cache's repositories never start git's automatic gc: an import sets
# gc.auto=0 (and maintenance off), and so does the next run on a
# repository imported before that was so.  Shown on a stand-in tree
# under a user's git config that would pack at the first loose objects.
. "$SG_ROOT/tests/common.sh"
standin_series
get="$SG_ROOT/prove/import-tree.sh"
repo="$SG_CACHE/src/9.9"

# gc.auto=1: a commit of these 1000 files would start a gc, in the
# foreground, unless the repository says otherwise.
printf '[gc]\n\tauto = 1\n\tautoDetach = false\n' > "$T/gitconfig"
export GIT_CONFIG_GLOBAL="$T/gitconfig"
d="$T/linux-9.9.1"
mkdir -p "$d/f"
printf 'kernelversion:\n\t@echo 9.9.1\n' > "$d/Makefile"
awk -v d="$d/f" 'BEGIN { for (i = 0; i < 1000; i++) { f = d "/" i; print i > f; close(f) } }'

quiet() {	# quiet REPO: every knob that would start a gc is off
	[ "$(git -C "$1" config gc.auto)" = 0 ] &&
		[ "$(git -C "$1" config gc.autoDetach)" = false ] &&
		[ "$(git -C "$1" config maintenance.auto)" = false ]
}
packs() { git -C "$1" count-objects -v | sed -n 's/^packs: //p'; }
loose() { git -C "$1" count-objects -v | sed -n 's/^count: //p'; }

TREE_9_9="$d" "$get" 9.9 2>"$T/err" || fail "import: $(cat "$T/err")"
quiet "$repo" && ok "an import sets gc.auto=0, gc.autoDetach=false, maintenance.auto=false" ||
	fail "config after import: $(git -C "$repo" config -l | grep -e gc -e maintenance)"
# The import itself is one pack (git fast-import); what comes after it
# stays loose.
[ "$(packs "$repo")" = 1 ] && [ "$(loose "$repo")" -le 2 ] &&
	ok "the import is one pack, its 1000 files not loose objects" ||
	fail "after the import: $(git -C "$repo" count-objects -v | tr '\n' ' ')"
# 2000 loose objects more, as git am would make: enough for gc.auto=1.
mkdir -p "$T/more"
awk -v d="$T/more" 'BEGIN { for (i = 0; i < 2000; i++) { f = d "/" i; print "more", i > f; close(f) } }'
ls "$T/more" | sed "s,^,$T/more/," | git -C "$repo" hash-object -w --stdin-paths > /dev/null
git -C "$repo" gc --auto
git -C "$repo" -c user.name=t -c user.email=t@t commit -q --allow-empty -m later
[ "$(packs "$repo")" = 1 ] && [ "$(loose "$repo")" -ge 2000 ] &&
	ok "gc.auto=1 in the user's config, an import, a commit, gc --auto: nothing packed" ||
	fail "packed: $(git -C "$repo" count-objects -v | tr '\n' ' ')"

# A repository from before: the unchanged source is not imported again,
# but the repository is made quiet.
git -C "$repo" config --unset gc.auto
git -C "$repo" config --unset maintenance.auto
TREE_9_9="$d" "$get" 9.9 2>"$T/err" || fail "second import: $(cat "$T/err")"
[ ! -s "$T/err" ] && quiet "$repo" && ok "an older repository is made quiet without an import" ||
	fail "older repository: $(cat "$T/err"); $(git -C "$repo" config -l | grep -e gc -e maintenance)"
done_testing
