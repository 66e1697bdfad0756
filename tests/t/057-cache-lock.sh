# One writer per cache: while one locked command runs, a second waits
# (and says for whom), or with SG_NOWAIT=1 refuses, naming the pid.
. "$SG_ROOT/tests/common.sh"
export SG_CACHE="$T/cache"
locked="$SG_ROOT/lib/locked.sh"

"$locked" sh -c 'touch "$SG_CACHE/held"; sleep 3' &
holder=$!
while [ ! -e "$SG_CACHE/held" ]; do sleep 0.1; done

SG_NOWAIT=1 "$locked" touch "$T/second" 2>"$T/err"
rc=$?
[ $rc -eq 75 ] && [ ! -e "$T/second" ] && grep -q "in use by pid $holder; SG_NOWAIT=1" "$T/err" &&
	ok "SG_NOWAIT=1 refuses and names pid $holder" || fail "nowait: rc $rc, $(cat "$T/err")"

"$locked" touch "$T/third" 2>"$T/err" &
waiter=$!
sleep 1
[ ! -e "$T/third" ] && ok "a second writer does not run while the first holds the lock" ||
	fail "the second ran at once"
wait $holder
wait $waiter
[ -e "$T/third" ] && ok "it ran once the first was done" || fail "the second never ran"
grep -qx "stableguard: waiting for pid $holder, which is using $SG_CACHE" "$T/err" &&
	ok "it said once whom it waits for" || fail "wait message: $(cat "$T/err")"
[ "$(grep -c waiting "$T/err")" = 1 ] || fail "said more than once"
done_testing
