# make intake on stand-in trees: a recorded upstream mail of a81157768a00
# goes into two series; 9.9's raid0.c has the hunks' context and takes it
# (stable header, upstream author and date, b4's collected trailer, the
# series file, the branches remade, the commit recorded in the facts);
# 9.8's raid0.c is of another era: it is left exactly as it was and the
# hunk that needs adapting is named.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
command -v b4 >/dev/null || { echo "b4 not installed (make deps installs it)"; exit 77; }
standin_series
mkdir -p "$SG_CACHE/tarballs" "$T/conf/p8"
: > "$T/conf/p8/series"
mail="$SG_ROOT/tests/mail/a81157768a00.mbox"
id=a81157768a00e8cf8a7b43b5ea5cac931262374f
# The facts without the commit, so that the intake records it.
awk -v id="$id" '/^  - id: / { skip = ($3 == id) } !skip' "$SG_ROOT/backports/upstream.yaml" > "$T/conf/upstream.yaml"
standin_entry 9.8 9.8.1 p8/series unfixed:false:FAIL fixed:true:PASS >> "$SG_BRANCHES"

# tree VERSION: raid0.c from the mail's hunks (what precedes each), with
# 9.8's first context line from another era.
tree() {
	d="$T/linux-$1"
	mkdir -p "$d/drivers/md"
	printf 'kernelversion:\n\t@echo %s\n' "$1" > "$d/Makefile"
	awk '/^@@/ { on = 1; n++; if (n == 2) print "\t\t} else {"; next }
		/^-- $/ { on = 0 } on && /^[ -]/ { print substr($0, 2) }' "$mail" > "$d/drivers/md/raid0.c"
	[ "$1" = 9.8.1 ] && sed -i 's/(sector & (chunk_sects-1))/(bio->bi_sector \& (chunk_sects-1))/' "$d/drivers/md/raid0.c"
	tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-$1.tar.xz" "linux-$1"
}
tree 9.9.1
tree 9.8.1
"$SG_ROOT/prove/branch.sh" 9.8 2>/dev/null || fail "branch 9.8"
repo8="$SG_CACHE/src/9.8"
before8=$(git -C "$repo8" for-each-ref --format='%(refname) %(objectname)' refs/heads)

"$SG_ROOT/maintain/intake.sh" "$mail" 9.9 9.8 >"$T/out" 2>"$T/err" &&
	fail "intake said every series took it" || ok "intake exits non-zero: one series did not take it"
new=$(ls "$T"/conf/p/0001-*.patch 2>/dev/null)
[ -n "$new" ] && [ "$(cat "$T/conf/p/series")" = "$(basename "$new")" ] &&
	ok "9.9: written as $(basename "$new") and listed" || fail "9.9 patch: $(ls "$T/conf/p"): $(cat "$T/err")"
head -n 3 "$new" | grep -qx "From $id Mon Sep 17 00:00:00 2001" &&
	grep -qx "From: Eric Work <work.eric@gmail.com>" "$new" &&
	grep -qx "Date: Mon, 18 May 2015 23:26:23 -0700" "$new" &&
	ok "upstream id, author and date kept" || fail "header: $(head -n 5 "$new")"
awk '/^$/ { print; getline; print; exit }' "$new" | grep -qx "commit $id upstream." &&
	grep -qx "Signed-off-by: NeilBrown <neilb@suse.de>" "$new" &&
	grep -qx "Tested-by: stableguard tests <tests@stableguard.example.org>" "$new" &&
	ok "stable header first; upstream trailers kept, the reply's trailer collected by b4" ||
	fail "body: $(sed -n 1,30p "$new")"
repo="$SG_CACHE/src/9.9"
[ "$(git -C "$repo" log -1 --format='%an|%ad|%s' --date=rfc stable/9.9)" = \
	"Eric Work|Mon, 18 May 2015 23:26:23 -0700|md/raid0: fix restore to sector variable in raid0_make_request" ] &&
	ok "stable/9.9 remade with it" || fail "stable/9.9: $(git -C "$repo" log -1 --format='%an|%ad|%s' stable/9.9)"
grep -q "9.8: a81157768a00 does not apply to stable/9.8 (drivers/md/raid0.c:[0-9]*): it needs an era adaptation; left out of 9.8" "$T/err" &&
	grep -q "error: while searching for:" "$T/err" &&
	ok "9.8: the hunk that needs adapting is named" || fail "9.8: $(cat "$T/err")"
[ ! -s "$T/conf/p8/series" ] && [ -z "$(ls "$T"/conf/p8/*.patch 2>/dev/null)" ] &&
	[ "$(git -C "$repo8" for-each-ref --format='%(refname) %(objectname)' refs/heads)" = "$before8" ] &&
	[ -z "$(git -C "$repo8" status --porcelain)" ] && [ ! -d "$repo8/.git/rebase-apply" ] &&
	ok "9.8: patch set, branches and work tree as they were" || fail "9.8 changed"
# The entry as sgconf record writes it, its quotes dropped.
tr -d '"' < "$T/conf/upstream.yaml" | grep -A8 "id: $id" > "$T/entry"
grep -q 'kind: fix' "$T/entry" &&
	grep -q 'fixes: \[47d68979cc968535cb87f3e5f2e6a3533ea48fbd\]' "$T/entry" &&
	grep -q 'files: \[drivers/md/raid0.c\]' "$T/entry" &&
	"$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null &&
	ok "recorded in the facts (Fixes: resolved to the full id); the lint takes it" ||
	fail "facts: $(cat "$T/entry")"
grep -q "^guard: 9.9: every carried commit has its known follow-up fixes" "$T/out" &&
	ok "the guard ran" || fail "guard: $(cat "$T/out")"

# Taken twice: nothing new.
"$SG_ROOT/maintain/intake.sh" "$mail" 9.9 >"$T/out2" 2>"$T/err2" &&
	grep -q "9.9 already carries a81157768a00" "$T/err2" && [ "$(wc -l < "$T/conf/p/series")" = 1 ] &&
	ok "a second intake of the same commit changes nothing" || fail "twice: $(cat "$T/err2")"
done_testing
