# A previous release that does not build gives the gate nothing to
# compare with: exit 2, the compiler's first error named (file:line, not
# make's "Error 1"), no badge, no Tested-by: the reply says it was not
# tested and why.  Its fstests rows boot no other run's kernel of the
# same name: a previous release built by an earlier gate is not taken,
# its rows "no kernel", never that kernel's PASS.
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

# fstests on both kernels (a stand-in checkout and guest): a test that
# passes on any kernel that boots.
fst="$T/fstests"
standin_fstests "$fst"
standin_test 001 'echo 0123456789abcdef' '0123456789abcdef
'
cp "$(dirname "$SGCONF")/fixedby" "$(dirname "$SGCONF")/fsbaseline" "$SG_CACHE/bin/"
standin_fstests_boot "$fst" "$T/fsboot"
printf '#!/bin/sh\necho made "$@" >&2\n' > "$T/fsimage"
chmod +x "$T/fsimage"
FSTESTS="$fst" TESTS=generic/001 SG_FSTESTS_IMAGE_CMD="$T/fsimage" SG_FSTESTS_BOOT_CMD="$T/fsboot" \
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
[ "$("$RUNFILE" list --where check=generic/001 "$T/broken/fstests/results.tsv" variant observed | sort | paste -sd' ' -)" = \
	"candidate-queue-9.9.2 ERROR previous ERROR" ] &&
	"$RUNFILE" list --where variant=previous "$T/broken/fstests/results.tsv" reason |
	grep -q '^no kernel: this run did not build previous (build failed: drivers/md/raid0.c:3:5: error' &&
	ok "fstests boot no other run's kernel of the name: no kernel, with why, never the earlier gate's PASS" ||
	fail "fstests rows: $(cat "$T/broken/fstests/results.tsv" 2>&1)"
done_testing
