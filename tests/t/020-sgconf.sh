# branches.yaml validates; each bad file is refused with its file:line.
. "$SG_ROOT/tests/common.sh"

if "$SGCONF" "$SG_ROOT/branches.yaml" validate; then ok "branches.yaml"; else fail "branches.yaml"; fi
if "$SGCONF" "$SG_ROOT/tests/yaml/good.yaml" validate; then ok "good.yaml"; else fail "good.yaml"; fi

cd "$SG_ROOT/tests/yaml" || exit 1
for f in bad-*.yaml; do
	want=$(sed -n '1s/^# expect: //p' "$f")
	if "$SGCONF" "$f" validate 2>"$T/err"; then
		fail "$f was accepted"
	elif ! grep -qF -- "$want" "$T/err"; then
		fail "$f: wanted \"$want\", got: $(cat "$T/err")"
	else
		ok "$f"
	fi
done

# Queries answer from the file, and unknown names are errors.  A variant's
# expect: lists only what must FAIL (bad-expect-pass.yaml: a PASS written
# out is refused, bad-unknown-check.yaml: so is a check not in checks:);
# every check it leaves out, and every check of a variant without one,
# answers PASS.
got=$(for v in base unfixed; do for c in raid0-map ext4-es-delayed; do
	printf '%s/%s=%s ' $v $c "$("$SGCONF" good.yaml expect 9.9 $v $c)"; done; done)
[ "$got" = "base/raid0-map=PASS base/ext4-es-delayed=PASS unfixed/raid0-map=PASS unfixed/ext4-es-delayed=FAIL " ] &&
	ok "expect: FAIL as listed, PASS by rule" || fail "expect: $got"
"$SGCONF" good.yaml expect 9.9 nope raid0-map 2>/dev/null && fail "unknown variant accepted"
"$SGCONF" good.yaml expect 9.9 base no-such-check 2>/dev/null && fail "unknown check answered"
"$SGCONF" good.yaml shell 9.9 | grep -qx "SG_TARBALL='linux-9.9.1.tar.xz'" && ok "shell" || fail "shell"
"$SGCONF" "$SG_ROOT/branches.yaml" shell 3.19 | grep -qx "SG_COMPILER='gcc-12'" &&
	ok "compiler from defaults:" || fail "no compiler from defaults:"
"$SGCONF" "$SG_ROOT/branches.yaml" shell 3.19 | grep -qx "SG_CONFIG='prove/kconfig/base.config'" &&
	"$SGCONF" "$SG_ROOT/branches.yaml" shell 6.1 |
	grep -qx "SG_CONFIG='prove/kconfig/base.config prove/kconfig/multiuser.config prove/kconfig/virtio-menu.config'" &&
	ok "config fragments as a list" || fail "config: $("$SGCONF" "$SG_ROOT/branches.yaml" shell 6.1 | grep SG_CONFIG)"

# Cross-era pairs, under a header line naming the columns: each side's
# variant defaults to the first with the fixes and no mutant; the geometry
# to the cross: one.
"$SGCONF" "$SG_ROOT/branches.yaml" cross | head -n 1 |
	grep -qx "name	writer	writer_variant	writer_layout	reader	reader_variant	update	append	members	chunk	expect" &&
	ok "cross: a header line names the columns" || fail "cross header: $("$SGCONF" "$SG_ROOT/branches.yaml" cross | head -n 1)"
"$SGCONF" "$SG_ROOT/branches.yaml" cross |
	grep -qx "2014-layout-change	3.10	fixed	dangerous=original	3.19	fixed	-	-	4200,12300,12300,16500	64	FAIL" &&
	ok "cross pairs" || fail "cross: $("$SGCONF" "$SG_ROOT/branches.yaml" cross)"

# The checks branches.yaml names are the ones verify/ builds, one C file each.
listed=$("$SGCONF" "$SG_ROOT/branches.yaml" checks | sort | tr '\n' ' ')
built=$(cd "$SG_ROOT/verify" && ls *.c | sed 's/\.c$//' | sort | tr '\n' ' ')
[ "$listed" = "$built" ] && ok "checks: $listed" || fail "branches.yaml checks ($listed) != verify/*.c ($built)"
# fixed-by ID: the known fixes of an upstream commit, as bisect.sh asks.
"$SGCONF" "$SG_ROOT/branches.yaml" fixed-by 47d68979cc96 |
	grep -qx "a81157768a00e8cf8a7b43b5ea5cac931262374f	md/raid0: fix restore to sector variable in raid0_make_request	v4.1-rc5	fix" &&
	ok "fixed-by 47d68979cc96: a81157768a00" || fail "fixed-by: $("$SGCONF" "$SG_ROOT/branches.yaml" fixed-by 47d68979cc96 2>&1)"
"$SGCONF" "$SG_ROOT/branches.yaml" followups 47d68979cc96 >/dev/null 2>&1 &&
	fail "the old name followups still answers" || ok "followups is no sgconf question (the followups binary is the scan)"
done_testing
