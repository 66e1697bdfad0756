# Helpers for tests/t/*.sh (sourced as tests/common.sh).
set -u	# not -e: fail() counts a failed check, and the test goes on
SGCONF="$SG_CACHE/bin/sgconf"
LOGREAD="$SG_CACHE/bin/logread"
REPORT="$SG_CACHE/bin/report"
RUNFILE="$SG_CACHE/bin/runfile"
TARIMPORT="$SG_CACHE/bin/tarimport"
SHARDPLAN="$SG_CACHE/bin/shardplan"
QUILTMAIL="$SG_CACHE/bin/quiltmail"
T="$SG_TEST_TMP/$(basename "$0" .sh)"
rm -rf "$T"
mkdir -p "$T"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
done_testing() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }
# standin_head: the top of a stand-in branches.yaml (CHECKS, default
# raid0-map), before its series' entries.
standin_head() {
	printf 'checks: [%s]\nupstream: upstream.yaml\nseries:\n' "${1:-raid0-map}"
}

# standin_entry SERIES VERSION PATCHES VARIANT:FIXES:EXPECT...: one series
# of a stand-in branches.yaml, its tree linux-VERSION.tar.xz among the
# cache's tarballs; each variant expects EXPECT of every check of
# $SG_STANDIN_CHECKS (default raid0-map).
standin_entry() {
	printf '  "%s":\n    version: "%s"\n    source: {tarball: linux-%s.tar.xz}\n' "$1" "$2" "$2"
	printf '    era: modern\n    compiler: gcc\n    config: [base.config]\n    patches: %s\n' "$3"
	printf '    guest: {layouts: [original], chunks: [64]}\n    variants:\n'
	shift 3
	for v; do
		exp=
		for c in ${SG_STANDIN_CHECKS:-raid0-map}; do exp="$exp${exp:+, }$c: ${v##*:}"; done
		v=${v%:*}
		printf '      %s: {fixes: %s, expect: {%s}}\n' "${v%%:*}" "${v#*:}" "$exp"
	done
}

# standin_conf: a private SG_CACHE with logread and report, and $T/conf
# for a stand-in branches.yaml (SG_BRANCHES) with the upstream facts,
# base.config, an empty patch list p/empty and p/series.
standin_conf() {
	export SG_CACHE="$T/cache" SGCONF QUILTMAIL SG_BRANCHES="$T/conf/branches.yaml"
	mkdir -p "$T/conf/p" "$SG_CACHE/bin"
	cp "$LOGREAD" "$REPORT" "$RUNFILE" "$TARIMPORT" "$SHARDPLAN" "$SG_CACHE/bin/"
	cp "$SG_ROOT/prove/kconfig/base.config" "$SG_ROOT/backports/upstream.yaml" "$T/conf/"
	printf '# nothing\n' > "$T/conf/p/empty"
	: > "$T/conf/p/series"
}

# standin_series: $T/conf/branches.yaml (SG_BRANCHES) with one series,
# 9.9, whose base is linux-9.9.1 from a tarball, and whose fixes are
# $T/conf/p/series (empty until a test writes it); a private SG_CACHE.
standin_series() {
	standin_conf
	{ standin_head; standin_entry 9.9 9.9.1 p/series unfixed:false:FAIL fixed:true:PASS; } > "$SG_BRANCHES"
}

# standin_pair_series: $SG_BRANCHES with two series, 9.8 (variants a8,
# b8) and 9.9 (a9, b9), every check expected to pass, and a cross-era
# pair "up" from 9.8/b8 to 9.9; their trees, linux-9.8.1 and 9.9.1, are
# the caller's (standin_tree).
standin_pair_series() {
	{
		standin_head
		standin_entry 9.8 9.8.1 p/empty a8:true:PASS b8:true:PASS
		standin_entry 9.9 9.9.1 p/empty a9:true:PASS b9:true:PASS
		printf 'cross:\n  geometry: {members: [100, 200, 300], chunk: 64}\n  pairs:\n'
		printf '    up:\n      write: {series: "9.8", variant: b8, layout: original}\n'
		printf '      read: {series: "9.9"}\n      expect: PASS\n'
	} > "$SG_BRANCHES"
}

