# report/ is three rooms, each a job: logs/ reads the guest's serial log,
# judge/ judges rows and gates, render/ writes what people and CI read.
# Each includes only what its room may: logs/ lib and the guest
# protocol, judge/ lib alone (a judge that renders, or reads a log, is
# two jobs), render/ the judge's and the logs' headers too.  Every
# "#include" of a room resolves in its own include path, as the
# Makefile's INC_LOGS, INC_JUDGE and INC_RENDER give it; a stand-in
# judge that includes a renderer's header is named.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1

# rooms ROOT: each file of ROOT's report rooms whose include leaves its
# path, as FILE: HEADER.
rooms() {
	for f in "$1"/report/*/*.[ch]; do
		room=${f#"$1"/report/}
		room=${room%%/*}
		case $room in
		logs) path="lib report/logs verify/common" ;;
		judge) path="lib report/judge" ;;
		render) path="lib report/judge report/logs report/render" ;;
		*) echo "$f: a room the Makefile does not know"; continue ;;
		esac
		sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r h; do
			found=
			for d in $path; do
				[ -f "$1/$d/$h" ] && found=1
			done
			[ -n "$found" ] || echo "$f: $h"
		done
	done
}
n=$(ls report/*/*.c | wc -l)
out=$(rooms .)
[ "$n" -ge 25 ] && [ -z "$out" ] && ok "$n C files in report's rooms, each including only its room's path" ||
	fail "includes that leave their room's path: $out"
for r in logs judge render; do
	grep -q "^INC_$(echo $r | tr a-z A-Z) :=" Makefile || fail "the Makefile has no INC_ of room $r"
done

# A judge that renders: named.
mkdir -p "$T/tree/report"
cp -r lib verify report "$T/tree/"
printf '#include "tables.h"\n' >> "$T/tree/report/judge/compare.c"
out=$(rooms "$T/tree")
[ "$out" = "$T/tree/report/judge/compare.c: tables.h" ] &&
	ok "a judge that includes a renderer's header is named: $(echo "$out" | sed "s|$T/tree/||")" ||
	fail "the stand-in judge that renders: $out"
done_testing
