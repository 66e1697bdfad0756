# make intake of stable-queue's quilt patches, on stand-ins: the folder
# tests/queue/9.10.2 (a series file and four quilt patches in
# stable-queue's form) offered to the stand-in series 9.9, whose base
# contains 47d68979cc96: one patch is carried already, one does not
# apply, one is left out by PATHS, one is taken (its stable sign-off
# dropped and a note saying whose patch it is), and the patch set that
# results is one git am applies.  Then one quilt patch alone (MBOX=) into
# the series of its release: the sign-off kept, the release recorded.
# Bad input changes nothing.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_series
queue="$SG_ROOT/tests/queue/9.10.2"
fix="$queue/md-raid0-fix-restore-to-sector-variable-in-raid0_make_request.patch"
id=a81157768a00e8cf8a7b43b5ea5cac931262374f
intake="$SG_ROOT/maintain/intake.sh"
awk -v id="$id" '/^  - id: / { skip = ($3 == id) } !skip' "$SG_ROOT/backports/upstream.yaml" > "$T/conf/upstream.yaml"
sed -i 's/^    patches: p\/series$/&\n    base-contains: [47d68979cc96]/' "$SG_BRANCHES"
cp "$T/conf/upstream.yaml" "$T/facts.was"

# The stand-in tree: raid0.c from the fix's hunks (what precedes each).
d="$T/linux-9.9.1"
mkdir -p "$d/drivers/md" "$SG_CACHE/tarballs"
printf 'kernelversion:\n\t@echo 9.9.1\n' > "$d/Makefile"
awk '/^@@/ { on = 1; n++; if (n == 2) print "\t\t} else {"; next }
	on && /^[ -]/ { print substr($0, 2) }' "$fix" > "$d/drivers/md/raid0.c"
tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1

# unchanged WHAT: the patch set and the facts as they were.
unchanged() {
	[ ! -s "$T/conf/p/series" ] && [ -z "$(ls "$T"/conf/p/*.patch 2>/dev/null)" ] &&
		cmp -s "$T/conf/upstream.yaml" "$T/facts.was" &&
		ok "$1: nothing changed" || fail "$1 changed the patch set or the facts"
}
# refused WHAT WANT SOURCE: intake exits non-zero naming WANT.
refused() {
	"$intake" "$3" 9.9 >"$T/out" 2>"$T/err" && fail "$1: taken" ||
		{ grep -qF -- "$2" "$T/err" && ok "$1: refused, naming it" || fail "$1: $(cat "$T/err")"; }
	unchanged "$1"
}