# standin_tree VERSION: a tarball in $SG_CACHE/tarballs of a tree whose
# make does what build-kernel.sh asks, slowly (SG_STANDIN_BUILD seconds,
# default 3), noting in $EVENTS (if set) when; the "bzImage" holds the
# variant's name: the last part of the branch checked out (the build
# folder's name when none is).  SG_STANDIN_HOOK, if set, runs with the
# variant's name before the build's work.
standin_tree() {
	d="$T/linux-$1"
	mkdir -p "$d/scripts/kconfig" "$SG_CACHE/tarballs"
	cat > "$d/Makefile" <<MK
kernelversion:
	@echo $1
MK
	cat >> "$d/Makefile" <<'MK'
V := $(notdir $(shell git symbolic-ref -q --short HEAD 2>/dev/null || echo $(O)))
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@echo "build-start $(V) $$(date +%s.%N)" >> $${EVENTS:-/dev/null}
	@$${SG_STANDIN_HOOK:-:} $(V)
	@mkdir -p $(O)/arch/x86/boot $(O)/obj && touch $(O)/obj/a.o
MK
	printf '\t@sleep %s\n' "${SG_STANDIN_BUILD:-3}" >> "$d/Makefile"
	cat >> "$d/Makefile" <<'MK'
	@echo "$(V)" > $(O)/arch/x86/boot/bzImage
	@echo "build-end $(V) $$(date +%s.%N)" >> $${EVENTS:-/dev/null}
MK
	printf '#!/bin/sh\n' > "$d/scripts/kconfig/merge_config.sh"
	chmod +x "$d/scripts/kconfig/merge_config.sh"
	tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-$1.tar.xz" "linux-$1"
}

# unit_test NAME SOURCES...: compile with the given sources and run.
unit_test() {
	name=$1
	shift
	${CC:-gcc} -O1 -g -Wall -Wextra -std=gnu11 -o "$T/$name" "$@" ||
		{ fail "$name does not compile"; return; }
	if "$T/$name"; then ok "$name"; else fail "$name"; fi
}

# standin_qemu FILE: the start of a stand-in qemu-system-x86_64 script in
# FILE: after it, $log is the serial log and $k the "kernel" (the variant
# name a stand-in tree's bzImage holds); the caller appends the guest.
standin_qemu() {
	cat > "$1" <<'SH'
#!/bin/sh
for a; do
	case $a in
	file:*) log=${a#file:} ;;
	esac
done
k=$(cat "$(echo "$@" | sed 's/.*-kernel \([^ ]*\).*/\1/')")
SH
	chmod +x "$1"
}


# upstream_form FORM FILE: FILE's "commit <40 hex> upstream." line in
# another form stable patches name their upstream commit in: bracket
# "[ Upstream commit <id> ]", plain "Upstream commit <12 hex>", based
# "Based on commit <12 hex> upstream", cherry "(cherry picked from commit
# <id>)" at the end of the message (the "---" line, or the end of a
# commit message), commit as it is.
upstream_form() {
	awk -v form="$1" '
	!id && /^commit [0-9a-f]+ upstream\.$/ && length($2) == 40 {
		id = $2
		short = substr(id, 1, 12)
		if (form == "bracket") print "[ Upstream commit " id " ]"
		else if (form == "plain") print "Upstream commit " short
		else if (form == "based") print "Based on commit " short " upstream"
		else if (form == "commit") print
		else gap = 1
		next
	}
	gap { gap = 0; if ($0 == "") next }
	form == "cherry" && id && !put && /^---$/ { print "(cherry picked from commit " id ")"; put = 1 }
	{ print }
	END { if (form == "cherry" && id && !put) print "(cherry picked from commit " id ")" }' "$2" > "$2.form" &&
		mv "$2.form" "$2"
}
UPSTREAM_FORMS="commit bracket plain based cherry"
