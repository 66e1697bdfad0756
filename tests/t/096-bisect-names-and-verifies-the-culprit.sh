# make bisect on a stand-in kernel history (tests/bisect-standin.sh: a
# Makefile whose bzImage is kernel.c without its comments) and a stand-in
# QEMU (a FAIL when the image says BUG): the first bad commit is named in
# few boots, the commit that breaks the build is visited and skipped, not
# blamed, a comment-only commit is reused, not booted, the culprit is
# verified three ways, and a failing step leaves as a repro folder whose
# run.sh prints the failing line.  098, 100 and 101 take the flaky check,
# FIXED=1 and the interrupt.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/tests/bisect-standin.sh"

"$SG_ROOT/maintain/bisect.sh" "$T/run" "$T/initrd" 9.9 v9.9.1 v9.9.2 raid0-map >"$T/out" 2>"$T/err" ||
	fail "bisect.sh exited $?: $(tail -n 5 "$T/err")"
grep -q "^- commit $mutant" "$T/out" && ok "the mutant is named among $n commits" ||
	fail "not the mutant $mutant: $(cat "$T/out" "$T/err")"
grep -q '^Verified: 3 of 3' "$T/out" && ok "verified: fails, parent passes, revert passes" ||
	fail "verification: $(grep -A3 Verified "$T/out")"
boots=$(grep -o '[0-9]* boots' "$T/out" | tail -n 1 | cut -d' ' -f1)
limit=$(awk -v n="$n" 'BEGIN { l = 0; while (2 ^ l < n) l++; print l + 3 }')
[ -n "$boots" ] && [ "$boots" -le "$limit" ] && ok "$boots boots for $n commits (at most $limit)" ||
	fail "$boots boots, more than $limit"
tsv_where "$T/run/steps.tsv" 'c["commit"] == id && c["build"] == "failed" && c["verdict"] == "skip"' \
	id="$broken" | grep -q . && ok "the commit that breaks the build is visited and skipped" ||
	fail "the broken build $broken was not visited, or not skipped: $(cat "$T/run/steps.tsv")"
tsv_where "$T/run/steps.tsv" \
	'c["role"] == "bisect" && c["build"] ~ /^reused / && c["build"] != "reused " c["commit"] && c["tries"] == "-"' |
	grep -q . &&
	ok "a comment-only commit takes the verdict of its identical bzImage, not booted" ||
	fail "nothing reused: $(cat "$T/run/steps.tsv")"
grep -q "first bad commit" "$T/run/bisect-run.out" && [ -s "$T/run/bisect.log" ] &&
	[ -s "$T/run/bisect.json" ] && [ -s "$T/run/bisect.md" ] && ok "bisect.md, bisect.json and git bisect log kept" ||
	fail "files missing"
grep -q 'array sector 77' "$T/run/bisect.md" && ok "the step table has the first bad sector" || fail "no first bad"
grep -q '^- backports upstream commit 47d68979cc968535cb87f3e5f2e6a3533ea48fbd' "$T/out" &&
	grep -q 'follow-up fix.*a81157768a00' "$T/out" &&
	grep -q 'make intake MBOX=<mbox of a81157768a00> SERIES=9.9 COMMIT=a81157768a00 RELEASE=v4.1' "$T/out" &&
	ok "the upstream commit it backports, its known fix and the intake line" ||
	fail "no upstream or follow-up: $(cat "$T/out")"
tail -n 1 "$T/out" | grep -q "^bisect 9.9 raid0-map: first bad commit $mutant" && ok "one summary line" ||
	fail "summary: $(tail -n 1 "$T/out")"
times="$SG_CACHE/bisect/build/9.9/steps/compat-times"
[ "$(wc -l < "$times")" -gt 2 ] && [ "$(sort -u "$times" | wc -l)" = 1 ] &&
	ok "the file build-compat patches keeps one time over $(wc -l < "$times") builds (kbuild compiles nothing again for it)" ||
	fail "compat.h times: $(cat "$times")"

# The build that broke is skipped, never blamed: bisect straight onto it.
ug tag b-good "$broken^" && ug tag b-bad "$broken"
"$SG_ROOT/maintain/bisect.sh" "$T/skip" "$T/initrd" 9.9 b-good b-bad raid0-map >"$T/sout" 2>&1
grep -q "^- commit $broken" "$T/sout" && fail "the broken build was blamed"
tsv_where "$T/skip/steps.tsv" 'c["build"] == "failed" && c["verdict"] == "skip" && c["note"] ~ /build failed/' |
	grep -q . &&
	ok "a build failure is skip, and the answer is not the commit" || fail "skip: $(cat "$T/sout")"
ug tag -d b-good b-bad >/dev/null

# A repro folder leaves the project and prints the failing line.
out=$("$SG_ROOT/maintain/repro.sh" "$T/run" "9.9/$mutant/raid0-map" 2>"$T/rerr") ||
	fail "repro.sh: $(cat "$T/rerr")"
mkdir -p "$T/away" && cp -r "$out" "$T/away/r"
for f in bzImage initramfs.cpio config seed patches.txt run.sh; do
	[ -f "$T/away/r/$f" ] || fail "repro folder has no $f"
done
(cd / && env -i PATH="$T/path:/usr/bin:/bin" sh "$T/away/r/run.sh") > "$T/rout" 2>&1 &&
	grep -q '^SG-RESULT raid0-map FAIL seed=3 .*array sector 77' "$T/rout" &&
	grep -q 'same failing line as in the run' "$T/rout" && ok "run.sh boots it elsewhere: $(grep '^SG-RESULT' "$T/rout")" ||
	fail "run.sh: $(cat "$T/rout")"

done_testing
