# Every patch set lints clean without the kernel trees, each patch applies
# with git apply --check to the preimage its own hunks describe, and the
# lint catches the mistakes it is there for.
. "$SG_ROOT/tests/common.sh"
pre="$T/preimage"

series_n=$("$SGCONF" "$SG_ROOT/branches.yaml" series | wc -l)
if "$SGCONF" "$SG_ROOT/branches.yaml" lint all "$pre" > "$T/lint.out" &&
	[ "$(grep -c 'well formed' "$T/lint.out")" = "$series_n" ] && [ "$series_n" -ge 8 ]; then
	ok "lint: every one of the $series_n series well formed"
else
	fail "lint: $(grep -c 'well formed' "$T/lint.out") of $series_n series well formed: $(cat "$T/lint.out")"
fi
# The preimage folders mirror backports/: <series>/[build-compat/|regress/]<patch>/.
# Every patch of every fix and compat list, and every mutant, must have one.
checked=0
for dir in "$pre"/*/*.patch "$pre"/*/build-compat/*.patch "$pre"/*/regress/*.patch; do
	[ -d "$dir" ] || continue
	rel=${dir#"$pre"/}
	if (cd "$dir" && git init -q . && git apply --check "$SG_ROOT/backports/$rel"); then
		ok "git apply --check $rel"
		checked=$((checked + 1))
	else
		fail "$rel does not apply to its own preimage"
	fi
done
want=$(ls "$SG_ROOT"/backports/*/0*.patch "$SG_ROOT"/backports/*/build-compat/0*.patch \
	"$SG_ROOT"/backports/*/regress/0*.patch | wc -l)
[ "$checked" -eq "$want" ] && ok "all $want patches checked against their preimage" ||
	fail "$checked of $want patches checked against their preimage"

# A broken copy of the 3.19 set: one fault per patch, and a stray file.
bad="$T/bad/3.19"
mkdir -p "$bad"
cp "$SG_ROOT"/backports/3.19/*.patch "$SG_ROOT/backports/3.19/series" "$bad/"
raid0="$bad/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch"
ext4="$bad/0002-ext4-fix-data-corruption-caused-by-unwritten-and-del.patch"
sed -i 's/^commit a81157768a00e8cf8a7b43b5ea5cac931262374f upstream.$/Upstream commit a81157768a00./' "$raid0"
sed -i '0,/^+\t\t    !(status & EXTENT_STATUS_WRITTEN) \&\&$/{//d}' "$ext4"
sed -i 's|^diff --git a/fs/ext4/inode.c b/fs/ext4/inode.c|diff --git a/fs/ext4/super.c b/fs/ext4/super.c|' "$ext4"
touch "$bad/0003-stray.patch"
# Headers that put a name or a date on code it does not belong to.
sed -i 's/^Date: .*/Date: Sun, 3 May 2015 00:00:00 +0000/' "$ext4"
sed 's/^From: .*/From: stableguard <stableguard@localhost>/' \
	"$SG_ROOT/backports/3.19/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch" \
	> "$bad/0004-own-code-as-backport.patch"
sed 's/^From: .*/From: Someone Else <someone@example.org>/' \
	"$SG_ROOT/backports/3.19/0002-ext4-fix-data-corruption-caused-by-unwritten-and-del.patch" \
	> "$bad/0005-misattributed.patch"
printf '0004-own-code-as-backport.patch\n0005-misattributed.patch\n' >> "$bad/series"
"$SGCONF" "$SG_ROOT/branches.yaml" lint 3.19 - "$bad/series" > "$T/bad.out" &&
	fail "broken set passed the lint"
# says OUT WANT...: the lint's output OUT says each WANT.
says() {
	out=$1
	shift
	for want; do
		grep -qF -- "$want" "$out" && ok "lint says: $want" ||
			fail "lint did not say \"$want\": $(cat "$out")"
	done
}
says "$T/bad.out" "0003-stray.patch: not listed in" \
	"must open with \"commit <40 hex digits> upstream.\"" \
	"touches fs/ext4/super.c, which its upstream commit does not" \
	"malformed hunk" \
	"but the upstream author date is Sat, 2 May 2015 21:36:55 -0400" \
	"written by this project, so \"Based on commit <id> upstream\"" \
	"From: Someone Else <someone@example.org>, but the upstream author is Lukas Czerner"
# Broken mutants of 6.1, in a copy of the tree's configuration: one
# posing as a backport, one of another author, one with a hunk cut short,
# and a stray file beside them.
mut="$T/mutants"
mkdir -p "$mut"
cp -r "$SG_ROOT/backports" "$SG_ROOT/branches.yaml" "$mut/"
ln -s "$SG_ROOT/prove" "$mut/prove"
r="$mut/backports/6.1/regress"
sed -i 's/^Puts the 3.14-4.0 stable bug back/commit 47d68979cc968535cb87f3e5f2e6a3533ea48fbd upstream.\n\n&/' \
	"$r/0001-regress-md-raid0-map-split-front-with-advanced-bio.patch"
