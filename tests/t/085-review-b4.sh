# make review on a stand-in tree: b4 prep and b4 send -o write the series
# as stable review mails (a cover letter that is the release notes, one
# mail per patch with its upstream line and trailers), nothing is sent,
# and the mails come back through b4 am -m and git am onto pristine as
# the very tree of stable/9.9.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
command -v b4 >/dev/null || { echo "b4 not installed (make deps installs it)"; exit 77; }
standin_series
mkdir -p "$SG_CACHE/tarballs" "$SG_CACHE/bin"
cp "$(dirname "$SGCONF")/relnotes" "$SG_CACHE/bin/"

src="$T/linux-9.9.1"
mkdir -p "$src/drivers/md"
printf 'kernelversion:\n\t@echo 9.9.1\n' > "$src/Makefile"
printf 'mainmenu "stand-in"\n' > "$src/Kconfig"	# b4 treats it as a kernel tree
printf 'static int a;\nstatic int b;\n' > "$src/drivers/md/raid0.c"
git -C "$src" init -q && git -C "$src" add -A &&
	git -C "$src" -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/static int a;/static long a;/' "$src/drivers/md/raid0.c"
git -C "$src" -c user.name=t -c user.email=t@t commit -qa \
	--author="Eric Work <work.eric@gmail.com>" --date="Mon, 18 May 2015 23:26:23 -0700" \
	-m "md/raid0: fix restore to sector variable in raid0_make_request" \
	-m "commit a81157768a00e8cf8a7b43b5ea5cac931262374f upstream." \
	-m "The variable should be restored." \
	-m "Fixes: 47d68979cc96 (\"md/raid0: fix bug with chunksize not a power of 2.\")
Cc: stable@vger.kernel.org (v4.0+)
Signed-off-by: Eric Work <work.eric@gmail.com>
Signed-off-by: NeilBrown <neilb@suse.de>"
sed -i 's/static int b;/static long b;/' "$src/drivers/md/raid0.c"
git -C "$src" -c user.name=t -c user.email=t@t commit -qa \
	--author="Ada Maintainer <ada@example.org>" -m "md/raid0: widen b" -m "Signed-off-by: Ada Maintainer <ada@example.org>"
git -C "$src" format-patch -q -2 -o "$T/conf/p"
(cd "$T/conf/p" && ls 0*.patch) > "$T/conf/p/series"
git -C "$src" reset -q --hard HEAD~2 && rm -rf "$src/.git"
tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1
"$SG_ROOT/prove/branch.sh" 9.9 2>"$T/err" || { fail "branch: $(cat "$T/err")"; done_testing; }

"$SG_ROOT/maintain/review.sh" 9.9 >"$T/out" 2>"$T/err" || fail "review.sh exited $?: $(cat "$T/err")"
out=$(tail -n 1 "$T/out")
[ "$out" = "$SG_CACHE/review/9.9/9.9.1-sg1" ] && ok "mails in the cache" || fail "out: $out"
ls "$out" > "$T/files"
[ "$(grep -c '\.eml$' "$T/files")" = 3 ] && ok "a cover and two patch mails" || fail "files: $(cat "$T/files")"
cover=$(ls "$out"/0000-*.eml)
grep -qx 'Subject: \[PATCH 9.9 0/2\] stableguard 9.9.1-sg1 review' "$cover" &&
	grep -q "^Pseudo-Shortlog of commits:" "$cover" && grep -q "Fixes: 47d68979cc96" "$cover" &&
	grep -q "^Build compatibility" "$cover" && grep -q "UNTESTED" "$cover" &&
	grep -q "^There are 2 patches in this series" "$cover" &&
	ok "the cover letter is the release notes" || fail "cover: $(cat "$cover")"
p1=$(ls "$out"/0001-*.eml)
grep -qx 'Subject: \[PATCH 9.9 1/2\] md/raid0: fix restore to sector variable in raid0_make_request' "$out/review.mbox" &&
	grep -qx "From: Eric Work <work.eric@gmail.com>" "$p1" &&
	grep -qx "commit a81157768a00e8cf8a7b43b5ea5cac931262374f upstream." "$p1" &&
	grep -qx "Signed-off-by: NeilBrown <neilb@suse.de>" "$p1" &&
	grep -qx "Cc: stable@vger.kernel.org (v4.0+)" "$p1" &&
	ok "a patch mail keeps the author, the upstream line and the trailers" || fail "patch 1: $(cat "$p1")"
! grep -qi "^Cc:.*neilb\|^To:.*neilb" "$out"/*.eml && ok "nobody from the trailers is addressed" ||
	fail "trailers turned into recipients"
grep -q "round trip: b4 am -m review.mbox, git am onto pristine/9.9: tree [0-9a-f]* = stable/9.9" "$T/err" &&
	ok "b4 am -m and git am give stable/9.9's tree" || fail "round trip: $(cat "$T/err")"
repo="$SG_CACHE/src/9.9"
[ "$(git -C "$repo" rev-parse --abbrev-ref HEAD)" = stable/9.9 ] && [ -z "$(git -C "$repo" status --porcelain)" ] &&
	! git -C "$repo" rev-parse -q --verify sg-roundtrip >/dev/null &&
	ok "the work repository is back on stable/9.9, clean" || fail "repo left on $(git -C "$repo" rev-parse --abbrev-ref HEAD)"

# The round trip by hand, as the issue asks of make check.
mkdir -p "$T/am"
(cd "$T" && b4 -q --offline-mode am -m "$out/review.mbox" -o "$T/am") >/dev/null 2>&1 || fail "b4 am -m"
git -C "$repo" worktree add -q -f --detach "$T/wt" pristine/9.9 &&
	git -C "$T/wt" -c user.name=t -c user.email=t@t am -q "$T"/am/*.mbx &&
	[ "$(git -C "$T/wt" rev-parse 'HEAD^{tree}')" = "$(git -C "$repo" rev-parse 'stable/9.9^{tree}')" ] &&
	ok "again by hand: the same tree id as stable/9.9" || fail "by hand: different tree"
git -C "$repo" worktree remove -f "$T/wt" 2>/dev/null
done_testing
