# A guest that dies on one kernel only is kept apart from a check's FAIL:
# the candidate's panic is a regression (boot) with the log's tail, booted
# again like any differing row; the previous release's is fixed (boot),
# which is no Tested-by, for that row ran on one kernel only.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_gate
standin_gate_quilt "$T/queue-panic" panic 1111111111111111111111111111111111111111 "static int a;" "PANIC"
gate "$T/p" "$T/queue-panic"
rc=$?
v() { "$RUNFILE" list --where check="$2" "$1/gate.tsv" previous candidate verdict; }
[ $rc = 1 ] && [ "$(v "$T/p" raid0-map)" = "PASS,PASS,PASS ERROR,ERROR,ERROR regression (boot)" ] && [ -d "$T/p/try-3" ] &&
	"$RUNFILE" list --where check=raid0-map "$T/p/gate.tsv" reason | grep -q "the log's tail: .*Kernel panic - not syncing: stand-in" &&
	ok "the candidate's guest dies: regression (boot), tried again, the log's tail" ||
	fail "exit $rc: $(cat "$T/p/gate.tsv"; tail -n 5 "$T/p.out")"
[ "$("$RUNFILE" list "$T/p/culprit" number patch verified)" = "001/001 panic verified" ] &&
	ok "bisected by the guest's death (BOOT=1) to its patch, verified" ||
	fail "culprit: $(cat "$T/p/culprit" "$T/p/bisect/steps.tsv" 2>&1)"
grep -q '^raid0-map: PASS on 9.9.1, ERROR on 9.9.2 (3 boots each): its guest died$' "$T/p/reply.eml" && ! grep -q '^Tested-by' "$T/p/reply.eml" &&
	ok "the reply: its guest died, no Tested-by" || fail "reply: $(cat "$T/p/reply.eml")"
# The previous release panics (FROM), the candidate takes PANIC out.
r="$T/tree"
mkdir -p "$r" && cp -r "$src/." "$r/"
rgit() { git -C "$r" -c user.name=T -c user.email=t@example.org "$@"; }
{ printf 'VERSION = 9\nPATCHLEVEL = 9\nSUBLEVEL = 1\n'; cat "$src/Makefile"; } > "$r/Makefile"
printf 'PANIC\nstatic int b;\n' > "$r/drivers/md/raid0.c"
rgit init -q && rgit add -A && rgit commit -q -m "Linux 9.9.1" && rgit tag v9.9.1
standin_gate_quilt "$T/queue-calm" calm 2222222222222222222222222222222222222222 "PANIC" "static int a;"
FROM="$r@v9.9.1" gate "$T/f" "$T/queue-calm"
rc=$?
[ $rc = 2 ] && grep -q 'cannot judge 9.9: the previous release does not boot' "$T/f.out" &&
	! grep -q '^Tested-by' "$T/f/reply.eml" &&
	ok "a previous release that never boots: cannot judge, exit 2, no Tested-by" ||
	fail "exit $rc: $(cat "$T/f/gate.tsv"; tail -n 5 "$T/f.out")"
done_testing
