# make bisect on a stand-in kernel history (a Makefile whose bzImage is
# kernel.c without its comments) and a stand-in QEMU (a FAIL when the
# image says BUG): the first bad commit is named in few boots, a commit
# that breaks the build is skipped, not blamed, a comment-only commit is
# reused, not booted, the culprit is verified three ways, a flaky check
# is caught with BISECT_TRIES=3, FIXED=1 finds a fix, an interrupt leaves
# the user's repository as it was, and a failing step leaves as a repro
# folder whose run.sh prints the failing line.
. "$SG_ROOT/tests/common.sh"
standin_series
mkdir -p "$SG_CACHE/bin" "$T/path"
cp "$SGCONF" "$LOGREAD" "$RUNFILE" "$(dirname "$LOGREAD")/bisectmd" "$SG_CACHE/bin/"
sed -i 's/compiler: gcc-12/compiler: gcc/' "$SG_BRANCHES"
printf 'initrd\n' > "$T/initrd"

# The stand-in QEMU: FAIL when the image says BUG (BUG-FLAKY: only for a
# seed divisible by 3); SLOW makes it wait for an interrupt.
cat > "$T/path/qemu-system-x86_64" <<'SH'
#!/bin/sh
for a; do
	case $a in
	file:*) log=${a#file:} ;;
	*sg_seed=*) seed=$(echo "$a" | sed 's/.*sg_seed=\([0-9]*\).*/\1/') ;;
	esac
	[ "${prev:-}" = -kernel ] && k=$a
	prev=$a
done
[ -n "${SLOW:-}" ] && { echo $$ > "$SLOW"; sleep 30; }
r="PASS seed=$seed arrays=1"
grep -q '^BUG$' "$k" && r="FAIL seed=$seed 1 of 8 sectors misplaced; first: array sector 77"
grep -q '^BUG-FLAKY$' "$k" && [ $((seed % 3)) = 0 ] && r="FAIL seed=$seed first: array sector 9"
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map %s\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' "$r" >> "$log"
SH
chmod +x "$T/path/qemu-system-x86_64"
export PATH="$T/path:$PATH" SG_ACCEL=tcg

# The history: a tree whose make gives its *.c without // lines, and
# fails on a line "syntax error".  Each commit adds or removes a file of
# its own, so that any of them reverts cleanly.
user="$T/user"
mkdir -p "$user/scripts/kconfig"
cat > "$user/Makefile" <<'MK'
kernelversion:
	@echo 9.9.1
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@! grep -q '^syntax error' *.c || { echo 'broken.c:1: error: syntax error' >&2; exit 1; }
	@mkdir -p $(O)/arch/x86/boot
	@cat *.c | grep -v '^//' > $(O)/arch/x86/boot/bzImage
	@stat -c %.9Y compat.h >> $(O)/compat-times
MK
printf '#!/bin/sh\n' > "$user/scripts/kconfig/merge_config.sh"
chmod +x "$user/scripts/kconfig/merge_config.sh"
echo 'int x;' > "$user/base.c"
echo 'old' > "$user/compat.h"
ug() { git -C "$user" -c user.name=stableguard -c user.email=stableguard@localhost "$@"; }
ug init -q
ug add -A && ug commit -q -m "9.9.1" && ug tag v9.9.1
# A build-compat patch to compat.h, which every step applies on top.
cp -r "$user" "$T/compat-src" && echo new > "$T/compat-src/compat.h" &&
	git -C "$T/compat-src" -c user.name=stableguard -c user.email=stableguard@localhost \
		commit -qam "compat: new" && git -C "$T/compat-src" format-patch -q -1 --stdout > "$T/conf/p/compat.patch"
