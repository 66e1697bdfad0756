# One writer per cache: while one locked command runs, a second waits
# (and says for whom), or with SG_NOWAIT=1 refuses, naming the pid.  The
# holder holds the lock until the test writes to $T/release: events, no
# sleeps.
. "$SG_ROOT/tests/common.sh"
export SG_CACHE="$T/cache"
locked="$SG_ROOT/lib/locked.sh"
mkfifo "$T/release"

"$locked" sh -c 'touch "$SG_CACHE/held"; read -r x < "$1"' sh "$T/release" &
holder=$!
until_true 10 test -e "$SG_CACHE/held"

SG_NOWAIT=1 "$locked" touch "$T/second" 2>"$T/err"
rc=$?
[ $rc -eq 75 ] && [ ! -e "$T/second" ] && grep -q "in use by pid $holder; SG_NOWAIT=1" "$T/err" &&
	ok "SG_NOWAIT=1 refuses and names pid $holder" || fail "nowait: rc $rc, $(cat "$T/err")"

"$locked" touch "$T/third" 2>"$T/err" &
waiter=$!
until_true 10 grep -q "waiting for pid" "$T/err"
[ ! -e "$T/third" ] && ok "a second writer does not run while the first holds the lock" ||
	fail "the second ran at once"
echo > "$T/release"
wait $holder
wait $waiter
[ -e "$T/third" ] && ok "it ran once the first was done" || fail "the second never ran"
grep -qx "stableguard: waiting for pid $holder, which is using $SG_CACHE" "$T/err" &&
	ok "it said once whom it waits for" || fail "wait message: $(cat "$T/err")"
[ "$(grep -c waiting "$T/err")" = 1 ] || fail "said more than once"
done_testing
