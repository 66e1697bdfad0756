# make publish against a bare repository on disk: refused without a green
# run of the current patch set (nothing pushed), pushed with UNTESTED=1
# (the tag says so), refused on a red run, pushed after a green one: the
# branch and an annotated, signed-off tag v<kernel>-sg1 on the remote.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_series
mkdir -p "$SG_CACHE/tarballs" "$SG_CACHE/bin"
cp "$REPORT" "$RUNFILE" "$SG_CACHE/bin/"
src="$T/linux-9.9.1"
mkdir -p "$src/drivers/md"
printf 'kernelversion:\n\t@echo 9.9.1\n' > "$src/Makefile"
printf 'static int a;\n' > "$src/drivers/md/raid0.c"
git -C "$src" init -q && git -C "$src" add -A && git -C "$src" -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/int/long/' "$src/drivers/md/raid0.c"
git -C "$src" -c user.name=t -c user.email=t@t commit -qa --author="Ada Maintainer <ada@example.org>" \
	-m "md/raid0: widen a" -m "Signed-off-by: Ada Maintainer <ada@example.org>"
git -C "$src" format-patch -q -1 -o "$T/conf/p" && (cd "$T/conf/p" && ls 0*.patch) > "$T/conf/p/series"
git -C "$src" reset -q --hard HEAD~1 && rm -rf "$src/.git"
tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1
"$SG_ROOT/prove/branch.sh" 9.9 2>/dev/null || fail "branch"
git init -q --bare "$T/remote.git"
publish="$SG_ROOT/maintain/publish.sh"

# A patch that names no upstream commit and is not this project's own:
# the guard refuses the set, and nothing is published even with UNTESTED=1.
UNTESTED=1 "$publish" 9.9 "$T/remote.git" 2>"$T/err" && fail "published past the guard"
grep -q "the guard refuses the patch set: not published" "$T/err" && [ -z "$(git ls-remote "$T/remote.git")" ] &&
	ok "the guard's refusal stops even UNTESTED=1" || fail "guard: $(cat "$T/err")"
# The same change as this project's own code, which the guard passes.
sed -i 's/^From: Ada Maintainer <ada@example.org>$/From: stableguard <stableguard@localhost>/; s/^Signed-off-by: Ada Maintainer <ada@example.org>$/Signed-off-by: stableguard <stableguard@localhost>/' "$T"/conf/p/0001-*.patch
"$SG_ROOT/prove/branch.sh" 9.9 2>/dev/null || fail "branch again"

"$publish" 9.9 "$T/remote.git" 2>"$T/err" && fail "published without a run"
grep -q "no matrix run has tested patch set" "$T/err" && [ -z "$(git ls-remote "$T/remote.git")" ] &&
	ok "refused without a run; nothing pushed" || fail "untested: $(cat "$T/err"); $(git ls-remote "$T/remote.git")"

UNTESTED=1 "$publish" 9.9 "$T/remote.git" 2>"$T/err" || fail "UNTESTED=1: $(cat "$T/err")"
git -C "$T/remote.git" cat-file tag v9.9.1-sg1 | grep -q "^UNTESTED: no matrix run has tested" &&
	ok "UNTESTED=1 pushes, and the tag says it" || fail "untested tag: $(git -C "$T/remote.git" cat-file tag v9.9.1-sg1 2>&1)"
git -C "$T/remote.git" tag -d v9.9.1-sg1 >/dev/null

# run STAMP OBSERVED: a run of the current patch set in the cache.
. "$SG_ROOT/lib/sg.sh"
sg_load_series 9.9
run() {
	mkdir -p "$SG_CACHE/runs/$1"
	{ "$RUNFILE" header results
	  "$RUNFILE" row results series=9.9 variant=fixed check=raid0-map expected=PASS \
		observed="$2" seconds=1.0 kernel=9.9.1 patchset="$(patchset_id)" seed=1 \
		complaint=- log=log reason=why kind=check writer=- reader=- log_tail=- image=-
	} > "$SG_CACHE/runs/$1/results.tsv"
}
run 20260101-000000 FAIL
"$publish" 9.9 "$T/remote.git" 2>"$T/err" && fail "published on a red run"
grep -q "the run 20260101-000000 is not green: 0 of 1 outcomes as expected" "$T/err" &&
	ok "refused on a red run" || fail "red: $(cat "$T/err")"
run 20260102-000000 PASS
"$publish" 9.9 "$T/remote.git" 2>"$T/err" || fail "green: $(cat "$T/err")"
git ls-remote "$T/remote.git" > "$T/ls"
cat "$T/ls"
repo="$SG_CACHE/src/9.9"
grep -q "^$(git -C "$repo" rev-parse stable/9.9)	refs/heads/stable/9.9$" "$T/ls" &&
	grep -q "	refs/tags/v9.9.1-sg1$" "$T/ls" && grep -q "	refs/tags/v9.9.1-sg1^{}$" "$T/ls" &&
	ok "stable/9.9 and the annotated tag v9.9.1-sg1 on the remote" || fail "ls-remote: $(cat "$T/ls")"
git -C "$T/remote.git" cat-file tag v9.9.1-sg1 > "$T/tag"
grep -q "^Matrix run 20260102-000000: 1 of 1 outcomes as expected.$" "$T/tag" &&
	grep -q "^  md/raid0: widen a (stableguard)$" "$T/tag" &&
	grep -q "^Signed-off-by: stableguard <stableguard@localhost>$" "$T/tag" &&
	ok "the tag message is the short notes, signed off" || fail "tag: $(cat "$T/tag")"
tagged=$(sed -n 's/^tagger .* \([0-9]*\) [-+][0-9]*$/\1/p' "$T/tag")
[ "$(( $(date +%s) - ${tagged:-0} ))" -lt 3600 ] && ok "the tag is dated when it was made" ||
	fail "tagger date: $(grep '^tagger' "$T/tag")"
done_testing
