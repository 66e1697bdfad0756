# The cross-era scenario for real, on 6.1 alone (what every machine has):
# one kernel writes a multi-zone RAID0 onto disk images and powers off,
# then boots again on the same images.  Assembled as written, every sector
# reads back (PASS); assembled with the other layout, the sectors past the
# first zone read back from the wrong member, and the check names one
# (FAIL); with the layout taken out of the superblock, the kernel refuses
# to assemble and says so (REFUSED).  Each is the check's own verdict.
# needs: kernel
. "$SG_ROOT/tests/common.sh"
initrd="$SG_CACHE/image/initramfs.cpio"
[ -f "$initrd" ] || { echo "no $initrd: run through make check"; exit 1; }
export SG_BRANCHES="$T/branches.yaml" SGCONF
ln -s "$SG_ROOT/backports" "$SG_ROOT/prove" "$SG_ROOT/maintain" "$SG_ROOT/lib" "$T/"
# The product's 6.1 series with its base variant only, one check, and
# three pairs of 6.1 with itself.
{
	echo "checks: [raid0-map]"
	sed -n '/^upstream:/p; /^defaults:/,/^$/p' "$SG_ROOT/branches.yaml"
	echo "series:"
	sed -n '/^  "6.1":/,/^    variants:/p' "$SG_ROOT/branches.yaml"
	cat <<'YAML'
      base: {fixes: true}
cross:
  geometry: {members: [4200, 12300, 12300, 16500], chunk: 64}
  pairs:
    as-written:
      write: {series: "6.1", layout: original}
      read: {series: "6.1"}
      expect: PASS
    other-layout:
      write: {series: "6.1", layout: original}
      read: {series: "6.1", update: layout-alternate}
      expect: FAIL
    layout-forgotten:
      write: {series: "6.1", layout: alternate}
      read: {series: "6.1", update: layout-unspecified}
      expect: REFUSED
YAML
} > "$SG_BRANCHES"
"$SGCONF" "$SG_BRANCHES" validate || { fail "stand-in branches.yaml"; done_testing; }

run="$T/run"
"$SG_ROOT/prove/matrix.sh" "$run" "$initrd" 6.1 || fail "matrix.sh exited $?"
"$REPORT" "$run" > "$T/report" && ok "all outcomes as expected" || fail "report: $(cat "$T/report")"
grep -q "1 of 1 series run, 3 cross-era pairs, 4 of 4 outcomes as expected; matrix OK" "$T/report" ||
	fail "summary: $(tail -n 1 "$T/report")"
tsv="$run/results.tsv"
# row PAIR: its columns by name.
row() { "$RUNFILE" list --where variant="$1" "$tsv" writer reader variant check expected observed reason; }
row as-written | grep -q "^6.1 6.1 as-written raid0-layout PASS PASS .*read [0-9]* sectors, each where the writer's original layout put it" &&
	ok "assembled as written: every sector where it was put" || fail "as-written: $(row as-written)"
row other-layout | grep -q " FAIL FAIL .*sectors read back wrong, every one as the alternate layout reads.*first: array sector [0-9]*: the writer put it on member" &&
	ok "assembled the other way: misplaced sectors named" || fail "other-layout: $(row other-layout)"
row layout-forgotten | grep -q " REFUSED REFUSED .*cannot assemble multi-zone RAID0" &&
	ok "no layout in the superblock: refused, in the kernel's words" || fail "layout-forgotten: $(row layout-forgotten)"
done_testing
