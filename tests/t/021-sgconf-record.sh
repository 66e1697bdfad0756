# sgconf record: the one writer of the upstream facts.  It appends an
# entry (comments stay), resolves Fixes: abbreviations, and on bad input
# says what is wrong and leaves the file byte for byte as it was.
. "$SG_ROOT/tests/common.sh"
standin_series
facts="$T/conf/upstream.yaml"
cp "$facts" "$T/was"
new=0123456789abcdef0123456789abcdef01234567

# unchanged WHAT: the facts file is what it was before WHAT.
unchanged() { cmp -s "$facts" "$T/was" && ok "$1: file unchanged" || fail "$1 changed the file"; }

# refused WHAT WANT ARGS...: exit 2, WANT on stderr, file unchanged.
refused() {
	what=$1 want=$2
	shift 2
	"$SGCONF" "$SG_BRANCHES" record "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] && grep -qF -- "$want" "$T/err" && ok "$what refused" ||
		fail "$what: exit $rc, wanted \"$want\", got: $(cat "$T/err")"
	unchanged "$what"
}

refused "short id" "0123456789ab: a commit id is 40" 0123456789ab kind=fix "subject=s" "author=a" "date=d" "release=r"
refused "upper-case id" "a commit id is 40" "$(echo $new | tr a-f A-F)" kind=fix "subject=s" "author=a" "date=d" "release=r"
refused "unknown key" '"colour=red": not key=value' $new kind=fix "subject=s" "author=a" "date=d" "release=r" colour=red
refused "bad kind" "kind=feature: must be fix, history or build-compat" $new kind=feature "subject=s" "author=a" "date=d" "release=r"
refused "missing release" "release= is missing" $new kind=fix "subject=s" "author=a" "date=d"
refused "short fixes" "fixes=47d6897: not 8 to 40" $new kind=fix "subject=s" "author=a" "date=d" "release=r" fixes=47d6897

