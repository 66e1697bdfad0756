# The matrix as a pipeline, on a stand-in kernel tree and a stand-in QEMU:
# a variant's guest runs while the next variant builds, guests run side by
# side, and the rows still come in the order of branches.yaml when a later
# guest finishes first.  Build progress lines name the step and n/N.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
mkdir -p "$SG_CACHE/tarballs"
events="$T/events"
export EVENTS="$events"

standin_tree 9.9.1

# The order is made by events, not by sleeps, so that a loaded machine
# cannot turn it: fast's build waits for slow's guest to start, and slow's
# guest for fast's to end.  A matrix that does not overlap them waits out
# the 60 s and fails the order checks below.  In the first run each build
# also lasts until it has said how far it is (PROGRESS_IN: the matrix's
# stderr); the later runs' builds take no time.
cat > "$T/wait-for" <<'SH'
#!/bin/sh
# wait-for TEXT [FILE]: until FILE ($EVENTS) holds TEXT, 60 s at most.
i=0
while ! grep -q "$1" "${2:-$EVENTS}" 2>/dev/null && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
SH
cat > "$T/build-hook" <<'SH'
#!/bin/sh
[ -n "${PROGRESS_IN:-}" ] || exit 0
"$WAIT_FOR" "build 9.9/$1: " "$PROGRESS_IN"
[ "$1" != fast ] || "$WAIT_FOR" "guest-start slow"
SH
chmod +x "$T/wait-for" "$T/build-hook"
export WAIT_FOR="$T/wait-for" SG_STANDIN_HOOK="$T/build-hook"

# A QEMU whose guest for "slow" ends only after "fast"'s.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
echo "guest-start $k $(date +%s.%N)" >> "$EVENTS"
[ "$k" = slow ] && "$WAIT_FOR" 'guest-end fast'
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map PASS seed=1 arrays=1 %s\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' "$k" >> "$log"
echo "guest-end $k $(date +%s.%N)" >> "$EVENTS"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_GUESTS=2 SG_TICK=1

{ standin_head; standin_entry 9.9 9.9.1 p/series slow:true:PASS fast:true:PASS; } > "$SG_BRANCHES"

PROGRESS_IN="$T/err" "$SG_ROOT/prove/matrix.sh" "$T/run" /dev/null 2>"$T/err" ||
	fail "matrix.sh exited $?: $(cat "$T/err")"
at() { awk -v e="$1" -v k="$2" '$1 == e && $2 == k { print $3 }' "$events"; }
before() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
before "$(at guest-start slow)" "$(at build-end fast)" &&
	ok "slow's guest ran while fast built" || fail "no overlap: $(cat "$events")"
before "$(at guest-end fast)" "$(at guest-end slow)" ||
	fail "the stand-in did not make fast finish first: $(cat "$events")"
tsv_where "$T/run/results.tsv" '{ printf "%s ", c["variant"] }' | grep -qx "slow fast " &&
	ok "rows in the order of branches.yaml, not of finishing" || fail "rows: $(cat "$T/run/results.tsv")"
grep -q '\[1/2\] 9.9/slow: build (no figures yet: the first run)' "$T/err" &&
	grep -q '\[2/2\] 9.9/fast: guest' "$T/err" && ok "progress lines with n/N and time left" ||
	fail "progress: $(cat "$T/err")"
grep -q '^\[1/2\] build 9.9/slow: 1 objects compiled (the first build of this tree: no total yet), [0-9]*s$' "$T/err" &&
	grep -q '^\[2/2\] build 9.9/fast: 1 of 1 objects compiled' "$T/err" &&
	ok "a build says how far it is while it runs" || fail "no build progress: $(cat "$T/err")"
