# The follow-up-fix guard passes every real series, and refuses the 3.19
# set without a81157768a00, naming both commits and the series.
. "$SG_ROOT/tests/common.sh"

series_n=$("$SGCONF" "$SG_ROOT/branches.yaml" series | wc -l)
if "$SGCONF" "$SG_ROOT/branches.yaml" guard > "$T/guard.out"; then
	passed=$(grep -c 'every carried commit' "$T/guard.out")
	[ "$passed" = "$series_n" ] && [ "$(wc -l < "$T/guard.out")" = "$series_n" ] && [ "$series_n" -ge 8 ] &&
		ok "every one of the $series_n series passes the guard" ||
		fail "the guard passed $passed of $series_n series: $(cat "$T/guard.out")"
else
	fail "guard refused a real series: $(cat "$T/guard.out")"
fi

# 3.19 without the raid0 fix: only the ext4 patch in the series file.
mkdir -p "$T/3.19"
cp "$SG_ROOT"/backports/3.19/0002-*.patch "$T/3.19/"
(cd "$T/3.19" && ls *.patch) > "$T/3.19/series"
"$SGCONF" "$SG_ROOT/branches.yaml" guard 3.19 "$T/3.19/series" > "$T/bad.out"
rc=$?
cat "$T/bad.out"
[ $rc -eq 1 ] && ok "exit status 1" || fail "exit status $rc"
grep -q '^guard: 3.19 carries 47d68979cc96 ("md/raid0: fix bug with chunksize not a power of 2.", from the 3.19 base) without a81157768a00 ("md/raid0: fix restore to sector variable in raid0_make_request", v4.1-rc5), which Fixes: it$' "$T/bad.out" &&
	ok "names 47d68979cc96, a81157768a00 and 3.19" || fail "message"
[ "$(wc -l < "$T/bad.out")" -eq 1 ] && ok "exactly that one" || fail "other complaints too"

# An unknown upstream id is an error, not a pass.
sed 's/^commit d2dc317d564a46dfc683978a2e5a4f91434e9711 upstream.$/commit 0123456789abcdef0123456789abcdef01234567 upstream./' \
	"$T"/3.19/0002-*.patch > "$T/3.19/unknown.patch"
echo unknown.patch > "$T/3.19/series"
"$SGCONF" "$SG_ROOT/branches.yaml" guard 3.19 "$T/3.19/series" 2>"$T/err" >/dev/null &&
	fail "unknown commit accepted" ||
	{ grep -q "not in the upstream facts file" "$T/err" && ok "unknown commit refused" || fail "$(cat "$T/err")"; }
done_testing
