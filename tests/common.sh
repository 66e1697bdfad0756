# Helpers for tests/t/*.sh (sourced as tests/common.sh).
set -u
SGCONF="$SG_CACHE/bin/sgconf"
LOGREAD="$SG_CACHE/bin/logread"
REPORT="$SG_CACHE/bin/report"
QUILTMAIL="$SG_CACHE/bin/quiltmail"
T="$SG_TEST_TMP/$(basename "$0" .sh)"
rm -rf "$T"
mkdir -p "$T"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
done_testing() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }
# standin_series: $T/conf/branches.yaml (SG_BRANCHES) with one series,
# 9.9, whose base is linux-9.9.1 from a tarball, and whose fixes are
# $T/conf/p/series (empty until a test writes it); a private SG_CACHE.
standin_series() {
	export SG_CACHE="$T/cache" SGCONF QUILTMAIL SG_BRANCHES="$T/conf/branches.yaml"
	mkdir -p "$T/conf/p" "$SG_CACHE"
	cp "$SG_ROOT/prove/kconfig/base.config" "$SG_ROOT/backports/upstream.yaml" "$T/conf/"
	: > "$T/conf/p/series"
	cat > "$SG_BRANCHES" <<'YAML'
checks: [raid0-map]
upstream: upstream.yaml
series:
  "9.9":
    version: "9.9.1"
    source:
      tarball: linux-9.9.1.tar.xz
    era: modern
    compiler: gcc-12
    config: [base.config]
    patches: p/series
    guest: {layouts: [original], chunks: [64]}
    variants:
      unfixed: {fixes: false, expect: {raid0-map: FAIL}}
      fixed: {fixes: true, expect: {raid0-map: PASS}}
YAML
}

# unit_test NAME SOURCES...: compile with the given sources and run.
unit_test() {
	name=$1
	shift
	${CC:-gcc} -O1 -g -Wall -Wextra -std=gnu11 -o "$T/$name" "$@" ||
		{ fail "$name does not compile"; return; }
	if "$T/$name"; then ok "$name"; else fail "$name"; fi
}
