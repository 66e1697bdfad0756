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

# The plan answers from the file, and unknown names are errors.  A
# variant's expect: lists only what must FAIL (bad-expect-pass.yaml: a
# PASS written out is refused, bad-unknown-check.yaml: so is a check not
# in checks:); every check it leaves out, and every check of a variant
# without one, is PASS in the plan.
mkdir -p "$T/plan"
"$SGCONF" good.yaml plan "$T/plan" 9.9 || fail "plan of good.yaml"
got=$(for v in base unfixed; do for c in raid0-map ext4-es-delayed; do
	printf '%s/%s=%s ' $v $c "$("$RUNFILE" list --where variant=$v --where check=$c "$T/plan/plan" expected)"
	done; done)
[ "$got" = "base/raid0-map=PASS base/ext4-es-delayed=PASS unfixed/raid0-map=PASS unfixed/ext4-es-delayed=FAIL " ] &&
	ok "plan: FAIL as listed, PASS by rule" || fail "plan: $got"
[ "$("$RUNFILE" list --where kind=check "$T/plan/plan" branch | sort -u | tr '\n' ' ')" = \
	"variant/9.9/base variant/9.9/unfixed " ] && ok "plan: each row's branch" ||
	fail "plan branches: $(cat "$T/plan/plan")"
# A mutant boots the checks of the paths it breaks (paths: groups with a
# check its expect: lists); the others are planned SKIP, not run.
mkdir -p "$T/plan61"
"$SGCONF" "$SG_ROOT/branches.yaml" plan "$T/plan61" 6.1 || fail "plan of 6.1"
p61() { "$RUNFILE" list --where variant="$1" --where check="$2" "$T/plan61/plan" expected run; }
[ "$(p61 regress-raid1-faulty-write md-redundancy)" = "FAIL yes" ] &&
	[ "$(p61 regress-raid1-faulty-write md-write-errors)" = "FAIL yes" ] &&
	[ "$(p61 regress-raid1-faulty-write raid0-map)" = "SKIP no" ] &&
	[ "$(p61 regress-raid0-split raid0-discard)" = "PASS yes" ] &&
	[ "$(p61 regress-raid0-split md-redundancy)" = "SKIP no" ] &&
	[ -z "$("$RUNFILE" list --where variant=base --where run=no "$T/plan61/plan" check)" ] &&
	ok "plan: a mutant boots the checks of the paths it breaks, the base every check" ||
	fail "plan of 6.1's mutants: $(grep regress-raid1 "$T/plan61/plan")"
"$SGCONF" good.yaml plan "$T/plan" 9.9 9.7 2>"$T/err" && fail "a plan of an unknown series made"
grep -qx 'good.yaml: no series "9.7" (its series: 9.9)' "$T/err" &&
	ok "an unknown series named, with the known ones" || fail "unknown series: $(cat "$T/err")"
"$SGCONF" good.yaml validate 9.9 && ! "$SGCONF" good.yaml validate 9.9 8.8 2>/dev/null &&
	ok "validate SERIES: the series named are known" || fail "validate SERIES"
[ "$("$RUNFILE" list --where series=9.9 "$T/plan/series" tarball)" = linux-9.9.1.tar.xz ] &&
	ok "facts: the series" || fail "facts: $(cat "$T/plan/series")"
"$SGCONF" "$SG_ROOT/branches.yaml" facts "$T/plan" || fail "facts of branches.yaml"
fact() { "$RUNFILE" list --where series="$1" "$T/plan/series" "$2"; }
[ "$(fact 3.19 compiler)" = gcc-12 ] && ok "compiler from defaults:" || fail "no compiler from defaults:"
[ "$(fact 3.19 config)" = prove/kconfig/base.config ] &&
	[ "$(fact 6.1 config)" = "prove/kconfig/base.config prove/kconfig/multiuser.config prove/kconfig/virtio-menu.config prove/kconfig/io-uring.config prove/kconfig/hugetlb.config" ] &&
	ok "config fragments as a list" || fail "config: $(fact 6.1 config)"
[ "$("$RUNFILE" list --where series=3.19 --where variant=unfixed "$T/plan/variants" fixes)" = false ] &&
	ok "facts: the variants" || fail "variants: $(cat "$T/plan/variants")"

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
