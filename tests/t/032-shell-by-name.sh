# Product shell reads no guest line by its SG- text and no run file by
# position: the guest protocol is read by logread (C), and the run files
# of lib/runfile.h (results.tsv, steps.tsv, LOG.verdicts, LOG.outcome,
# LOG.times, images, the plan and facts, the gate's needed, stages,
# proof-plan, entries, narrow, and the proof index) are written and read
# by column name through runfile.  A script
# that greps for SG-RESULT, or awks a run file's $3, fails the tree here.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1
# Every product shell file: *.sh, lib/settings, and every file that
# starts #!/bin/sh (the guests' inits).  vm-images/init and the fstests
# guest's are the guest's own printers of the protocol (test 030).
scripts=$(git ls-files prove maintain lib vm-images | while read -r f; do
	case $f in
	*.sh | lib/settings) echo "$f" ;;
	*) head -n 1 "$f" | grep -q '^#!/bin/sh' && echo "$f" ;;
	esac
done | grep -v -e '^vm-images/init$' -e '^vm-images/fstests/init$')
n=$(echo $scripts | wc -w)
[ "$n" -ge 25 ] && echo "$scripts" | grep -qx lib/settings && echo "$scripts" | grep -qx vm-images/fstests/run-tests.sh &&
	ok "$n product shell files, lib/settings and the fstests scripts among them" ||
	fail "the product shell files found: $scripts"

# code LINE...: the lines that are not comments, as FILE:N:TEXT.
code() { grep -n -v '^[[:space:]]*#' "$@" /dev/null | sed 's/[[:space:]]#[^"'\'']*$//'; }

# The fstests guest's run-tests.sh prints the protocol (as vm-images/init).
# shellcheck disable=SC2086
said=$(code $(echo "$scripts" | grep -v '^vm-images/fstests/run-tests.sh$') | grep 'SG-[A-Z]')
[ -z "$said" ] && ok "no product shell reads a guest line by its SG- text" ||
	fail "guest lines read by their text (logread reads them): $said"

runfiles='results\.tsv\|steps\.tsv\|\.verdicts\|\.outcome\|\.times"\|/images"\|/plan"\|/policy"\|/shards"\|cross\.list\|/rows/\|/series"\|/variants"\|/proof-index"\|\$run/index"\|/index\.all"\|/needed"\|/stages"\|/proof-plan"\|/entries"\|/narrow"'
readers='awk\|cut \|sed -n\|while read\|grep\|head \|tail '
# shellcheck disable=SC2086
positional=$(code $scripts | grep "$runfiles" | grep "$readers")
[ -z "$positional" ] && ok "no product shell reads a run file but through runfile" ||
	fail "run files read by hand (use runfile get/count): $positional"

# shellcheck disable=SC2086
written=$(code $scripts | grep "printf.*\\\\t.*>>* *\"*\$[a-z]*[/]*\(results\|steps\)")
[ -z "$written" ] && ok "no product shell writes a run file's row by hand" ||
	fail "run file rows written by hand (use runfile row): $written"

# One way to a run file: the old ways are gone from the product.
# shellcheck disable=SC2086
old=$(code $scripts | grep -e 'report"* --row' -e 'report"* --header' -e 'report"* --match' \
	-e sg_tsv_rows -e sg_tsv_row -e SG_RESULTS_AWK -e 'sg_row ')
[ -z "$old" ] && ok "no report --row, --header or --match, sg_tsv_rows, sg_tsv_row, SG_RESULTS_AWK" ||
	fail "the old ways to a run file: $old"

# The guard can fail: a script that reads a verdict by its text is named.
mkdir -p "$T/prove"
printf 'grep "^SG-RESULT $c" "$log"\nawk -F"\\t" '\''{ print $3 }'\'' "$run/steps.tsv"\n' > "$T/prove/bad.sh"
(cd "$T" && code prove/bad.sh | grep -q 'SG-[A-Z]') && (cd "$T" && code prove/bad.sh | grep "$runfiles" | grep -q "$readers") &&
	ok "a script that reads by text or position is caught" || fail "the guard misses prove/bad.sh"
done_testing
