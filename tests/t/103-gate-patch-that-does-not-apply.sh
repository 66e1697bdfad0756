# A queue whose patch does not apply: exit 2, the patch named with its
# hunk, every branch as it was, nothing built; a queue folder that is not
# there, or whose series names a patch that is not there: exit 2, named
# (with the series' line: the queue's one reader, sg_queue, as intake's).
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/gate-standin.sh"
# A gate that made the branches first: the cache's repository as a user's is.
SG_GATE_TRIES=1 gate "$T/first" "$T/clean" || fail "the first gate: $(tail -n 5 "$T/first.out")"
git -C "$SG_CACHE/src/9.9" for-each-ref --format='%(refname) %(objectname)' > "$T/refs.before"
rm -f "$T/clean/series"
cp "$q/planted" "$T/clean/planted"
printf 'planted\nwiden-a\n' > "$T/clean/series"
gate "$T/noapply" "$T/clean"
rc=$?
git -C "$SG_CACHE/src/9.9" for-each-ref --format='%(refname) %(objectname)' > "$T/refs.after"
[ $rc = 2 ] && grep -q "planted.* does not apply" "$T/noapply.out" && cmp -s "$T/refs.before" "$T/refs.after" &&
	[ ! -e "$T/noapply/results.tsv" ] &&
	ok "a patch that does not apply: exit 2, named, every branch as it was, nothing built" ||
	fail "does not apply: exit $rc: $(tail -n 12 "$T/noapply.out"); refs: $(diff "$T/refs.before" "$T/refs.after")"
[ ! -d "$T/nowhere" ] && gate "$T/noq" "$T/nowhere"
[ $? = 2 ] && grep -q "QUEUE=$T/nowhere: no such folder" "$T/noq.out" && ok "no queue: exit 2, named" ||
	fail "no queue: $(cat "$T/noq.out")"
mkdir -p "$T/gone" && cp "$T/clean/widen-a" "$T/gone/" && printf 'widen-a\nvanished.patch\n' > "$T/gone/series"
gate "$T/nopatch" "$T/gone"
[ $? = 2 ] && grep -q "$T/gone/series:2 names vanished.patch: no such patch in $T/gone" "$T/nopatch.out" &&
	[ ! -e "$T/nopatch/results.tsv" ] && ok "a series naming a patch that is not there: exit 2, its line named, nothing built" ||
	fail "a missing patch: $(tail -n 5 "$T/nopatch.out")"
done_testing
