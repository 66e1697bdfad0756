# The proof index: sgconf proofs prints the record's proven-by (the checks
# and fstests tests that fail without a fix), refusing a check
# branches.yaml does not have, named with its file and line; sgconf
# record writes proven-by for a new commit and refuses an unknown check.
# fixedby reads a stand-in fstests checkout: a plain tag, one over a
# backslash-newline, one for a file system only ([ "$FSTYP" = "btrfs" ]
# &&, [[ =~ ext[0-9]+ ]]), a test of tests/ext4/, another project's fix
# (left out), a comment that names the helper (left out), and a
# placeholder id (named with its file and line, skipped).
. "$SG_ROOT/tests/common.sh"

"$SGCONF" "$SG_ROOT/branches.yaml" proofs > "$T/record" &&
	[ "$(awk -F'\t' '$1 ~ /^d2dc317d564a/ { print $2 ":" $3 }' "$T/record" | paste -sd' ' -)" = \
	"check:ext4-es-delayed fstests:generic/086" ] &&
	[ "$(awk -F'\t' '$1 ~ /^a81157768a00/ { print $3 }' "$T/record" | paste -sd' ' -)" = \
	"raid0-map raid0-discard raid0-fs-discard fio-raid0 fio-ext4" ] &&
	ok "the record's proven-by: d2dc317d564a by ext4-es-delayed and generic/086, a81157768a00 by the raid0 checks" ||
	fail "sgconf proofs: $(cat "$T/record")"

# A copy of what branches.yaml names, to change.
mkdir -p "$T/prove"
cp -r "$SG_ROOT/branches.yaml" "$SG_ROOT/backports" "$T/"
cp -r "$SG_ROOT/prove/kconfig" "$T/prove/"
sed -i 's/checks: \[ext4-es-delayed\]/checks: [ext4-es-delayd]/' "$T/backports/upstream.yaml"
"$SGCONF" "$T/branches.yaml" proofs > "$T/out" 2> "$T/err"
[ $? = 2 ] && grep -q "upstream.yaml:[0-9]*:.*d2dc317d564a: proven-by: ext4-es-delayd is not a check of" "$T/err" &&
	ok "a proven-by check branches.yaml does not have: exit 2, file and line" || fail "bad check: $(cat "$T/err")"

sed 's/checks: \[ext4-es-delayd\]/checks: [ext4-es-delayed]/' "$T/backports/upstream.yaml" > "$T/u" && mv "$T/u" "$T/backports/upstream.yaml"
id=abcdefabcdefabcdefabcdefabcdefabcdefabcd
"$SGCONF" "$T/branches.yaml" record "$id" subject="ext4: a stand-in" author=A date="Mon, 4 May 2015 10:00:00 +0200" \
	release=v4.1 kind=fix checks=ext4-es-delayed fstests=generic/999 > "$T/out" 2>&1 &&
	"$SGCONF" "$T/branches.yaml" proofs | grep -qx "$id	fstests	generic/999	-	ext4: a stand-in" &&
	"$SGCONF" "$T/branches.yaml" proofs | grep -qx "$id	check	ext4-es-delayed	-	ext4: a stand-in" &&
	ok "sgconf record writes a new commit's proven-by" || fail "record: $(cat "$T/out"; tail -n 8 "$T/backports/upstream.yaml")"
"$SGCONF" "$T/branches.yaml" record bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb subject=s author=A date=D release=v4.1 \
	kind=fix checks=nosuch > "$T/out" 2>&1
[ $? = 2 ] && grep -q 'checks=nosuch: not a check of' "$T/out" && ! grep -q bbbbbbbbbbbb "$T/backports/upstream.yaml" &&
	ok "record refuses an unknown check, the file unchanged" || fail "record nosuch: $(cat "$T/out")"

f="$T/fstests"
mkdir -p "$f/tests/generic" "$f/tests/ext4" "$f/tests/btrfs"
printf '#! /bin/bash\n# FS QA Test 001\n_fixed_by_kernel_commit 0123456789ab "ext4: a fix"\n' > "$f/tests/generic/001"
printf '_fixed_by_kernel_commit 1111222233334444 \\\n\t"block: a fix over two lines"\n' > "$f/tests/generic/002"
printf '[ "$FSTYP" = "btrfs" ] && _fixed_by_kernel_commit aaaabbbbcccc \\\n\t"btrfs: only"\n' > "$f/tests/generic/003"
printf '[[ "$FSTYP" =~ ext[0-9]+ ]] && _fixed_by_kernel_commit ddddeeeeffff "ext4: regex"\n' > "$f/tests/generic/004"
printf '_fixed_by_git_commit xfsprogs 123412341234 "xfs_repair: not the kernel"\n# see _fixed_by_kernel_commit above\n_fixed_by_git_commit kernel 999988887777 "md: by git"\n' > "$f/tests/generic/005"
printf '_fixed_by_kernel_commit xxxxxxxxxxxx "a placeholder"\n' > "$f/tests/ext4/010"
printf '_fixed_by_kernel_commit 5555666677778888 "ext4: in tests/ext4"\n' > "$f/tests/ext4/011"
printf 'not a test\n' > "$f/tests/generic/group.list"
"$SG_CACHE/bin/fixedby" "$f" > "$T/fixed" 2> "$T/fixed.err"
cut -f1-4 "$T/fixed" > "$T/got"
printf '%s\n' "5555666677778888	ext4/011	ext4	ext4: in tests/ext4" \
	"0123456789ab	generic/001	-	ext4: a fix" \
	"1111222233334444	generic/002	-	block: a fix over two lines" \
	"aaaabbbbcccc	generic/003	btrfs	btrfs: only" \
	"ddddeeeeffff	generic/004	ext[0-9]+	ext4: regex" \
	"999988887777	generic/005	-	md: by git" > "$T/want"
cmp -s "$T/got" "$T/want" && grep -q "	$f/tests/generic/002:1$" "$T/fixed" &&
	ok "fixedby: each tag, its test, the file system it is for, its subject, its file and line" ||
	fail "fixedby: $(diff "$T/want" "$T/got")"
grep -qx "fixedby: $f/tests/ext4/010:1: xxxxxxxxxxxx: a placeholder, not a commit id: skipped" "$T/fixed.err" &&
	ok "a placeholder id: named with its file and line, skipped" || fail "placeholder: $(cat "$T/fixed.err")"
"$SG_CACHE/bin/fixedby" "$T/nowhere" > /dev/null 2> "$T/err"
[ $? = 2 ] && grep -q 'no tests folder' "$T/err" && ok "no fstests checkout: exit 2, named" || fail "nowhere: $(cat "$T/err")"
done_testing