# A Fixes: target that is no recorded commit (every Fixes: must be one):
# exit 3, each such id on stdout for the caller, nothing written.
"$SGCONF" "$SG_BRANCHES" record $new kind=fix subject=s author=a date=d release=r \
	fixes=47d68979cc96,deadbeefdead,0badc0de0bad >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 3 ] && [ "$(cat "$T/out")" = "deadbeefdead
0badc0de0bad" ] && grep -q "fixes=deadbeefdead: not a recorded commit" "$T/err" &&
	ok "unknown Fixes: exit 3, the ids on stdout" || fail "unknown Fixes: exit $rc: $(cat "$T/out" "$T/err")"
unchanged "unknown Fixes:"

# intake records a commit without the Fixes: the facts do not hold, and
# says which (the ids from sgconf's answer, not from its wording).
tmp="$T/intake" RELEASE=v9.9
mkdir -p "$tmp/e"
echo $new > "$tmp/e/id"
echo 'QM_FIXES=47d68979cc96,deadbeefdead QM_FILES=drivers/md/raid0.c' > "$tmp/e/info"
printf 'md: s\nA U Thor\nMon, 1 Jun 2015 00:00:00 +0000\n' > "$tmp/e/fact"
(. "$SG_ROOT/lib/sg.sh" && . "$SG_ROOT/maintain/intake-series.sh" && record_entry "$tmp/e") 2>"$T/err"
tr -d '"' < "$facts" | grep -A8 "id: $new" > "$T/entry"
grep -q "0123456789ab Fixes: deadbeefdead, not in the upstream facts: recorded without" "$T/err" &&
	grep -q 'fixes: \[47d68979cc968535cb87f3e5f2e6a3533ea48fbd\]' "$T/entry" &&
	ok "intake: recorded with the known Fixes: only, the unknown one named" ||
	fail "intake record: $(cat "$T/err" "$T/entry")"
cp "$T/was" "$facts"

# A good entry: quoted values, 8- and 12-hex Fixes: resolved, lists wrapped.
out=$("$SGCONF" "$SG_BRANCHES" record $new kind=fix "subject=md: a \"quoted\" \\ subject" \
	"author=Jane Doe" "date=Mon, 1 Jun 2015 10:00:00 +0200" release=v4.2-rc1 \
	fixes=a8115776,47d68979cc96 stable=4.0.5,3.19.9 \
	files=drivers/md/raid0.c,drivers/md/raid1.c,drivers/md/raid10.c,drivers/md/raid5.c,drivers/md/md.c)
[ "$out" = "recorded 0123456789ab" ] && ok "recorded: $out" || fail "stdout: $out"
head -c "$(wc -c < "$T/was")" "$facts" | cmp -s - "$T/was" && ok "the old text, comments and all, kept" ||
	fail "the old text changed"
grep -qF 'subject: "md: a \"quoted\" \\ subject"' "$facts" && ok "subject escaped" || fail "subject: $(grep subject: "$facts" | tail -n 1)"
tail -c +"$(( $(wc -c < "$T/was") + 1 ))" "$facts" > "$T/entry"
tr -d ' \n' < "$T/entry" | grep -qF 'fixes:["a81157768a00e8cf8a7b43b5ea5cac931262374f","47d68979cc968535cb87f3e5f2e6a3533ea48fbd"]' &&
	ok "fixes resolved to full ids" || fail "fixes: $(cat "$T/entry")"
[ "$(awk 'length > 80' "$T/entry" | wc -l)" = 0 ] && ok "lists wrapped" || fail "long lines: $(awk 'length > 80' "$T/entry")"
"$SGCONF" "$SG_BRANCHES" guard >/dev/null 2>&1; [ $? -le 1 ] && "$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null 2>&1 &&
	ok "the facts still load" || fail "the facts no longer load"

# Recorded already: a note, exit 0, no change.
cp "$facts" "$T/was"
"$SGCONF" "$SG_BRANCHES" record $new kind=history subject=x author=y date=z release=v9 >"$T/out" 2>"$T/err" &&
	grep -qx "0123456789ab is recorded already" "$T/err" && [ ! -s "$T/out" ] &&
	ok "recorded already" || fail "recorded already: $(cat "$T/out" "$T/err")"
unchanged "recorded already"

# Recorded already, with a stable release it lacks: the release added in
# place, whichever way the entry writes its stable: (none yet, a flow
# list, a block list); the rest of the file byte for byte; validated.
stable_of() {	# stable_of ID: the entry's stable: text, quotes and spaces gone
	awk -v id="$1" '/^  - id: / { on = ($3 == id || $3 == "\"" id "\"") } on' "$facts" |
		sed -n '/^    stable:/,/^    [a-z]/p' | tr -d '" \n'
}
add() {	# add WHAT ID WANT: stable=9.9.7 added to ID: WANT in its stable:, one line more
	cp "$facts" "$T/before"
	"$SGCONF" "$SG_BRANCHES" record "$2" kind=fix subject=s author=a date=d release=r \
		stable=9.9.7 >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 0 ] && grep -qx "recorded $(echo "$2" | cut -c1-12): stable 9.9.7 added" "$T/out" &&
		stable_of "$2" | grep -qF -- "$3" &&
		[ "$(diff "$T/before" "$facts" | grep -c '^[<>]')" -le 2 ] &&
		"$SGCONF" "$SG_BRANCHES" lint 9.9 >/dev/null 2>&1 &&
		ok "$1: $(diff "$T/before" "$facts" | grep '^>' | head -n 1)" ||
		fail "$1: exit $rc $(cat "$T/out" "$T/err"): $(diff "$T/before" "$facts")"
}
add "no stable: yet" 8ae94224c9d72fc4d9aaac93b2d7833cf46d7141 "stable:[9.9.7]"
add "a flow list" $new "stable:[4.0.5,3.19.9,9.9.7]"
add "a block list" 47d68979cc968535cb87f3e5f2e6a3533ea48fbd "raid0patch}-9.9.7"
cp "$facts" "$T/was"
"$SGCONF" "$SG_BRANCHES" record $new kind=fix subject=s author=a date=d release=r stable=9.9.7,4.0.5 >"$T/out" 2>"$T/err" &&
	grep -qx "0123456789ab is recorded already" "$T/err" && ok "every release there already: recorded already" ||
	fail "again: $(cat "$T/out" "$T/err")"
unchanged "releases it has"
"$SGCONF" "$SG_BRANCHES" record $new kind=fix subject=s author=a date=d release=r stable=next 2>"$T/err" &&
	fail "a stable release that is no release was added" || ok "stable=next refused: $(tail -n 1 "$T/err")"
unchanged "stable=next"

# A file whose commits: is not the last key: refused, unchanged.
printf 'commits: []\nnotes: x\n' > "$facts"
cp "$facts" "$T/was"
"$SGCONF" "$SG_BRANCHES" record $new kind=fix subject=s author=a date=d release=r 2>"$T/err" &&
	fail "appended after another key" || ok "appending after another key refused: $(tail -n 1 "$T/err")"
unchanged "commits: not last"
[ -z "$(ls "$T/conf" | grep '\.new\.')" ] && ok "no temporary file left" || fail "left: $(ls "$T/conf")"
done_testing
