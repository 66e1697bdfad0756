# The matrix driver on stand-in series: one whose tree does not build, one
# whose tarball is missing, one whose patch does not apply.  Each is
# reported with its reason and the next one still runs; the report fails.
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
printf 'broken.patch\n' > "$T/conf/p/broken"
printf 'From: A <a@b>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nSubject: [PATCH] x\n\nx\n---\ndiff --git a/Makefile b/Makefile\n--- a/Makefile\n+++ b/Makefile\n@@ -1,1 +1,1 @@\n-no such line\n+other\n' > "$T/conf/p/broken.patch"


{
	standin_head
	standin_entry 9.8 9.8.1 p/empty base:true:PASS
	standin_entry 9.9 9.9.1 p/empty base:true:PASS
	standin_entry 9.7 9.7.1 p/broken base:true:PASS
} > "$SG_BRANCHES"

"$SG_ROOT/prove/matrix.sh" "$T/run" /dev/null 2>"$T/err" || fail "matrix.sh exited $?"
tsv="$T/run/results.tsv"
cat "$tsv"
grep -q '^9\.8	base	raid0-map	PASS	ERROR	.*build failed' "$tsv" && ok "9.8: build failure reported" || fail "9.8 row"
grep -q '^9\.9	base	raid0-map	PASS	SKIP	.*wants linux-9.9.1.tar.xz in' "$tsv" && ok "9.9: SKIP names the tarball" || fail "9.9 row"
grep -q '^9\.7	base	raid0-map	PASS	ERROR	.*broken.patch does not apply' "$tsv" && ok "9.7: the failing patch named" || fail "9.7 row"
"$REPORT" "$T/run" >/dev/null && fail "report passed a run with errors" || ok "report fails the run"
done_testing