[ "$(cat "$SG_CACHE/build/9.9/images/slow/bzImage")" = slow ] &&
	[ "$(cat "$SG_CACHE/build/9.9/images/fast/bzImage")" = fast ] &&
	[ "$(ls "$SG_CACHE/build/9.9")" = "images
kbuild" ] && ok "one build folder for the series, each variant's bzImage kept" ||
	fail "build folders: $(ls -R "$SG_CACHE/build/9.9")"
# Again, nothing changed: no build, the kept bzImages boot.
: > "$events"
"$SG_ROOT/prove/matrix.sh" "$T/again" /dev/null 2>"$T/aerr" || fail "second run exited $?: $(cat "$T/aerr")"
! grep -q build-start "$events" && grep -q 'guest-start slow' "$events" &&
	grep -q '^stableguard: \[2/2\] 9.9/fast: unchanged since its last build ([0-9a-f]\{12\} and the same config and compiler; its bzImage checked against the stamp): kept, not built$' "$T/aerr" &&
	ok "an unchanged variant is not built again: its kept bzImage boots" ||
	fail "second run: $(cat "$events" "$T/aerr")"
# A kept bzImage damaged under its unchanged stamp (a full disk, a crash
# during the copy) is not trusted: it is built again, and the run says so.
printf 'fa' > "$SG_CACHE/build/9.9/images/fast/bzImage"
: > "$events"
"$SG_ROOT/prove/matrix.sh" "$T/damaged" /dev/null 2>"$T/derr" || fail "run after the damage exited $?"
[ "$(grep -c build-start "$events")" = 1 ] && grep -q 'build-start fast' "$events" &&
	grep -q '9.9/fast: its kept bzImage is not the one built (sha256 [0-9a-f]*): damaged since, built again' "$T/derr" &&
	[ "$(cat "$SG_CACHE/build/9.9/images/fast/bzImage")" = fast ] &&
	ok "a damaged kept bzImage is built again, and the run says so" ||
	fail "damaged image: $(cat "$events" "$T/derr")"
ls "$SG_CACHE/build/9.9/images/fast" | grep -q new &&
	fail "a .new file left beside the kept image: $(ls "$SG_CACHE/build/9.9/images/fast")"
# A fix added to the series changes both variants' sources: both build.
git init -q "$T/fix" && cp -r "$T/linux-9.9.1/." "$T/fix/" && git -C "$T/fix" add -A &&
	git -C "$T/fix" -c user.name=t -c user.email=t@t commit -qm base &&
	echo 'int fixed;' > "$T/fix/fix.c" && git -C "$T/fix" add fix.c &&
	git -C "$T/fix" -c user.name=t -c user.email=t@t commit -qm 'md: a fix' &&
	git -C "$T/fix" format-patch -q -1 --stdout > "$T/conf/p/fix.patch" &&
	echo fix.patch > "$T/conf/p/series" || fail "cannot make the stand-in fix"
: > "$events"
"$SG_ROOT/prove/matrix.sh" "$T/fixed" /dev/null 2>/dev/null || fail "run with the fix exited $?"
[ "$(grep -c build-start "$events")" = 2 ] && ok "a changed patch set builds the variants it changes" ||
	fail "after the fix: $(cat "$events")"
# A changed config fragment is a change: both build again.
echo '# a comment changes the fragment' >> "$T/conf/base.config"
: > "$events"
"$SG_ROOT/prove/matrix.sh" "$T/changed" /dev/null 2>/dev/null || fail "third run exited $?"
[ "$(grep -c build-start "$events")" = 2 ] && ok "a changed config fragment builds every variant again" ||
	fail "after the fragment changed: $(cat "$events")"
SG_REBUILD=1 SG_BUILD_FOLDERS=variant "$SG_ROOT/prove/matrix.sh" "$T/pv" /dev/null 2>"$T/verr" ||
	fail "matrix.sh with a folder per variant exited $?: $(cat "$T/verr")"
grep -q '^stableguard: \[2/2\] 9.9/fast: build folder seeded from slow$' "$T/verr" &&
	[ -f "$SG_CACHE/build/9.9/fast/obj/a.o" ] &&
	[ "$(cat "$SG_CACHE/build/9.9/images/fast/bzImage")" = fast ] &&
	ok "SG_BUILD_FOLDERS=variant: a variant's first build starts from a copy of the series' built folder" ||
	fail "no seeding: $(cat "$T/verr")"
[ -s "$SG_CACHE/timings/9.9/slow.build" ] && [ -s "$SG_CACHE/timings/9.9/fast.guest" ] &&
	ok "figures kept for the next estimate" || fail "no timings"
# The next run estimates from this one's figures.
"$SG_ROOT/prove/matrix.sh" "$T/run2" /dev/null 2>"$T/err2" || fail "second run exited $?"
grep -q '\[1/2\] 9.9/slow: build (about [0-9]*s left by the last run)' "$T/err2" &&
	ok "the second run says how long is left" || fail "no estimate: $(cat "$T/err2")"
done_testing
