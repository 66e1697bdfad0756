# A previous release that does not build gives the gate nothing to
# compare with: exit 2, the compiler's first error named (file:line, not
# make's "Error 1"), no badge, no Tested-by: the reply says it was not
# tested and why.  Its fstests rows boot no other run's kernel of the
# same name: a previous release built by an earlier gate is not taken.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_gate
r="$T/tree"
mkdir -p "$r" && cp -r "$src/." "$r/"
rgit() { git -C "$r" -c user.name=T -c user.email=t@example.org "$@"; }
{ printf 'VERSION = 9\nPATCHLEVEL = 9\nSUBLEVEL = 1\n'; cat "$src/Makefile"; } > "$r/Makefile"
rgit init -q && rgit add -A && rgit commit -q -m "Linux 9.9.1" && rgit tag good
printf 'static int a;\nstatic int b;\nNOBUILD\n' > "$r/drivers/md/raid0.c"
rgit commit -q -a -m "broken" && rgit tag broken
standin_gate_quilt "$T/queue-9.9.2" widen 1111111111111111111111111111111111111111 "static int a;" "static long a;"

# An earlier gate builds a previous release of that name that does build.
FROM="$r@good" gate "$T/earlier" "$T/queue-9.9.2"
[ $? = 0 ] || fail "the earlier gate: $(tail -n 5 "$T/earlier.out")"

FROM="$r@broken" gate "$T/broken" "$T/queue-9.9.2"
rc=$?
[ $rc = 2 ] && grep -q 'cannot judge 9.9: the previous release does not build: build failed: drivers/md/raid0.c:3:5: error: expected declaration before NOBUILD' "$T/broken.out" &&
	ok "a previous release that does not build: exit 2, the compiler's first error (file:line)" ||
	fail "exit $rc: $(tail -n 8 "$T/broken.out")"
! grep -q 'Error 1' "$T/broken/gate.tsv" && [ "$("$RUNFILE" list "$T/broken/judgement" verdict tested)" = "cannot judge no" ] &&
	ok "judgement: cannot judge, no Tested-by; make's line is not the reason" ||
	fail "judgement: $(cat "$T/broken/judgement" "$T/broken/gate.tsv")"
head -n 1 "$T/broken/gate.md" | grep -q '^\*\*Cannot judge\*\*: the previous release does not build: ' &&
	grep -q '^Not tested: the previous release does not build' "$T/broken/reply.eml" && ! grep -q '^Tested-by' "$T/broken/reply.eml" &&
	ok "gate.md leads with cannot judge; the reply: not tested, why, no Tested-by" ||
	fail "reply: $(head -n 2 "$T/broken/gate.md"; cat "$T/broken/reply.eml")"
grep -q 'Cannot judge: the previous release does not build' "$T/broken/report.html" &&
	! grep -q 'badge ok' "$T/broken/report.html" && ok "the page: no badge, cannot judge" ||
	fail "page: $(grep -o '<section id="gate">.\{0,400\}' "$T/broken/report.html")"
[ ! -e "$T/broken/kernels/9.9/previous" ] && [ -e "$SG_CACHE/build/9.9/images/previous/bzImage" ] &&
	ok "the earlier gate's previous kernel is still in the cache, and this run names none" ||
	fail "kernels: $(ls -la "$T/broken/kernels/9.9" "$SG_CACHE/build/9.9/images")"
done_testing
