# covmap: which of a queue's changed lines the checks executed, on a
# stand-in (a known history and known gcov counters).  The candidate is
# a base and one commit a patch: 001 changes two lines of raid0.c, 002
# adds a comment above them (moving them down) and a line to loop.c,
# 003 only removes a line.  gcov text files (with a macro's block a
# function, as gcov prints it) say raid0-map ran one of
# 001's lines, fio-raid0 none, and no gcov of loop.c: 001 executed (1 of
# 2, by raid0-map), 002's raid0.c line no code, its loop.c not measured,
# 003 no line left.  The same with neither line run: 001 not exercised.
# Then the stand-in gate's reply and gate.md say it, and name a patch no
# check exercised beside the Tested-by.  logread --gcda writes the
# counter files a coverage boot printed, and refuses a damaged line.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
COVMAP="$(dirname "$SGCONF")/covmap"

r="$T/repo"
g() { git -C "$r" -c user.name=T -c user.email=t@example.org "$@"; }
mkdir -p "$r/drivers/md" "$r/drivers/block"
printf 'int a;\nint b;\nint c;\nint d;\nint e;\n' > "$r/drivers/md/raid0.c"
printf 'int loop;\n' > "$r/drivers/block/loop.c"
g init -q && g add -A && g commit -q -m base
printf 'int a;\nint b;\nint c2 = f();\nint d2 = g();\nint e;\n' > "$r/drivers/md/raid0.c"
g commit -q -a -m 001 && c1=$(g rev-parse HEAD)
printf '/* moved */\nint a;\nint b;\nint c2 = f();\nint d2 = g();\nint e;\n' > "$r/drivers/md/raid0.c"
printf 'int loop;\nint more;\n' > "$r/drivers/block/loop.c"
g commit -q -a -m 002 && c2=$(g rev-parse HEAD)
printf '/* moved */\nint a;\nint c2 = f();\nint d2 = g();\nint e;\n' > "$r/drivers/md/raid0.c"
g commit -q -a -m 003 && c3=$(g rev-parse HEAD)

run="$T/run"
mkdir -p "$run"
{
	"$RUNFILE" header entries
	"$RUNFILE" row entries number=001/003 patch=one subject=one upstream=- commit="$c1"
	"$RUNFILE" row entries number=002/003 patch=two subject=two upstream=- commit="$c2"
	"$RUNFILE" row entries number=003/003 patch=three subject=three upstream=- commit="$c3"
} > "$run/entries"
printf 'drivers/block/loop.c\ndrivers/md/raid0.c\n' > "$run/touched.files"
# gcov_of DIR C2 D2: raid0.c's gcov text in DIR, its lines 3 and 4
# (001's, where the candidate has them) run C2 and D2 times.
gcov_of() {
	mkdir -p "$1"
	cat > "$1/raid0.c.gcov" <<EOF
        -:    0:Source:/build/linux/drivers/md/raid0.c
        -:    0:Runs:1
        -:    1:/* moved */
        5:    2:int a;
$(printf '%9s' "$2"):    3:int c2 = f();
$(printf '%9s' "$3"):    4:int d2 = g();
        1:    5:int e;
------------------
e_instance:
        1:    5:int e;
------------------
EOF
}
gcov_of "$T/cov/raid0-map" 7 '#####'
gcov_of "$T/cov/fio-raid0" '#####' '#####'
"$COVMAP" "$run" "$r" HEAD "$T/cov" > "$run/coverage.tsv" 2> "$T/covmap.err"
rc=$?
c() { "$RUNFILE" list --where number="$1" --where file="$2" "$run/coverage.tsv" lines code executed checks status; }
[ $rc = 0 ] &&
	[ "$(c 001/003 drivers/md/raid0.c)" = "2 2 1 raid0-map executed" ] &&
	[ "$(c 002/003 drivers/md/raid0.c)" = "1 0 0 - no code" ] &&
	[ "$(c 002/003 drivers/block/loop.c)" = "1 - - - not measured" ] &&
	[ "$(c 003/003 -)" = "0 - - - no line left" ] &&
	ok "covmap: 001's lines found where 002 moved them, 1 of 2 run by raid0-map; a comment no code; loop.c not measured; 003 no line left" ||
	fail "covmap: exit $rc: $(cat "$run/coverage.tsv" "$T/covmap.err")"
rm -r "$T/cov/raid0-map"
gcov_of "$T/cov/raid0-map" '#####' '#####'
echo drivers/block/loop.c > "$T/cov/not-built"
"$COVMAP" "$run" "$r" HEAD "$T/cov" > "$run/coverage.tsv" 2> "$T/covmap.err"
[ "$(c 001/003 drivers/md/raid0.c)" = "2 2 0 - not exercised" ] &&
	[ "$(c 002/003 drivers/block/loop.c)" = "1 - - - not built" ] &&
	ok "covmap: no line of 001 run by any check: not exercised; a file the kernel does not build: not built" ||
	fail "covmap, nothing run: $(cat "$run/coverage.tsv" "$T/covmap.err")"

