# make bisect for real, on the 6.1 tree 090 imported: a history of 18
# commits after compat/6.1 (harmless string and comment-only changes in
# init/calibrate.c, a commit that breaks the build and the one that mends
# it, the raid0-split mutant) is bisected to the mutant by raid0-map
# on real kernels in QEMU, in at most ceil(log2 18) + 3 = 8 boots with the
# verification; a comment-only commit takes the verdict of its identical
# bzImage; and the mutant's failing step, as a repro folder copied out of
# the project, boots with its run.sh and prints the same failing line.
# needs: kernel
. "$SG_ROOT/tests/common.sh"
. "$SG_ROOT/lib/sg.sh"
initrd="$SG_CACHE/image/initramfs.cpio"
[ -f "$initrd" ] || { echo "no $initrd: run through make check"; exit 1; }
sg_load_series 6.1
git -C "$SG_REPO" rev-parse -q --verify compat/6.1 >/dev/null || { echo "no compat/6.1: 090 makes it"; exit 1; }
command -v qemu-system-x86_64 >/dev/null || { echo "no qemu-system-x86_64"; exit 77; }

"$SG_ROOT/tests/bisect-history.sh" 6.1 bisect-test/6.1 \
	"$SG_ROOT/backports/6.1/regress/0001-regress-md-raid0-map-split-front-with-advanced-bio.patch" \
	> "$T/history" || { fail "bisect-history.sh"; done_testing; }
mutant=$(sed -n 's/^mutant //p' "$T/history") broken=$(sed -n 's/^broken //p' "$T/history")
n=$(git -C "$SG_REPO" rev-list --count compat/6.1..bisect-test/6.1)
refs_before=$(git -C "$SG_REPO" for-each-ref | sha1sum) head_before=$(git -C "$SG_REPO" rev-parse HEAD)

SG_SEED=7 "$SG_ROOT/maintain/bisect.sh" "$T/run" "$initrd" 6.1 compat/6.1 bisect-test/6.1 raid0-map \
	>"$T/out" 2>"$T/err" || fail "bisect.sh exited $?: $(tail -n 5 "$T/err")"
cat "$T/out"
grep -q "^- commit $mutant" "$T/out" && ok "the mutant is named among $n commits" ||
	fail "not the mutant $mutant: $(tail -n 20 "$T/err")"
grep -q '^Verified: 3 of 3' "$T/out" && ok "verified three ways" || fail "not verified"
boots=$(tail -n 1 "$T/out" | grep -o '[0-9]* boots' | cut -d' ' -f1)
limit=$(awk -v n="$n" 'BEGIN { l = 0; while (2 ^ l < n) l++; print l + 3 }')
[ -n "$boots" ] && [ "$boots" -le "$limit" ] && ok "$boots boots for $n commits (at most $limit)" ||
	fail "$boots boots, more than $limit"
# The history puts the broken build where git bisect's second step lands.
steps="$T/run/steps.tsv"
[ "$("$RUNFILE" count --where commit="$broken" "$steps")" -ge 1 ] &&
	[ "$("$RUNFILE" count --where commit="$broken" --where build=failed --where verdict=skip "$steps")" = \
	  "$("$RUNFILE" count --where commit="$broken" "$steps")" ] &&
	ok "the commit that breaks the build is met, and skipped" ||
	fail "the broken build $broken: $("$RUNFILE" get --where commit="$broken" "$steps" build verdict || echo not met)"
reused=$("$RUNFILE" get --where build^="reused " --where tries=- "$steps" commit build)
echo "$reused" | while read -r line; do
	eval "$line"
	[ "$build" != "reused $commit" ] && echo "$commit"
done | grep -q . && ok "a comment-only commit took its identical bzImage's verdict, not booted" ||
	fail "nothing reused: $(cat "$steps")"
[ "$(git -C "$SG_REPO" for-each-ref | sha1sum)" = "$refs_before" ] &&
	[ "$(git -C "$SG_REPO" rev-parse HEAD)" = "$head_before" ] &&
	ok "the cache's repository: refs and HEAD as they were" || fail "src/6.1 changed"

out=$("$SG_ROOT/maintain/repro.sh" "$T/run" "6.1/$mutant/raid0-map" 2>"$T/rerr") || fail "repro.sh: $(cat "$T/rerr")"
rm -rf "$T/away" && mkdir -p "$T/away" && cp -r "$out" "$T/away/r"
(cd / && env -i PATH=/usr/bin:/bin sh "$T/away/r/run.sh") > "$T/rout" 2>&1
cat "$T/rout"
grep -q 'same failing line as in the run' "$T/rout" && ok "the repro folder boots on its own: $(grep -F "$(cat "$T/away/r/expected-kind")" "$T/rout")" ||
	fail "run.sh: $(cat "$T/rout")"
git -C "$SG_REPO" branch -D bisect-test/6.1 >/dev/null
done_testing
