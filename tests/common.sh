# Helpers for tests/t/*.sh (sourced as tests/common.sh).
set -u
SGCONF="$SG_CACHE/bin/sgconf"
LOGREAD="$SG_CACHE/bin/logread"
REPORT="$SG_CACHE/bin/report"
T="$SG_TEST_TMP/$(basename "$0" .sh)"
rm -rf "$T"
mkdir -p "$T"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
done_testing() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }
# unit_test NAME SOURCES...: compile with the given sources and run.
unit_test() {
	name=$1
	shift
	${CC:-gcc} -O1 -g -Wall -Wextra -std=gnu11 -o "$T/$name" "$@" ||
		{ fail "$name does not compile"; return; }
	if "$T/$name"; then ok "$name"; else fail "$name"; fi
}
