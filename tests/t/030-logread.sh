# The log reader on recorded serial logs: a clean run, data failures, a
# WARNING during a check (beside its result, not instead of it), a panic,
# a hang killed by the timeout, a guest killed for going silent, a check
# that died without its line, and a guest that stopped early.  A check
# with no result line is ERROR, never a FAIL that would count as a kill.
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
done_testing
