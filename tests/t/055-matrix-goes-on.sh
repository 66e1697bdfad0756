# The matrix driver on stand-in series: one whose tree does not build
# (both its variants), one whose tarball is missing, one whose patch does
# not apply, then one that builds and boots.  Each failure is a row with
# its reason and said on stderr, the series after them still build and
# boot (the last one PASSes), matrix.sh ends its run (exit 0, every row
# there) and the report fails it.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_conf
mkdir -p "$SG_CACHE/tarballs"

mk_tree() {	# mk_tree VERSION: a tarball whose "kernel" cannot build
	d="$T/linux-$1"
	mkdir -p "$d"
	printf 'kernelversion:\n\t@echo %s\n%%:\n\t@echo "no kernel here" >&2; exit 2\n' "$1" > "$d/Makefile"
	tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-$1.tar.xz" "linux-$1"
}
mk_tree 9.8.1
mk_tree 9.7.1
standin_tree 9.6.1
printf 'broken.patch\n' > "$T/conf/p/broken"
printf 'From: A <a@b>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nSubject: [PATCH] x\n\nx\n---\ndiff --git a/Makefile b/Makefile\n--- a/Makefile\n+++ b/Makefile\n@@ -1,1 +1,1 @@\n-no such line\n+other\n' > "$T/conf/p/broken.patch"
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
printf 'SG-BOOT 9.6.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map PASS seed=1 arrays=1\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg

{
	standin_head
	standin_entry 9.8 9.8.1 p/empty base:true:PASS other:false:FAIL
	standin_entry 9.9 9.9.1 p/empty base:true:PASS
	standin_entry 9.7 9.7.1 p/broken base:true:PASS
	standin_entry 9.6 9.6.1 p/empty base:true:PASS
} > "$SG_BRANCHES"

"$SG_ROOT/prove/matrix.sh" "$T/run" /dev/null 2>"$T/err"
rc=$?
tsv="$T/run/results.tsv"
cat "$tsv"
[ $rc = 0 ] && [ "$(tsv_where "$tsv" 1 | wc -l)" = 5 ] && ok "matrix.sh ends the run: exit 0, all 5 rows" ||
	fail "matrix.sh exited $rc, rows: $(cat "$tsv" 2>&1); $(tail -n 20 "$T/err")"
# row SERIES VARIANT OBSERVED REASON-REGEX WHAT: that row, by column name.
row() {
	tsv_where "$tsv" 'c["series"] == s && c["variant"] == v && c["check"] == "raid0-map" &&
		c["observed"] == o && c["reason"] ~ r' s="$1" v="$2" o="$3" r="$4" | grep -q . &&
		ok "$1/$2: $5" || fail "$1/$2 row, wanted $3 /$4/: $(cat "$tsv")"
}
row 9.8 base ERROR "^build failed: " "build failure reported"
row 9.8 other ERROR "^build failed: " "the next variant built after a failed build, and reported"
row 9.9 base SKIP "wants linux-9.9.1.tar.xz in" "SKIP names the tarball"
row 9.7 base ERROR "broken.patch does not apply" "the failing patch named"
row 9.6 base PASS "" "built and booted after three failed series"
grep -q "9.8/base: build" "$T/err" && grep -q "9.8/other: build" "$T/err" &&
	grep -q "wants linux-9.9.1.tar.xz" "$T/err" && grep -q "broken.patch does not apply" "$T/err" &&
	grep -q "9.6/base: built in" "$T/err" && ok "each failure, and the build after them, said on stderr" ||
	fail "stderr: $(cat "$T/err")"
"$REPORT" "$T/run" >/dev/null && fail "report passed a run with errors" || ok "report fails the run"
done_testing