echo compat.patch > "$T/conf/p/compat"
sed -i 's|^    patches: \(.*\)$|    patches: \1\n    build-compat: p/compat|' "$SG_BRANCHES"
# commit SUBJECT FILE LINE [BODY]: FILE.c is added, holding LINE.
commit() {
	echo "$3" > "$user/$2.c"
	ug add "$2.c" && ug commit -q -m "$1" ${4:+-m "$4"}
}
# uncommit SUBJECT FILE: FILE.c removed again.
uncommit() { ug rm -q "$2.c" && ug commit -q -m "$1"; }
# harmless FROM TO PREFIX: a string, then comments only (the same image).
harmless() {
	i=$1
	commit "$3: harmless string $i" "$3s$i" "char $3s$i[] = \"$i\";"
	while [ $((i += 1)) -le $2 ]; do
		commit "$3: harmless comment $i" "$3c$i" "// comment $i"
	done
}
# The build breaks at the middle of the range, where git bisect looks
# first, and the mutant comes after it is mended.
harmless 1 4 a
harmless 5 8 b
commit "broken build" broken "syntax error"
broken=$(ug rev-parse --short=12 HEAD)
uncommit "build fixed" broken
commit "md/raid0: the mutant" bug BUG "commit 47d68979cc968535cb87f3e5f2e6a3533ea48fbd upstream."
mutant=$(ug rev-parse --short=12 HEAD)
harmless 9 15 c
ug tag v9.9.2
n=$(ug rev-list --count v9.9.1..v9.9.2)
head_before=$(ug rev-parse HEAD) refs_before=$(ug for-each-ref | sha1sum)
export TREE="$user" SG_SEED=3

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

# Flaky: only one seed in three fails; three boots a step catch it.
git -C "$user" checkout -q -b flaky v9.9.1
harmless 1 6 f
commit "md/raid0: the flaky mutant" flaky BUG-FLAKY
flaky=$(ug rev-parse --short=12 HEAD)
harmless 7 12 g
SG_SEED=4 BISECT_TRIES=3 "$SG_ROOT/maintain/bisect.sh" "$T/flaky" "$T/initrd" 9.9 v9.9.1 flaky raid0-map \
	>"$T/fout" 2>&1
grep -q "^- commit $flaky" "$T/fout" && grep -q 'PASS@4,PASS@5,FAIL@6' "$T/flaky/steps.tsv" &&
	ok "BISECT_TRIES=3 catches the check that fails one seed in three" || fail "flaky: $(cat "$T/fout")"

# FIXED=1: from broken to fixed, the first commit that passes.
git -C "$user" checkout -q -b fixes "$mutant"
harmless 1 5 h
uncommit "md/raid0: the fix" bug
fix=$(ug rev-parse --short=12 HEAD)
harmless 6 10 k
FIXED=1 "$SG_ROOT/maintain/bisect.sh" "$T/fixed" "$T/initrd" 9.9 "$mutant" fixes raid0-map >"$T/xout" 2>&1
grep -q "^- commit $fix" "$T/xout" && grep -q '^Verified: 3 of 3' "$T/xout" &&
	ok "FIXED=1 names the fix, verified" || fail "fixed: $(cat "$T/xout")"
git -C "$user" checkout -q master 2>/dev/null || git -C "$user" checkout -q main
head_before=$(ug rev-parse HEAD) refs_before=$(ug for-each-ref | sha1sum)

# Interrupted mid-step (TERM: a background job of sh ignores INT): the
# user's repository as it was, no guest left.
SLOW="$T/slow.pid" setsid "$SG_ROOT/maintain/bisect.sh" "$T/int" "$T/initrd" 9.9 v9.9.1 v9.9.2 raid0-map \
	>"$T/iout" 2>&1 &
pid=$!
until_true 20 test -s "$T/slow.pid"
kill -TERM -"$pid"
wait "$pid"
rc=$?
[ "$rc" = 130 ] && grep -q 'bisection interrupted' "$T/iout" && ok "an interrupted bisection says so and exits 130" ||
	fail "interrupted bisection exited $rc: $(cat "$T/iout")"
until_true 2 dead "$(cat "$T/slow.pid")" && ok "no guest left" || fail "the guest still runs"
[ "$(ug rev-parse HEAD)" = "$head_before" ] && [ "$(ug for-each-ref | sha1sum)" = "$refs_before" ] &&
	[ -z "$(ug status --porcelain)" ] && ! [ -e "$user/.git/BISECT_LOG" ] &&
	ok "the user's repository: HEAD, refs and work tree as they were" || fail "user repo changed"
wt="$SG_CACHE/bisect/src/9.9"
! git -C "$wt" bisect log >/dev/null 2>&1 && [ -z "$(git -C "$wt" status --porcelain)" ] &&
	ok "the cache's worktree is out of bisect mode" || fail "worktree still bisecting"
done_testing
