# The matrix in shards, on a stand-in kernel tree and QEMU: shards own
# whole series, so with one series SHARD=1/2 runs both its variants and
# 2/2 none (test 062 splits two series); merge-runs.sh joins their run folders
# into the unsharded table, in order; a shard missing or a unit in two
# runs is refused by name, and so is a bad SHARD.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
standin_tree 9.9.1
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map PASS seed=1 arrays=1 %s\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' "$k" >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg
{ standin_head; standin_entry 9.9 9.9.1 p/series slow:true:PASS fast:true:PASS; } > "$SG_BRANCHES"
matrix() { "$SG_ROOT/prove/matrix.sh" "$@" /dev/null; }
variants() { tsv_where "$1/results.tsv" '{ printf "%s ", c["variant"] }'; }

matrix "$T/run" 2>"$T/err" || fail "the whole matrix exited $?: $(cat "$T/err")"
SHARD=1/2 matrix "$T/s1" 2>/dev/null || fail "shard 1 exited $?"
SHARD=2/2 matrix "$T/s2" 2>/dev/null || fail "shard 2 exited $?"
[ "$(variants "$T/s1")" = "slow fast " ] && [ "$(variants "$T/s2")" = "" ] &&
	ok "SHARD=1/2 ran the whole series, 2/2 nothing" || fail "shards: $(cat "$T/s1/results.tsv" "$T/s2/results.tsv")"
"$SG_ROOT/prove/merge-runs.sh" "$T/merged" "$T/s2" "$T/s1" || fail "merge exited $?"
cut -f1-5 "$T/merged/results.tsv" > "$T/m" && cut -f1-5 "$T/run/results.tsv" > "$T/w" && cmp -s "$T/m" "$T/w" &&
	ok "merged shards give the unsharded table, in order" || fail "merged: $(cat "$T/m")"
"$SG_ROOT/prove/merge-runs.sh" "$T/half" "$T/s2" 2>"$T/merr" && fail "a merge with a shard missing was made"
grep -q "no run has rows/001 (9.9/slow)" "$T/merr" && [ ! -e "$T/half" ] &&
	ok "a missing shard is named, nothing made" || fail "missing shard: $(cat "$T/merr")"
"$SG_ROOT/prove/merge-runs.sh" "$T/twice" "$T/s1" "$T/run" 2>"$T/merr" && fail "a unit in two runs was merged"
grep -q "rows/001 is in both" "$T/merr" && ok "a unit in two runs is refused" || fail "twice: $(cat "$T/merr")"
SHARD=3/2 matrix "$T/s3" 2>"$T/serr" && fail "SHARD=3/2 accepted"
grep -q "SHARD=3/2: want K/N" "$T/serr" && ok "a bad SHARD is refused" || fail "SHARD=3/2: $(cat "$T/serr")"
done_testing
