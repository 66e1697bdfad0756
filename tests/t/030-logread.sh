# The log reader on recorded serial logs: a clean run, data failures, a
# WARNING during a check (beside its result, not instead of it), a panic,
# a hang killed by the timeout, a guest killed for going silent, a check
# that died without its line, and a guest that stopped early.  A check
# with no result line is ERROR, never a FAIL that would count as a kill.
# The output opens with a header naming its columns; the guest protocol
# is one header that init, the guest's printer and logread agree on.
. "$SG_ROOT/tests/common.sh"
checks=$("$SGCONF" "$SG_ROOT/branches.yaml" checks)
tab=$(printf '\t')

for log in "$SG_ROOT"/tests/logs/*.log; do
	name=$(basename "$log" .log)
	dir=$(dirname "$log")
	# shellcheck disable=SC2086
	"$LOGREAD" "$log" "$(cat "$dir/$name.status")" $checks > "$T/$name.out" ||
		{ fail "$name: logread exited $?"; continue; }
	while IFS="$tab" read -r check obs want; do
		got=$(grep "^$check$tab" "$T/$name.out")
		case "$got" in
		"$check$tab$obs$tab"*"$want"*) ok "$name $check $obs" ;;
		*) fail "$name $check: wanted $obs with \"$want\", got: $got" ;;
		esac
	done < "$dir/$name.expect"
done
"$LOGREAD" /nonexistent 0 raid0-map 2>/dev/null && fail "missing log accepted"
[ "$(head -n 1 "$T/pass.out")" = "$("$RUNFILE" header verdicts)" ] &&
	ok "a header line names the columns: the verdicts run file" || fail "header: $(head -n 1 "$T/pass.out")"
# An ERROR says what the log ended with (its own column), the checks' own SG-INFO left out;
# the result line is kept as the guest printed it.
"$RUNFILE" list --where check=raid0-discard "$T/hang.out" log_tail | grep -q 'SG-BEGIN raid0-discard$' &&
	! "$RUNFILE" list --where check=raid0-discard "$T/hang.out" log_tail | grep -q 'SG-INFO' &&
	! "$RUNFILE" list --where check=raid0-discard "$T/hang.out" reason | grep -q 'SG-' &&
	[ "$("$RUNFILE" list --where check=raid0-map "$T/hang.out" log_tail)" = - ] &&
	ok "an ERROR's log_tail holds the log's last lines, without SG-INFO; its reason does not" ||
	fail "hang: $(cat "$T/hang.out")"
[ "$("$RUNFILE" get --where check=raid0-map "$T/pass.out" line)" = \
  "line='$(grep -m1 '^SG-RESULT raid0-map ' "$SG_ROOT/tests/logs/pass.log" | tr -d '\r')'" ] &&
	ok "the check's own result line is kept" || fail "line: $("$RUNFILE" get --where check=raid0-map "$T/pass.out" line)"
# The outcome over a boot's checks: FAIL names the first failing check.
# shellcheck disable=SC2086
"$LOGREAD" --outcome "$SG_ROOT/tests/logs/fail.log" 0 $checks > "$T/fail.outcome"
eval "$("$RUNFILE" get --prefix o_ "$T/fail.outcome" outcome first_bad done status)"
[ "$o_outcome" = FAIL ] && [ "${o_first_bad%%:*}" = raid0-discard ] && [ "$o_done" = yes ] && [ "$o_status" = 0 ] &&
	ok "outcome: FAIL, first bad $o_first_bad" || fail "outcome: $(cat "$T/fail.outcome")"
# shellcheck disable=SC2086
"$LOGREAD" --outcome "$SG_ROOT/tests/logs/hang.log" 124 $checks > "$T/hang.outcome"
eval "$("$RUNFILE" get --prefix o_ "$T/hang.outcome" outcome done)"
[ "$o_outcome" = ERROR ] && [ "$o_done" = no ] && ok "outcome: a hung guest is ERROR, not done" ||
	fail "hang outcome: $(cat "$T/hang.outcome")"

# init prints the kinds protocol.h says it does, and no other.
p="$SG_ROOT/verify/common/protocol.h"
said=$(sed -n 's/.*echo "\(SG-[A-Z]*\).*/\1/p' "$SG_ROOT/vm-images/init" | sort -u | tr '\n' ' ')
told=$(awk '/^ \*\tSG-/ { k = $2 } k && /init/ { print k } !/^ \*\t/ { k = "" }' "$p" | sort -u | tr '\n' ' ')
[ -n "$said" ] && [ "$said" = "$told" ] && ok "init prints $said as protocol.h says" ||
	fail "init prints $said; protocol.h says init prints $told"
# ... and its uptime= marks on the kinds protocol.h gives them.
up_said=$(sed -n 's/.*echo "\(SG-[A-Z]*\) .*uptime=.*/\1/p' "$SG_ROOT/vm-images/init" | sort -u | tr '\n' ' ')
up_told=$(awk '/^ \*\tSG-/ && /uptime=/ { print $2 }' "$p" | sort -u | tr '\n' ' ')
[ -n "$up_said" ] && [ "$up_said" = "$up_told" ] && ok "init marks uptime= on $up_said as protocol.h says" ||
	fail "init marks uptime= on $up_said; protocol.h says on $up_told"
# The fstests guest's init and its per-test loop print the same kinds,
# but the gcov counters of a coverage boot (the checks' guest alone).
fsaid=$(cat "$SG_ROOT/vm-images/fstests/init" "$SG_ROOT/vm-images/fstests/run-tests.sh" |
	sed -n 's/.*echo "\(SG-[A-Z]*\).*/\1/p' | sort -u | tr '\n' ' ')
fstold=$(echo "$told" | tr ' ' '\n' | grep -vx -e SG-GCDA -e '' | tr '\n' ' ')
[ "$fsaid" = "$fstold" ] && ok "the fstests guest prints $fsaid as protocol.h says" ||
	fail "the fstests guest prints $fsaid; protocol.h says init prints $fstold"
for k in $said; do
	grep -q "^#define SG_LINE_[A-Z]*	\"$k\"$" "$p" || fail "$k is not defined in protocol.h"
done
# Every file it reads must be there: a path that moved would make grep
# fail and the check pass without reading anything.
spellers="report/logs/logread.c report/logs/sgline.c report/logs/guestlog.c prove/guesttimes.c verify/common/sgprint.c"
for f in $spellers; do
	[ -f "$SG_ROOT/$f" ] || fail "$f: not there to read"
done
(cd "$SG_ROOT" && grep -n '"SG-' $spellers) &&
	fail "a line kind spelled out of protocol.h" ||
	ok "logread, sgline, guestlog, guesttimes and sgprint spell no line kind of their own"
done_testing
