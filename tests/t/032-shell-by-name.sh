# Product shell reads no guest line by its SG- text and no run file by
# position: the guest protocol is read by logread (C), and the run files
# of report/runfile.h (results.tsv, steps.tsv, LOG.verdicts, LOG.outcome,
# images) are written and read by column name through runfile.  A script
# that greps for SG-RESULT, or awks a run file's $3, fails the tree here.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1
# vm-images/init is the guest's own printer of the protocol (test 030).
scripts=$(ls prove/*.sh maintain/*.sh lib/*.sh vm-images/*.sh | grep -v '^vm-images/init$')
[ -n "$scripts" ] || fail "no product shell found"

# code LINE...: the lines that are not comments, as FILE:N:TEXT.
code() { grep -n -v '^[[:space:]]*#' "$@" /dev/null | sed 's/[[:space:]]#[^"'\'']*$//'; }

# shellcheck disable=SC2086
said=$(code $scripts | grep 'SG-[A-Z]')
[ -z "$said" ] && ok "no product shell reads a guest line by its SG- text" ||
	fail "guest lines read by their text (logread reads them): $said"

runfiles='results\.tsv\|steps\.tsv\|\.verdicts\|\.outcome\|/images"'
readers='awk\|cut \|sed -n\|while read\|grep\|head \|tail '
# shellcheck disable=SC2086
positional=$(code $scripts | grep "$runfiles" | grep "$readers")
[ -z "$positional" ] && ok "no product shell reads a run file but through runfile" ||
	fail "run files read by hand (use runfile get/count): $positional"

# shellcheck disable=SC2086
written=$(code $scripts | grep "printf.*\\\\t.*>>* *\"*\$[a-z]*[/]*\(results\|steps\)")
[ -z "$written" ] && ok "no product shell writes a run file's row by hand" ||
	fail "run file rows written by hand (use runfile row): $written"

# The guard can fail: a script that reads a verdict by its text is named.
mkdir -p "$T/prove"
printf 'grep "^SG-RESULT $c" "$log"\nawk -F"\\t" '\''{ print $3 }'\'' "$run/steps.tsv"\n' > "$T/prove/bad.sh"
(cd "$T" && code prove/bad.sh | grep -q 'SG-[A-Z]') && (cd "$T" && code prove/bad.sh | grep "$runfiles" | grep -q "$readers") &&
	ok "a script that reads by text or position is caught" || fail "the guard misses prove/bad.sh"
done_testing