mkdir -p "$T/noseries/9.10.2" "$T/missing/9.10.2" "$T/bare"
cp "$queue"/*.patch "$T/noseries/9.10.2/"
refused "a folder without a series file" "$T/noseries/9.10.2: no series file" "$T/noseries/9.10.2"
cp "$queue"/* "$T/missing/9.10.2/"
echo "md-raid0-not-there.patch" >> "$T/missing/9.10.2/series"
refused "a series line naming a missing patch" "series:7 names md-raid0-not-there.patch: no such patch" "$T/missing/9.10.2"
sed '/^commit .* upstream\.$/d' "$fix" > "$T/missing/9.10.2/no-upstream.patch"
refused "a patch with no upstream line" "no \"commit <id> upstream.\" line names its upstream commit; say COMMIT=" \
	"$T/missing/9.10.2/no-upstream.patch"
cp "$fix" "$T/bare/"
refused "a quilt patch of no known release" "RELEASE_OF_QUEUE=<version>" "$T/bare/$(basename "$fix")"

# The queue, PATHS on drivers/md.
PATHS=drivers/md "$intake" "$queue" 9.9 >"$T/out" 2>"$T/err" &&
	fail "intake said every patch was taken" || ok "intake exits non-zero: one patch needs adapting"
grep -q "the patches of stable release 9.10.2 (the folder's name" "$T/err" &&
	ok "the release inferred from the folder's name, and said" || fail "release: $(cat "$T/err")"
row() { grep -q "^  $1 *$2 *$3\$" "$T/out" && ok "table: $3: $2" || fail "table row $3: $(cat "$T/out")"; }
row 47d68979cc96 "already carried (base-contains 47d68979cc96)" md-raid0-fix-bug-with-chunksize-not-a-power-of-2.patch
row 111111111111 "not applicable: drivers/md/raid0.c:100" md-raid0-stand-in-of-another-era.patch
row d2dc317d564a "left out by PATHS" ext4-fix-data-corruption-caused-by-unwritten-and-delayed-extents.patch
row a81157768a00 "taken as 0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch" "$(basename "$fix")"
new="$T/conf/p/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch"
[ "$(cat "$T/conf/p/series")" = "$(basename "$new")" ] && ok "one patch listed" ||
	fail "series: $(cat "$T/conf/p/series")"
grep -qx "From: Eric Work <work.eric@gmail.com>" "$new" &&
	grep -qx "Date: Mon, 18 May 2015 23:26:23 -0700" "$new" &&
	[ "$(grep -c '^From: ' "$new")" = 1 ] &&
	awk '/^$/ { getline; print; exit }' "$new" | grep -qx "commit $id upstream." &&
	ok "author and date from its headers, the stable header first, no repeated From:" ||
	fail "header: $(sed -n 1,12p "$new")"
grep -qx "Signed-off-by: NeilBrown <neilb@suse.de>" "$new" && ! grep -q gregkh "$new" &&
	grep -qx "\[ stableguard: the patch 9.10.2 shipped (stable-queue releases/9.10.2)," "$new" &&
	grep -qx "  taken into 9.9 as it is \]" "$new" &&
	ok "upstream trailers kept, the stable sign-off dropped, a note says whose patch it is" ||
	fail "body: $(sed -n 8,30p "$new")"
repo="$SG_CACHE/src/9.9"
git -C "$repo" log -1 --format=%s stable/9.9 | grep -q "^md/raid0: fix restore to sector" &&
	git -C "$repo" checkout -q --detach pristine/9.9 && git -C "$repo" am -q "$new" &&
	ok "stable/9.9 remade with it; the patch set git am applies" || fail "stable/9.9"
git -C "$repo" checkout -q -f stable/9.9
tr -d '"' < "$T/conf/upstream.yaml" | grep -A9 "id: $id" > "$T/entry"
grep -q 'stable: \[9.10.2\]' "$T/entry" && grep -q 'files: \[drivers/md/raid0.c\]' "$T/entry" &&
	! grep -q "id: 1111111111111111111111111111111111111111" "$T/conf/upstream.yaml" &&
	"$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null &&
	ok "recorded through sgconf record (stable 9.10.2); the lint takes it" ||
	fail "facts: $(cat "$T/entry")"

# Again: whatever its file name, and whatever form the carried patch
# names its upstream commit in, a carried patch is not added twice.
mkdir -p "$T/again/9.10.2"
cp "$fix" "$T/again/9.10.2/renamed.patch"
echo renamed.patch > "$T/again/9.10.2/series"
cp "$new" "$T/new.was"
for form in $UPSTREAM_FORMS; do
	cp "$T/new.was" "$new"
	upstream_form "$form" "$new"
	"$intake" "$T/again/9.10.2" 9.9 >"$T/out" 2>"$T/err" &&
		grep -q "already carried (0001-md-raid0-fix-restore" "$T/out" &&
		[ "$(wc -l < "$T/conf/p/series")" = 1 ] &&
		ok "taken again under another name ($form form carried): already carried, nothing added" ||
		fail "again ($form form): $(cat "$T/out" "$T/err")"
done
cp "$T/new.was" "$new"

# One quilt patch alone into the series of its release: sign-off kept.
# Its commit is recorded already (stable 9.10.2, above): 9.9.2 is added.
rm -f "$new"
: > "$T/conf/p/series"
RELEASE_OF_QUEUE=9.9.2 "$intake" "$fix" 9.9 >"$T/out" 2>"$T/err" &&
	grep -qx "Signed-off-by: Greg Kroah-Hartman <gregkh@linuxfoundation.org>" "$new" &&
	! grep -q "stableguard: the patch" "$new" &&
	tr -d '"' < "$T/conf/upstream.yaml" | grep -A9 "id: $id" | grep -q 'stable: \[9.10.2, 9.9.2\]' &&
	[ "$(grep -c "id: \"*$id" "$T/conf/upstream.yaml")" = 1 ] &&
	"$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null &&
	ok "MBOX= a quilt patch into its release's series: sign-off kept, stable 9.9.2 added to the recorded commit" ||
	fail "MBOX: $(cat "$T/out" "$T/err"; sed -n 1,30p "$new"; grep -A9 "id: \"*$id" "$T/conf/upstream.yaml")"
done_testing
