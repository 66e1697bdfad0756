# Tarballs that must not be imported are refused by name before anything
# is unpacked: truncated, members with absolute paths or "..", links that
# point outside the tree.  A good one next to them imports.
. "$SG_ROOT/tests/common.sh"
standin_series
get="$SG_ROOT/prove/import-tree.sh"

tarball_src
tar -C "$T/src" -cJf "$T/good.tar.xz" linux-9.9.1

# refused NAME TARBALL MESSAGE
refused() {
	rm -rf "$SG_CACHE/src"
	if TREE_9_9="$2" "$get" 9.9 2>"$T/err"; then
		fail "$1: imported"
	elif grep -qF "$3" "$T/err" && grep -qF "$2" "$T/err" && [ ! -d "$SG_CACHE/src/9.9" ] &&
		[ ! -d "$SG_CACHE/src/9.9.new" ]; then
		ok "$1: refused by name, nothing imported"
	else
		fail "$1: $(cat "$T/err")"
	fi
}

head -c 20000 "$T/good.tar.xz" > "$T/truncated.tar.xz"
refused truncated "$T/truncated.tar.xz" "not a whole tarball"

tar -C "$T/src" -cf "$T/dotdot.tar" linux-9.9.1 --transform 's,^linux-9.9.1/Makefile,linux-9.9.1/../Makefile,'
refused dotdot "$T/dotdot.tar" "lies outside the tree"

tar -C "$T/src" -cPf "$T/absolute.tar" linux-9.9.1 "$T/src/linux-9.9.1/Makefile"
refused absolute "$T/absolute.tar" "lies outside the tree"

mkdir -p "$T/evil/linux-9.9.1"
cp "$src/Makefile" "$T/evil/linux-9.9.1/"
ln -s /etc/passwd "$T/evil/linux-9.9.1/abs"
tar -C "$T/evil" -cf "$T/abslink.tar" linux-9.9.1
refused "absolute link" "$T/abslink.tar" "points outside the tree"
rm "$T/evil/linux-9.9.1/abs"
ln -s ../../x "$T/evil/linux-9.9.1/up"
tar -C "$T/evil" -cf "$T/uplink.tar" linux-9.9.1
refused "link out of the tree" "$T/uplink.tar" "link linux-9.9.1/up -> ../../x points outside the tree"

mkfifo "$T/evil/linux-9.9.1/fifo"
tar -C "$T/evil" -cf "$T/fifo.tar" linux-9.9.1
refused "a fifo" "$T/fifo.tar" "is a device or a fifo"

rm -rf "$SG_CACHE/src"
TREE_9_9="$T/good.tar.xz" "$get" 9.9 2>"$T/err" && [ -L "$SG_CACHE/src/9.9/drivers/inside" ] &&
	ok "a good tarball with a link inside the tree imports" || fail "good: $(cat "$T/err")"

done_testing
