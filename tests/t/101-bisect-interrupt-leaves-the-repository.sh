# A bisection interrupted mid-step (TERM: a background job of sh ignores
# INT) leaves the user's repository as it was (HEAD, refs, work tree),
# no guest running, and the cache's worktree out of bisect mode.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/bisect-standin.sh"

head_before=$(ug rev-parse HEAD) refs_before=$(ug for-each-ref | sha1sum)
SLOW="$T/slow.pid" setsid "$SG_ROOT/maintain/bisect.sh" "$T/int" "$T/initrd" 9.9 v9.9.1 v9.9.2 raid0-map \
	>"$T/iout" 2>&1 &
pid=$!
until_true 20 test -s "$T/slow.pid"
kill -TERM -"$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && grep -q 'bisection interrupted' "$T/iout" && ok "an interrupted bisection says so and exits 130" ||
	fail "interrupted bisection exited $rc: $(cat "$T/iout")"
until_true 2 dead "$(cat "$T/slow.pid")" && ok "no guest left" || fail "the guest still runs"
[ "$(ug rev-parse HEAD)" = "$head_before" ] && [ "$(ug for-each-ref | sha1sum)" = "$refs_before" ] &&
	[ -z "$(ug status --porcelain)" ] && ! [ -e "$user/.git/BISECT_LOG" ] &&
	ok "the user's repository: HEAD, refs and work tree as they were" || fail "user repo changed"
wt="$SG_CACHE/bisect/src/9.9"
! git -C "$wt" bisect log >/dev/null 2>&1 && [ -z "$(git -C "$wt" status --porcelain)" ] &&
	ok "the cache's worktree is out of bisect mode" || fail "worktree still bisecting"
done_testing
