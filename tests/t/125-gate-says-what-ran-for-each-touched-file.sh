# The path map (branches.yaml's pathmap:, sgconf pathmap): the project's
# own map is read and answers for real kernel paths (fs/ext4 by the ext4
# checks, a SCSI file by nothing); a stand-in map with an unknown check,
# a test that is no test and an unknown key is refused, each fault named
# with its line, and nothing printed.  With an fstests checkout the
# tests are chosen within the budget, the data-integrity list first, then
# the most specific glob's, each test's seconds from an earlier run; a
# group is its tests, a group with none and a test the checkout lacks
# are said.  The gate (a stand-in queue touching raid0.c and a new
# loop.c) says in gate.md and the reply what ran through each file, names
# loop.c as reached by nothing, and runs the map's generic/003 beside
# TESTS.
# group: pipeline
. "$SG_ROOT/tests/common.sh"

"$SGCONF" "$SG_ROOT/branches.yaml" pathmap fs/ext4/inode.c drivers/scsi/sd.c > "$T/real" 2> "$T/real.err"
[ "$("$RUNFILE" list --where path=fs/ext4/inode.c "$T/real" globs)" = "fs/ext4/*" ] &&
	"$RUNFILE" list --where path=fs/ext4/inode.c "$T/real" checks | grep -q 'ext4-io-paths' &&
	[ "$("$RUNFILE" list --where path=drivers/scsi/sd.c "$T/real" globs checks)" = "- -" ] &&
	"$RUNFILE" list --where path=drivers/scsi/sd.c "$T/real" why | grep -q 'nothing in the path map covers it' &&
	ok "the project's path map: fs/ext4/inode.c by the ext4 checks, drivers/scsi/sd.c by nothing" ||
	fail "sgconf pathmap: $(cat "$T/real" "$T/real.err")"

# A stand-in map: three faults, each on its line.
m="$T/m"
mkdir -p "$m"
ln -s "$SG_ROOT/backports" "$SG_ROOT/prove" "$m/"
sed '/^pathmap:/d' "$SG_ROOT/branches.yaml" > "$m/branches.yaml"
echo 'pathmap: map.yaml' >> "$m/branches.yaml"
cat > "$m/map.yaml" <<'EOF'
paths:
  "drivers/md/*":
    why: md
    checks: [raid0-map, no-such-check]
  "drivers/md/raid0.c":
    why: raid0
    fstests: [generic/zero]
  "block/*":
    why: block
    checks: [raid0-map]
    owner: someone
EOF
"$SGCONF" "$m/branches.yaml" pathmap drivers/md/raid0.c > "$T/bad" 2> "$T/bad.err"
rc=$?
[ $rc = 1 ] && [ ! -s "$T/bad" ] &&
	grep -q 'map.yaml:3: .*check no-such-check is not one of branches.yaml' "$T/bad.err" &&
	grep -q 'map.yaml:6: .*generic/zero is neither DIR/NNN nor group:NAME' "$T/bad.err" &&
	grep -q 'map.yaml:11: .*unknown key owner' "$T/bad.err" &&
	ok "a bad map: each fault named with its line, nothing printed" ||
	fail "bad map: exit $rc: $(cat "$T/bad" "$T/bad.err")"

# Choosing fstests tests: 5 minutes, generic/001 always (60 s, untimed),
# raid0.c's own tests before drivers/md's, group quick is generic/007.
fst="$T/fst"
mkdir -p "$fst/tests/generic"
for t in 001 003 004 005 006 007; do echo '_begin_fstest auto' > "$fst/tests/generic/$t"; done
echo '_begin_fstest auto quick' > "$fst/tests/generic/007"
cat > "$m/map.yaml" <<'EOF'
paths:
  "drivers/md/*":
    why: every md array
    checks: [raid0-map]
    fstests: [generic/006, generic/005]
  "drivers/md/raid0.c":
    why: raid0 itself
    checks: [raid0-discard]
    fstests: [generic/003, generic/004, generic/009, group:quick, group:nosuch]
EOF
printf 'check\tseconds\ngeneric/003\t30\ngeneric/004\t100\ngeneric/007\t20\ngeneric/006\t40\n' > "$T/times"
"$SGCONF" "$m/branches.yaml" pathmap --fstests "$fst" --minutes 5 --times "$T/times" \
	--always "generic/001" drivers/md/raid0.c drivers/md/md.c > "$T/pick" 2> "$T/pick.err"
r() { "$RUNFILE" list --where path="$1" "$T/pick" "$2"; }
# 60 (001) + 30 (003) + 100 (004) + 20 (007), then drivers/md's: 40 (006)
# is 250, 60 more (005, untimed) would be 310 > 300.
[ "$(r drivers/md/raid0.c checks)" = "raid0-map,raid0-discard" ] &&
	[ "$(r drivers/md/raid0.c fstests)" = "generic/006,generic/003,generic/004,generic/007" ] &&
	[ "$(r drivers/md/raid0.c left_out)" = "generic/005:over the budget,generic/009:not in the checkout,group:nosuch:no test of the checkout in it" ] &&
	[ "$(r drivers/md/md.c fstests) $(r drivers/md/md.c left_out)" = "generic/006 generic/005:over the budget" ] &&
	ok "fstests chosen within 5 minutes: the most specific glob's first, timed by an earlier run; a group's tests; what was left out, and why" ||
	fail "pathmap --fstests: $(cat "$T/pick" "$T/pick.err")"

# The gate: a queue touching raid0.c and a new drivers/block/loop.c.
. "$SG_ROOT/tests/gate-standin.sh"
standin_gate_fstests
echo 'pathmap: map.yaml' >> "$SG_BRANCHES"
cat > "$T/conf/map.yaml" <<'EOF'
paths:
  "drivers/md/raid0.c":
    why: raid0 itself
    checks: [raid0-map, raid0-discard]
    fstests: [generic/003]
EOF
cat >> "$T/clean/widen-a" <<'EOF'
--- /dev/null
+++ b/drivers/block/loop.c
@@ -0,0 +1 @@
+static int loop;
EOF
FSTESTS="$fst" TESTS="generic/001 generic/002" SG_FSTESTS_IMAGE_CMD="$T/fsimage" SG_FSTESTS_BOOT_CMD="$T/fsboot" \
	gate "$T/g" "$T/clean"
rc=$?
[ $rc = 0 ] && [ "$(paste -sd' ' "$T/g/touched.files")" = "drivers/block/loop.c drivers/md/raid0.c" ] &&
	[ -n "$("$RUNFILE" list --where check=generic/003 "$T/g/gate.tsv" verdict)" ] &&
	grep -q '^| `drivers/md/raid0.c` | raid0-map, raid0-discard, generic/003 |$' "$T/g/gate.md" &&
	grep -q '^Touched, and reached by no check or test that ran (not covered by a Tested-by): `drivers/block/loop.c`$' "$T/g/gate.md" &&
	grep -q '^  drivers/md/raid0.c:$' "$T/g/reply.eml" &&
	grep -q '^    raid0-map, raid0-discard, generic/003$' "$T/g/reply.eml" &&
	grep -A1 '^Touched, and reached by no check' "$T/g/reply.eml" | grep -q 'drivers/block/loop.c$' &&
	ok "the gate: what ran through raid0.c (the map's generic/003 beside TESTS), loop.c reached by nothing; in gate.md and the reply" ||
	fail "gate with a path map: exit $rc: $(cat "$T/g/touched.tsv"; sed -n '/files the queue/,$p' "$T/g/gate.md"; sed -n '/What ran through/,$p' "$T/g/reply.eml"; tail -n 5 "$T/g.out")"

done_testing