sed -i 's/^From: .*/From: Someone Else <someone@example.org>/' "$r/0002-regress-md-raid0-discard-zone-from-advanced-bio.patch"
sed -i '0,/^-[^-]/{//d}' "$r/0003-regress-ext4-drop-written-extent-guard.patch"
touch "$r/0004-stray.patch"
"$SGCONF" "$mut/branches.yaml" lint 6.1 > "$T/mut.out" && fail "broken mutants passed the lint"
says "$T/mut.out" "0004-stray.patch: not listed in the regress: lists of 6.1's variants" \
	"0001-regress-md-raid0-map-split-front-with-advanced-bio.patch:7: a mutant backports nothing, but its body names upstream 47d68979cc968535cb87f3e5f2e6a3533ea48fbd" \
	"0002-regress-md-raid0-discard-zone-from-advanced-bio.patch: From: Someone Else <someone@example.org>, but a mutant is code this project wrote"
grep -q "0003-regress-ext4-drop-written-extent-guard.patch:.*malformed hunk\|0003-regress-ext4-drop-written-extent-guard.patch: .*cut short" "$T/mut.out" &&
	ok "a mutant's broken hunk is named" || fail "broken mutant hunk: $(cat "$T/mut.out")"
# A stable maintainer's sign-off on a series no stable release of which
# shipped the patch: 4.0.5's raid0 patch, as it was, planted into 3.19.
signed="$T/signed/3.19"
mkdir -p "$signed"
cp "$SG_ROOT"/backports/3.19/*.patch "$SG_ROOT/backports/3.19/series" "$signed/"
cp "$SG_ROOT/backports/4.0/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch" "$signed/"
"$SGCONF" "$SG_ROOT/branches.yaml" lint 3.19 - "$signed/series" > "$T/signed.out" &&
	fail "a 3.19 patch with a stable sign-off passed the lint"
want="$signed/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch:23: Signed-off-by: Greg Kroah-Hartman <gregkh@linuxfoundation.org>, but no 3.19 stable release carried a81157768a00"
grep -qF "$want" "$T/signed.out" && ok "lint refuses a stable sign-off 3.19 never shipped, naming the file" ||
	fail "sign-off not refused: $(cat "$T/signed.out")"
[ "$(grep -c '^lint: ' "$T/signed.out")" -eq 1 ] && ok "and nothing else in that set" ||
	fail "more than the sign-off: $(cat "$T/signed.out")"
# The same patch in 4.0, whose 4.0.5 shipped it, is clean.
"$SGCONF" "$SG_ROOT/branches.yaml" lint 4.0 > /dev/null && ok "4.0.5's sign-off stands in 4.0" ||
	fail "4.0 refused"
# One recogniser of the upstream commit (patchfile.c), which the shell
# asks through quiltmail upstream: every form stable patches use, and
# lines that only look like one.
raid0="$SG_ROOT/backports/3.19/0001-md-raid0-fix-restore-to-sector-variable-in-raid0_mak.patch"
full=a81157768a00e8cf8a7b43b5ea5cac931262374f
for form in $UPSTREAM_FORMS; do
	cp "$raid0" "$T/$form.patch"
	upstream_form "$form" "$T/$form.patch"
	want=$full
	case $form in plain | based) want=a81157768a00 ;; esac
	[ "$("$QUILTMAIL" upstream "$T/$form.patch")" = "$want $T/$form.patch" ] &&
		ok "quiltmail upstream reads \"$(grep -m 1 "commit $want" "$T/$form.patch")\"" ||
		fail "$form form: $("$QUILTMAIL" upstream "$T/$form.patch" 2>&1)"
done
not_named() {	# not_named WHAT SED-SCRIPT
	sed "$2" "$raid0" > "$T/not.patch"
	[ -z "$("$QUILTMAIL" upstream "$T/not.patch")" ] && ok "names no upstream commit: $1" ||
		fail "$1 taken as $("$QUILTMAIL" upstream "$T/not.patch")"
}
not_named "an abbreviated id where 40 hex are due" "s/^commit $full upstream.\$/commit a81157768a00 upstream./"
not_named "upper-case hex" "s/^commit $full upstream.\$/Upstream commit A81157768A00/"
not_named "an opening form further down" "s/^commit $full upstream.\$/Fixes a hang.\n\nUpstream commit $full/"
not_named "a longer word" "s/^commit $full upstream.\$/commit $full upstreamed./"
"$QUILTMAIL" upstream "$raid0" "$T/nothere.patch" > /dev/null 2> "$T/qm.err" &&
	fail "quiltmail upstream read a missing patch" ||
	{ grep -qF "$T/nothere.patch: cannot open" "$T/qm.err" && ok "a missing patch named" || fail "$(cat "$T/qm.err")"; }
done_testing
