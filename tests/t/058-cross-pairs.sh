# The cross-era runner (prove/cross.sh) with a stand-in for QEMU:
# both guests get the pair's disk images, in order, as virtio drives; the
# writer's parameters and then the reader's reach the guest; the row (the
# join of the plan and what the pair left) names both series and kernels;
# a reader that is not run (its series had no
# tree) or a writer without a kernel gives SKIP or ERROR, not a verdict;
# images go when the outcome is the expected one and stay otherwise.
. "$SG_ROOT/tests/common.sh"
export SG_BRANCHES="$T/branches.yaml" SGCONF
ln -s "$SG_ROOT/backports" "$SG_ROOT/prove" "$SG_ROOT/maintain" "$SG_ROOT/lib" "$T/"
sed '/^cross:/,$d' "$SG_ROOT/branches.yaml" > "$SG_BRANCHES"
cat >> "$SG_BRANCHES" <<'YAML'
cross:
  geometry: {members: [100, 200, 300], chunk: 64}
  pairs:
    flips:
      write: {series: "6.1", layout: original}
      read: {series: "3.19", update: layout-alternate}
      expect: FAIL
    wrong:
      write: {series: "6.1", layout: original}
      read: {series: "3.19"}
      expect: PASS
    no-tree:
      write: {series: "6.1", layout: original}
      read: {series: "3.14"}
      expect: PASS
    no-kernel:
      write: {series: "4.0", layout: dangerous=alternate}
      read: {series: "3.19"}
      expect: PASS
    not-in-run:
      write: {series: "6.1", layout: original}
      read: {series: "6.12"}
      expect: PASS
YAML

# The stand-in records its drives and command line, and answers as the
# check would: the writer passes, the reader fails.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
for d in $drives; do echo "file=$d"; done >> "${log%.log}.drives"
echo "$append" > "${log%.log}.append"
case $append in
*sg_phase=write*) r="PASS seed=5 wrote 1 sectors" ;;
*) r="FAIL seed=5 1 of 2 sectors read back wrong; first: array sector 9" ;;
esac
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-layout\nSG-RESULT raid0-layout %s\nSG-END raid0-layout rc=0 secs=0.5\nSG-DONE\n' "$r" >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=5

run="$T/run"
mkdir -p "$run/kernels/6.1" "$run/kernels/3.19" "$run/kernels/3.14" "$run/kernels/4.0"
echo "$T/k61" > "$run/kernels/6.1/base"
echo "6.1.99 aaa" > "$run/kernels/6.1/.id"
echo "$T/k319" > "$run/kernels/3.19/fixed"
echo "3.19.8 bbb" > "$run/kernels/3.19/.id"
echo "SKIP 3.14: no tree" > "$run/kernels/3.14/.skip"
echo "4.0.2 ccc" > "$run/kernels/4.0/.id"
"$SGCONF" "$SG_BRANCHES" plan "$run" 6.1 3.19 3.14 4.0 || fail "sgconf plan"
"$RUNFILE" row --header policy strict=0 seed=5 tries=1 shard=1/1 > "$run/policy"
"$SG_ROOT/prove/cross.sh" "$run" "$T/initrd" 0 6.1 3.19 3.14 4.0 2>"$T/err" ||
	fail "cross.sh exited $?: $(cat "$T/err")"
# Only the pairs: the series' own rows are the matrix's, not run here.
grep -v '^check	' "$run/plan" > "$run/plan.pairs" && mv "$run/plan.pairs" "$run/plan"
"$REPORT" --join "$run" || fail "report --join"
tsv="$run/results.tsv"
row() {
	"$RUNFILE" list --where variant="$1" "$tsv" writer reader variant check expected observed \
		seconds kernel patchset seed complaint log reason kind
}

[ "$(($(wc -l < "$tsv") - 1))" = 4 ] && ok "4 rows: the pair whose reader is not in the run is left out" ||
	fail "rows: $(cat "$tsv")"
row flips | grep -q "^6.1 3.19 flips raid0-layout FAIL FAIL 0.5 6.1.99→3.19.8 aaa→bbb 5 - .*read.log .*array sector 9 pair$" &&
	ok "a row names both series, kernels, patch sets, the seed and the first bad sector" ||
	fail "flips: $(row flips)"
d="$run/cross/flips"
[ "$(cat "$d/write.drives")" = "file=$d/m0.img
file=$d/m1.img
file=$d/m2.img" ] && cmp -s "$d/write.drives" "$d/read.drives" &&
	ok "writer and reader get the same three images, in order" || fail "drives: $(cat "$d"/*.drives)"
grep -q "sg_checks=raid0-layout sg_seed=5 sg_phase=write sg_layout=original sg_chunk=64" "$d/write.append" &&
	grep -q "sg_phase=read sg_layout=original sg_update=layout-alternate" "$d/read.append" &&
	ok "the writer is told the layout, the reader the writer's layout and the update" ||
	fail "append: $(cat "$d"/*.append)"
[ ! -e "$d/m0.img" ] && [ -e "$run/cross/wrong/m0.img" ] &&
	[ "$(du -k "$run/cross/wrong/m2.img" | cut -f1)" -lt 300 ] &&
	ok "images removed after the expected outcome, kept (sparse) after another" ||
	fail "images: $(ls -ls "$run"/cross/*/)"
row no-tree | grep -q " SKIP .* SKIP 3.14: no tree pair$" && ! row no-tree | grep -q "3.14: SKIP" && ok "a reader without a tree: SKIP" ||
	fail "no-tree: $(row no-tree)"
row no-kernel | grep -q " ERROR .*4.0/fixed: no kernel" && ok "a writer without a kernel: ERROR, nothing booted" ||
	fail "no-kernel: $(row no-kernel)"
[ ! -d "$run/cross/no-kernel" ] || fail "a guest was booted for a pair without a kernel"
# A shard runs the pairs whose reader its shards file gives it (3.19
# here), and names the kernels they need, the writers' of other shards too.
{
	"$RUNFILE" header shards
	for sp in 6.1:1 3.19:2 3.14:1 4.0:1; do
		"$RUNFILE" row shards series="${sp%:*}" shard="${sp#*:}" cost=100 from=timings
	done
} > "$run/shards"
needs=$(SG_SHARD=2/2 "$SG_ROOT/prove/cross.sh" --needs "$run" 1 6.1 3.19 3.14 4.0 | tr '\n' ' ')
[ "$needs" = "6.1 base 3.19 fixed 6.1 base 3.19 fixed 4.0 fixed 3.19 fixed " ] &&
	ok "a shard names the kernels of the pairs whose reader it owns" || fail "--needs: $needs"
"$REPORT" "$run" > "$T/report"
grep -q "0 of 0 series run, 4 cross-era pairs, 1 of 3 outcomes as expected" "$T/report" &&
	ok "the report counts pairs apart from series" || fail "report: $(tail -n 3 "$T/report")"
done_testing
