# A tarball imports as the tree git add -A -f makes of it unpacked, in
# the GNU and the pax format (053 has the tarballs that are refused).
. "$SG_ROOT/tests/common.sh"
standin_series
get="$SG_ROOT/prove/import-tree.sh"

tarball_src

# The import is the tree git add -A -f makes of the unpacked tarball:
# names past 100 characters (GNU and pax), a hard link, an executable, a
# name with a space and a quote, in both formats.
long="$src/$(printf 'a%.0s' $(seq 120))/$(printf 'b%.0s' $(seq 120))"
mkdir -p "$long" "$src/sp ace"
echo long > "$long/f"
echo q > "$src/sp ace/\"q"
ln "$src/Makefile" "$src/hard"
printf '#!/bin/sh\n' > "$src/run.sh" && chmod +x "$src/run.sh"
for format in gnu posix; do
	tar -C "$T/src" --format=$format -cJf "$T/$format.tar.xz" linux-9.9.1
	rm -rf "$SG_CACHE/src" "$T/added"
	mkdir -p "$T/added" && tar -C "$T/added" --strip-components=1 -xf "$T/$format.tar.xz" &&
		git -C "$T/added" init -q && git -C "$T/added" add -A -f . || fail "git add of $format"
	TREE_9_9="$T/$format.tar.xz" "$get" 9.9 2>"$T/err" || fail "$format: $(cat "$T/err")"
	[ "$(git -C "$SG_CACHE/src/9.9" rev-parse 'pristine/9.9^{tree}')" = "$(git -C "$T/added" write-tree)" ] &&
		[ -z "$(git -C "$SG_CACHE/src/9.9" status --porcelain)" ] &&
		ok "$format tarball: the tree git add makes, the work tree checked out clean" ||
		fail "$format: $(git -C "$SG_CACHE/src/9.9" ls-tree -r pristine/9.9 | head; git -C "$SG_CACHE/src/9.9" status --porcelain | head)"
done
done_testing
