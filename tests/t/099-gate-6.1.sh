# The gate for real, on 6.1 (what every machine has): a queue of
# stableguard's own in stable-queue's form (tests/queue-6.1/6.1.193: two
# comment changes and a planted regression, the 6.1 mutant
# regress-raid0-discard as a queue's patch) on 6.1.192.  Both kernels are
# built in the series' build folder, booted with every check, and
# compared: the discard checks regress, the others pass; the regression
# is bisected to the third patch and verified; the reply says so.  The
# queue without its third patch: no regression, a Tested-by.
# needs: kernel
. "$SG_ROOT/tests/common.sh"
initrd="$SG_CACHE/image/initramfs.cpio"
[ -f "$initrd" ] || { echo "no $initrd: run through make check"; exit 1; }
q="$T/queue-6.1.193"
cp -r "$SG_ROOT/tests/queue-6.1/6.1.193" "$q"

"$SG_ROOT/maintain/gate.sh" "$T/bad" "$initrd" 6.1 "$q" > "$T/bad.out" 2>&1
rc=$?
[ $rc = 1 ] && ok "the planted regression: exit 1" || fail "exit $rc: $(tail -n 20 "$T/bad.out")"
v() { "$RUNFILE" list --where check="$2" "$1/gate.tsv" verdict; }
for c in raid0-discard raid0-fs-discard fio-raid0 fio-ext4 md-ext4-io-paths; do
	[ "$(v "$T/bad" $c)" = regression ] || fail "$c: $(v "$T/bad" $c), not regression: $(cat "$T/bad/gate.md")"
done
[ "$(v "$T/bad" raid0-map)" = pass ] && [ "$(v "$T/bad" ext4-es-delayed)" = pass ] &&
	[ "$(v "$T/bad" ext4-io-paths)" = pass ] &&
	ok "the discard checks regress (md-ext4-io-paths too, a check written for no bug), raid0-map, ext4-es-delayed and ext4-io-paths pass" || fail "gate: $(cat "$T/bad/gate.md")"
[ "$("$RUNFILE" list "$T/bad/culprit" number verified)" = "003/003 verified" ] &&
	ok "bisected to the third patch, verified (it fails, its parent passes, the candidate without it passes)" ||
	fail "culprit: $(cat "$T/bad/culprit" 2>&1; tail -n 5 "$T/bad/bisect.out" 2>&1)"
grep -q '^Regressions found: 5 checks\.$' "$T/bad/reply.eml" &&
	grep -q '^Bisected to patch 003/003, md-raid0-take-a-split-discard-s-zone-from-the-advanced-bio.patch:$' "$T/bad/reply.eml" &&
	ok "the reply names the regressions and the patch" || fail "reply: $(cat "$T/bad/reply.eml")"

clean="$T/queue-6.1.194"
mkdir -p "$clean"
cp "$q"/ext4-*.patch "$q"/md-raid0-say-*.patch "$clean/"
grep -v -e '^#' -e take-a-split "$q/series" > "$clean/series"
"$SG_ROOT/maintain/gate.sh" "$T/good" "$initrd" 6.1 "$clean" > "$T/good.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -qx 'Tested-by: stableguard <stableguard@localhost>' "$T/good/reply.eml" &&
	ok "without it: no regression, a Tested-by" || fail "clean: exit $rc: $(tail -n 20 "$T/good.out")"
done_testing
