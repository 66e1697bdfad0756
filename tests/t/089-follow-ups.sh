# make follow-ups on stand-in repositories: a mainline with A, B (Fixes:
# A, 12 hex), C (Fixes: B, 8 hex), D (Fixes: an unknown id); a stable
# history that backported A.  B is missing, and C with it (a fix of a
# missing fix); once B is carried, C still is; a series carrying all
# gets nothing; WRITE=1 leaves the guard refusing the series without B.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_series
export FOLLOWUPS="$SG_ROOT/maintain/follow-ups.sh"
cp "$(dirname "$SGCONF")"/* "$SG_CACHE/bin/"
export SGCONF="$SG_CACHE/bin/sgconf"
g() { git -c user.name=U -c user.email=u@x -C "$@"; }

m="$T/mainline"
git init -q -b master "$m"
printf 'one\ntwo\nthree\nfour\n' > "$m/f"
g "$m" add f && g "$m" commit -q -m init && g "$m" tag v9.9
change() {	# change LINE SUBJECT [TRAILER]
	sed -i "$1s/\$/ fixed/" "$m/f"
	g "$m" commit -q -a -m "$2" -m "${3:-Signed-off-by: U <u@x>}"
	g "$m" rev-parse HEAD
}
A=$(change 1 "f: fix one")
B=$(change 2 "f: fix the fix of one" "Fixes: $(echo $A | cut -c1-12) (\"f: fix one\")")
C=$(change 3 "f: fix two" "Fixes: $(echo $B | cut -c1-8)")
D=$(change 4 "f: fix four" "Fixes: deadbeefdeadbeef (\"nothing\")")
g "$m" tag v10.0-rc1
short() { echo "$1" | cut -c1-12; }

# stable: v9.9 plus A backported (cherry-pick -x), released as v9.9.1.
s="$T/stable"
git clone -q "$m" "$s" && g "$s" checkout -q -b linux-9.9.y v9.9
g "$s" cherry-pick -x "$A" >/dev/null && g "$s" tag v9.9.1

facts="$T/conf/upstream.yaml"
cp "$facts" "$T/facts.was"
run() { "$FOLLOWUPS" "$@" >"$T/out" 2>"$T/err"; rc=$?; }

TREE_9_9="$s@v9.9.1" run "$m" 9.9
cat "$T/out" "$T/err"
[ $rc = 1 ] && ok "exit 1 when a fix is missing" || fail "exit $rc"
grep -q "^  $(short $B)  v10.0-rc1 .* f: fix the fix of one .* $(short $A)  v9.9.1 (" "$T/out" &&
	ok "B missing, fixing A from the stable history" || fail "B not reported"
grep -q "^  $(short $C)  .* $(short $B)  missing too" "$T/out" && ok "C (Fixes: 8 hex of B) missing too" ||
	fail "C not reported"
grep -q "$(short $D)" "$T/out" && fail "D reported" || ok "D not reported"
grep -q "Fixes: deadbeefdeadbeef: unknown" "$T/err" && ok "unknown Fixes: named" || fail "unknown Fixes: not named"
grep -q "make intake MBOX=$(short $B).mbox SERIES=\"9.9\" COMMIT=$B RELEASE=v10.0-rc1" "$T/out" &&
	ok "the make intake line" || fail "no make intake line"
grep -q "no stable history" "$T/err" && fail "said no stable history" || ok "stable history used"

# The evidence under a missing fix: the proof index's checks and tests
# for it (B by the record's raid0-map; C by a stand-in fstests test's
# _fixed_by_kernel_commit), not yet run; then what the newest make proofs
# MISSING=1 run of the series found for B (its run file missing).
cat >> "$facts" <<EOF

  - id: "$B"
    subject: "f: fix the fix of one"
    release: "v10.0-rc1"
    kind: "fix"
    proven-by:
      checks: ["raid0-map"]
EOF
fst="$T/fstests"
standin_fstests "$fst"
standin_test 001 ". ./common/rc; _fixed_by_kernel_commit $(short $C) \"f: fix two\"; echo ok" 'ok
'
FSTESTS="$fst" TREE_9_9="$s@v9.9.1" run "$m" 9.9
sed -n "/^  $(short $B) /,/^  [0-9a-f]\{12\} /p" "$T/out" | grep -qx "      evidence: raid0-map (check) not run: make proofs SERIES=9.9 MISSING=1 FIXES=$(short $B)" &&
	sed -n "/^  $(short $C) /,/^  take/p" "$T/out" | grep -qx "      evidence: generic/001 (fstests) not run: make proofs SERIES=9.9 MISSING=1 FIXES=$(short $C) FSTESTS=<checkout>" &&
	[ "$(grep -c 'evidence:' "$T/out")" = 2 ] &&
	ok "each missing fix the proof index knows: its check or fstests test named, not yet run" ||
	fail "evidence, not run: exit $rc: $(cat "$T/out" "$T/err")"
mr="$SG_CACHE/runs/20991231-000000-missing-9.9"
mkdir -p "$mr"
{ "$RUNFILE" header missing
  "$RUNFILE" row missing upstream="$B" check=raid0-map observed=FAIL said="evidence: fails without it" \
	carried="not carried" first_bad="8 of 8192 sectors misplaced; first: array sector 64" take=-; } > "$mr/missing"
TREE_9_9="$s@v9.9.1" run "$m" 9.9
grep -qx "      evidence: raid0-map FAIL, evidence: fails without it: 8 of 8192 sectors misplaced; first: array sector 64 ($mr)" "$T/out" &&
	ok "what make proofs MISSING=1 found for B: under B, with its run" || fail "evidence, run: $(cat "$T/out")"
rm -r "$mr"
cp "$T/facts.was" "$facts"

# B taken into the series' patch set, its upstream commit named in each
# form stable patches use: C is still missing, B no more.
echo 0001-b.patch > "$T/conf/p/series"
for form in $UPSTREAM_FORMS; do
	g "$m" format-patch -q -1 --stdout "$B" |
		awk -v id="$B" '!done && /^$/ { print; print "commit " id " upstream."; done = 1; next } { print }' \
		> "$T/conf/p/0001-b.patch"
	upstream_form "$form" "$T/conf/p/0001-b.patch"
	TREE_9_9="$s@v9.9.1" run "$m" 9.9
	[ $rc = 1 ] && ! grep -q "^  $(short $B) " "$T/out" && grep -q "^  $(short $C) .* $(short $B)  patch 0001-b.patch" "$T/out" &&
		ok "B taken ($form form): C missing, fixing B from the patch" || fail "after B ($form form): $(cat "$T/out")"
done

# B in the stable history instead, its upstream commit named in each
# form: C missing, fixing B from the stable commit.
: > "$T/conf/p/series"
for form in $UPSTREAM_FORMS; do
	g "$s" checkout -q --detach v9.9.1
	g "$s" cherry-pick -n "$B" >/dev/null
	printf 'f: fix the fix of one\n\ncommit %s upstream.\n\nSigned-off-by: U <u@x>\n' "$B" > "$T/msg"
	upstream_form "$form" "$T/msg"
	g "$s" commit -q -F "$T/msg" && g "$s" tag -f "form-$form" >/dev/null
	TREE_9_9="$s@form-$form" run "$m" 9.9
	[ $rc = 1 ] && ! grep -q "^  $(short $B) " "$T/out" &&
		grep -q "^  $(short $C) .* $(short $B)  form-$form ($(g "$s" rev-parse --short "form-$form"))" "$T/out" &&
		ok "B in the stable history ($form form): C missing, fixing B from it" ||
		fail "stable B ($form form): $(cat "$T/out")"
done
g "$s" checkout -q linux-9.9.y

# All three in the stable history: nothing missing.
g "$s" cherry-pick -x "$B" "$C" >/dev/null && g "$s" tag v9.9.2
: > "$T/conf/p/series"
TREE_9_9="$s@v9.9.2" run "$m" 9.9
[ $rc = 0 ] && grep -q "no missing follow-up fix" "$T/out" && ok "all carried: nothing" || fail "all carried: exit $rc $(cat "$T/out")"
TREE_9_9="$s@v9.9.1" run "$m@$A" 9.9
[ $rc = 0 ] && ok "UPSTREAM@rev: nothing after A" || fail "UPSTREAM@A: exit $rc"

# Through make, which exits 2 either way: its last line says which, with
# the script's own status (1 missing, 2 bad input) for a CI to read.
viamake() {	# viamake UPSTREAM [VARIABLE=VALUE...]
	u=$1
	shift
	TREE_9_9="$s@v9.9.1" make -s --no-print-directory -C "$SG_ROOT" follow-ups SG_CACHE="$SG_CACHE" \
		UPSTREAM="$u" SERIES=9.9 "$@" >/dev/null 2>"$T/err"
	rc=$?
}
viamake "$m"
[ $rc = 2 ] && grep -qx "make follow-ups: a series misses a fix (maintain/follow-ups.sh exit 1)" "$T/err" &&
	ok "make follow-ups: a missing fix said as the script's exit 1" || fail "make, missing: exit $rc: $(cat "$T/err")"
viamake "$T/conf"
[ $rc = 2 ] && grep -qx "make follow-ups: bad input (maintain/follow-ups.sh exit 2)" "$T/err" &&
	ok "make follow-ups: bad input said as the script's exit 2" || fail "make, bad input: exit $rc: $(cat "$T/err")"
# WRITE=1 writes the facts: it takes the cache's lock, as intake does; a
# scan alone does not.  Held here until the test writes to release.
mkfifo "$T/release"
"$SG_ROOT/lib/locked.sh" sh -c ': > "$1/held"; read -r x < "$1/release"' sh "$T" &
holder=$!
until_true 10 test -e "$T/held"
viamake "$m"
grep -qx "make follow-ups: a series misses a fix (maintain/follow-ups.sh exit 1)" "$T/err" &&
	ok "a scan without WRITE=1 does not wait for the lock" || fail "scan under the lock: exit $rc: $(cat "$T/err")"
SG_NOWAIT=1 viamake "$m" WRITE=1
grep -q "$SG_CACHE is in use by pid $holder; SG_NOWAIT=1" "$T/err" && cmp -s "$facts" "$T/facts.was" &&
	ok "WRITE=1 takes the cache's lock: refused while it is held (SG_NOWAIT=1), the facts unchanged" ||
	fail "WRITE=1 under the lock: exit $rc: $(cat "$T/err")"
echo > "$T/release"
wait $holder

# Bad input: named, exit 2, the facts unchanged.
bad() {
	what=$1 want=$2
	shift 2
	run "$@"
	[ $rc = 2 ] && grep -qF -- "$want" "$T/err" && ok "$what refused" || fail "$what: exit $rc: $(cat "$T/err")"
	cmp -s "$facts" "$T/facts.was" || fail "$what changed the facts"
}
WRITE=1 bad "not a repository" "UPSTREAM=$T/conf: not a git repository" "$T/conf" 9.9
WRITE=1 bad "no such revision" "no such revision" "$m@v11" 9.9
TREE_9_9="$s@v9.9.7" WRITE=1 bad "no such stable tag" "has no revision v9.9.7" "$m" 9.9
g "$m" tag -d v9.9 >/dev/null
WRITE=1 bad "no series tag" "has no tag v9.9" "$m" 9.9
g "$m" tag v9.9 "$A~1"

# WRITE=1 with A carried by a patch and no stable history: A and B
# recorded, and the guard then refuses 9.9 for the missing B.
g "$m" format-patch -q -1 --stdout "$A" |
	awk -v id="$A" '!done && /^$/ { print; print "commit " id " upstream."; done = 1; next } { print }' \
	> "$T/conf/p/0001-a.patch"
echo 0001-a.patch > "$T/conf/p/series"
rm "$T/conf/p/0001-b.patch"
WRITE=1 run "$m" 9.9
cat "$T/out" "$T/err"
grep -q "no stable history" "$T/err" && ok "without a stable history it says so" || fail "no word on the base"
[ $rc = 1 ] && grep -q "recorded $(short $B)" "$T/out" && grep -q "recorded $(short $A)" "$T/out" && grep -q "recorded $(short $C)" "$T/out" &&
	ok "WRITE=1 recorded A and B" || fail "WRITE=1: exit $rc"
head -c "$(wc -c < "$T/facts.was")" "$facts" | cmp -s - "$T/facts.was" && ok "the facts' old text kept" || fail "facts rewritten"
"$SGCONF" "$SG_BRANCHES" guard 9.9 > "$T/guard" 2>&1
[ $? = 1 ] && grep -q "guard: 9.9 carries $(short $A) .* without $(short $B)" "$T/guard" &&
	ok "the guard refuses 9.9 without B" || fail "guard: $(cat "$T/guard")"
"$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null 2>&1 || fail "lint: $("$SGCONF" "$SG_BRANCHES" lint 9.9 2>&1)"
done_testing
