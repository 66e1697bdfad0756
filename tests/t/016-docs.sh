# The docs hold to the tree: the README is one screen's worth (at most
# 150 lines, no table cell longer than 200 characters) with a line for
# every make target; every docs link and every tests/t file named
# exists; and each place that lists the targets that take the cache's
# lock (the Makefile, lib/locked.sh, docs/design.md) names each one, and
# the PHASEs make bench runs without it as the bench rule has them.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1

n=$(wc -l < README.md)
[ "$n" -le 150 ] && ok "README.md: $n lines" || fail "README.md: $n lines, more than 150"
awk -F'|' '/^\|/ { for (i = 2; i < NF; i++) if (length($i) > 202) printf "%s:%d: a cell of %d characters\n", FILENAME, FNR, length($i) }' \
	README.md > "$T/cells"
[ ! -s "$T/cells" ] && ok "no README table cell over 200 characters" || fail "$(cat "$T/cells")"
head -n 2 README.md | grep -q '^    make matrix ' && head -n 2 README.md | grep -q '^    make check ' &&
	ok "the two commands come first" || fail "README.md does not open with make matrix and make check"

# Every target a user runs (the .PHONY list, but the sub-makes).
targets=$(sed -n 's/^\.PHONY: //p' Makefile | tr ' ' '\n' | grep -v -e '-locked$' -e '^all$' -e '^deps-')
# No target found is the search broken, not a Makefile without targets.
n=$(echo $targets | wc -w)
[ "$n" -ge 20 ] || fail "the .PHONY search found $n targets: the Makefile's .PHONY line unread?"
named=0
for t in $targets; do
	if grep -q "make $t\b" README.md; then named=$((named + 1)); else fail "README.md has no line for make $t"; fi
done
[ "$named" = "$n" ] && [ "$n" -ge 20 ] && ok "README.md names every one of the $n targets" ||
	fail "README.md names $named of $n targets"

# Links between the docs, and tests named in docs, make and CI.
for f in README.md docs/*.md; do
	for l in $(grep -o '](\([^)#]*\.md\))' "$f" | sed 's/^](//; s/)$//'); do
		[ -f "$(dirname "$f")/$l" ] || fail "$f links $l, which is not there"
	done
done
for t in $(grep -oh 'tests/t/[0-9][0-9]*-[a-z0-9-]*\.sh' README.md docs/*.md Makefile .gitlab-ci.yml lib/* prove/*.sh maintain/*.sh | sort -u); do
	[ -f "$t" ] || fail "$t is named, but there is no such test"
done
[ "$failures" = 0 ] && ok "every docs link and every tests/t file named exists"

# The targets whose recipe takes the lock, named where the lock is told.
locking=$(awk '/^[a-z][a-z-]*:/ { t = $1; sub(/:.*/, "", t) }
	/^\t/ && (/\$\(LOCKED\)/ || /lib\/locked\.sh/) { print t }' Makefile | sort -u)
awk '/^LOCKED :=/ { print held; exit } /^#/ { held = held $0 "\n"; next } { held = "" }' Makefile > "$T/make.lock"
awk 'NR > 1 && /^#/ { print; next } NR > 1 { exit }' lib/locked.sh > "$T/locked.sh.lock"
awk '/\*\*One writer\*\*/ { on = 1 } on && /^- \*\*/ && !/One writer/ { exit } on' docs/design.md > "$T/design.lock"
# No target found is the search broken, not a Makefile without a lock.
[ -n "$locking" ] || fail "no recipe of the Makefile takes the lock: the search for them saw nothing"
for t in $locking; do
	for d in make.lock locked.sh.lock design.lock; do
		grep -qw -- "$t" "$T/$d" || fail "$t takes the cache's lock, but ${d%.lock} does not say so"
	done
done
[ -n "$locking" ] && [ "$failures" = 0 ] && ok "the lock's docs name all of: $(echo $locking)"

# The bench's exceptions: the PHASEs its rule runs without the lock, one
# a line, "PHASE" or "PHASE with RUN=" when only with RUN= set; each
# place that tells the lock says "bench (but PHASE=..., ...)" of the same.
bench_bad=0
awk '/^bench:/ { on = 1; next } on && !/^\t/ { exit } on { printf "%s ", $0 }' Makefile |
	sed 's/; *then .*//' | tr '|' '\n' |
	awk 'match($0, /"\$\(PHASE\)" = [a-z-]+/) {
		print substr($0, RSTART + 13, RLENGTH - 13) (index($0, "$(RUN)") ? " with RUN=" : "") }' |
	sort > "$T/bench.unlocked"
[ -s "$T/bench.unlocked" ] || { fail "the Makefile's bench rule reads as no PHASE run without the lock"; bench_bad=1; }
for d in make.lock locked.sh.lock design.lock; do
	tr '\n' ' ' < "$T/$d" | tr -d '#`' | tr -s ' ' |
		sed -n 's/.*bench (but \([^)]*\)).*/\1/p' | sed 's/PHASE=//g; s/,* and /, /g' |
		tr ',' '\n' | sed 's/^ *//; s/ *$//; /^$/d' | sort > "$T/$d.bench"
	cmp -s "$T/bench.unlocked" "$T/$d.bench" || {
		fail "${d%.lock} says bench runs without the lock for: $(paste -sd, "$T/$d.bench");" \
			"the Makefile's bench rule for: $(paste -sd, "$T/bench.unlocked")"
		bench_bad=1
	}
done
[ "$bench_bad" = 0 ] && ok "the lock's docs and the bench rule agree: no lock for PHASE=$(paste -sd, "$T/bench.unlocked" | sed 's/,/, /g')"
done_testing