# The stand-in gate's reply and gate.md: its one patch's raid0.c line.
. "$SG_ROOT/tests/gate-standin.sh"
gate "$T/g" "$T/clean"
rc=$?
cand=$("$RUNFILE" list "$T/g/variants" variant branch | sed -n 's/^candidate-[^ ]* //p')
mkdir -p "$T/gcov/raid0-map"
reply_again() {
	"$COVMAP" "$T/g" "$SG_CACHE/src/9.9" "$cand" "$T/gcov" > "$T/g/coverage.tsv" &&
		"$REPORT" --reply "$T/g" 9.9 9.9.2 1 "T <t@example.org>" > /dev/null
}
# line 1 of the candidate's raid0.c is widen-a's: run once, then never.
printf '        -:    0:Source:/b/drivers/md/raid0.c\n        3:    1:static long a;\n        -:    2:static int b;\n' \
	> "$T/gcov/raid0-map/raid0.c.gcov"
[ $rc = 0 ] && reply_again &&
	grep -q '^  patch 001/001 drivers/md/raid0.c: 1 of 1 changed line executed (raid0-map)$' "$T/g/reply.eml" &&
	grep -q '^| 001/001 | widen-a | `drivers/md/raid0.c` | 1 of 1 | raid0-map | executed |$' "$T/g/gate.md" &&
	! grep -q '^Not exercised' "$T/g/reply.eml" && grep -q '^Tested-by:' "$T/g/reply.eml" &&
	ok "the gate's reply and gate.md: widen-a's line executed by raid0-map" ||
	fail "reply with coverage: gate exit $rc, branch $cand: $(cat "$T/g/coverage.tsv"; sed -n '/changed lines/,$p' "$T/g/reply.eml")"
sed -i 's/^        3:    1:/    #####:    1:/' "$T/gcov/raid0-map/raid0.c.gcov"
reply_again &&
	grep -q '^  patch 001/001 drivers/md/raid0.c: 0 of 1 changed line executed: not exercised$' "$T/g/reply.eml" &&
	grep -A1 '^Not exercised by any check, so not covered by this Tested-by:$' "$T/g/reply.eml" |
		grep -q '^  patch 001/001 (drivers/md/raid0.c: 0 of 1 changed line)$' &&
	ok "a patch no check exercised: said beside the Tested-by" ||
	fail "reply, not exercised: $(cat "$T/g/coverage.tsv"; sed -n '/changed lines/,$p' "$T/g/reply.eml")"
rm "$T/g/coverage.tsv"
echo "coverage: the coverage build failed: drivers/md/raid0.c:1:5: error: stand-in" > "$T/g/coverage.err"
"$REPORT" --reply "$T/g" 9.9 9.9.2 1 "T <t@example.org>" > /dev/null &&
	grep -q "^The queue's changed lines were not measured: coverage: the coverage build failed: drivers/md/raid0.c:1:5: error: stand-in$" "$T/g/reply.eml" &&
	ok "no coverage: the reply says why" || fail "reply without coverage: $(cat "$T/g/reply.eml")"

# A coverage boot's serial log: two checks' counters, one line damaged.
{
	echo "[    1.0] random console text"
	printf 'SG-GCDA raid0-map /b/fs/ext4/inode.gcda %s\r\n' "$(printf 'counters' | base64 -w 0)"
	printf '[ 2.0] SG-GCDA fio-raid0 /b/drivers/md/raid0.gcda %s\n' "$(printf 'more counters' | base64 -w 0)"
} > "$T/cov.log"
"$LOGREAD" --gcda "$T/cov.log" "$T/gcda" > "$T/gcda.out" &&
	[ "$(cat "$T/gcda.out")" = 2 ] && [ "$(cat "$T/gcda/raid0-map/b/fs/ext4/inode.gcda")" = counters ] &&
	[ "$(cat "$T/gcda/fio-raid0/b/drivers/md/raid0.gcda")" = "more counters" ] &&
	ok "logread --gcda: each check's counter files, as the guest printed them" ||
	fail "logread --gcda: $(cat "$T/gcda.out"; find "$T/gcda" -type f)"
echo 'SG-GCDA raid0-map /b/../../etc/x.gcda QUJD' >> "$T/cov.log"
! "$LOGREAD" --gcda "$T/cov.log" "$T/gcda2" 2> "$T/gcda2.err" && grep -q 'line 4: not SG-GCDA' "$T/gcda2.err" &&
	[ ! -e "$T/etc" ] &&
	ok "logread --gcda: a path out of its folder is refused, named by its line" ||
	fail "logread --gcda, damaged: $(cat "$T/gcda2.err")"

done_testing
