# Where a guest's seconds went (report/guesttimes) on made-up serial logs:
# one with every mark of the guest protocol (some behind a console
# timestamp), one from before the marks, whose parts are "-" and whose
# checks keep their SG-END secs=, and one that stopped during a check.
# The bench's Markdown table gives each its row and says whether the
# first check began within 2 s; the verifiers' table what the fio checks
# and e2fsck (the fsck lines) add to a guest, within 5 s or not.
. "$SG_ROOT/tests/common.sh"
GT="$SG_CACHE/bin/guesttimes"
tab=$(printf '\t')

cat > "$T/marks.log" <<'LOG'
[    0.000000] Linux version 9.9.1
SG-BOOT 9.9.1 panic_on_oops=1 uptime=0.80
SG-BEGIN raid0-map uptime=0.95
SG-INFO raid0-map chunk=64K bad=0
SG-INFO raid0-map setup secs=0.40
SG-RESULT raid0-map PASS seed=1 arrays=2
SG-END raid0-map rc=0 secs=1.2 uptime=2.20
[    2.300000] md: md0 stopped.
[    2.310000] SG-BEGIN ext4-es-delayed uptime=2.25
SG-INFO ext4-es-delayed setup secs=0.30
SG-RESULT ext4-es-delayed PASS seed=1 cases=18
SG-END ext4-es-delayed rc=0 secs=0.5 uptime=2.75
SG-DONE uptime=2.80
LOG
sed 's/ uptime=[0-9.]*//; /setup secs=/d' "$T/marks.log" > "$T/old.log"
cat > "$T/fio.log" <<'LOG'
SG-BOOT 9.9.1 panic_on_oops=1 uptime=0.80
SG-BEGIN raid0-fs-discard uptime=0.90
SG-INFO raid0-fs-discard setup secs=0.50
SG-INFO raid0-fs-discard fsck secs=0.40 runs=4
SG-RESULT raid0-fs-discard PASS seed=1 arrays=4
SG-END raid0-fs-discard rc=0 secs=2.0 uptime=2.90
SG-BEGIN fio-raid0 uptime=2.90
SG-INFO fio-raid0 setup secs=1.00
SG-RESULT fio-raid0 PASS seed=1 arrays=4
SG-END fio-raid0 rc=0 secs=2.1 uptime=5.00
SG-BEGIN fio-ext4 uptime=5.00
SG-INFO fio-ext4 setup secs=1.00
SG-INFO fio-ext4 fsck secs=0.30 runs=4
SG-RESULT fio-ext4 PASS seed=1 arrays=4
SG-END fio-ext4 rc=0 secs=2.5 uptime=7.50
SG-DONE uptime=7.50
LOG
sed 's/uptime=7.50/uptime=8.50/' "$T/fio.log" > "$T/fio-slow.log"
sed '/SG-END ext4-es-delayed/,$d' "$T/marks.log" > "$T/stopped.log"

# want LOG PART CHECK SECS: guesttimes LOG has that row.
want() {
	if grep -qx "$2$tab$3$tab$4" "$T/$1.out"; then ok "$1: $2 $3 $4"
	else fail "$1: wanted $2 $3 $4, got: $(grep "^$2$tab$3$tab" "$T/$1.out")"; fi
}

for l in marks old stopped; do
	"$GT" "$T/$l.log" > "$T/$l.out" || fail "$l: guesttimes exited $?"
done
[ "$(head -n 1 "$T/marks.out")" = "part${tab}check${tab}secs" ] &&
	ok "a header line names the columns" || fail "header: $(head -n 1 "$T/marks.out")"
want marks boot - 0.80
want marks init - 0.15
want marks setup raid0-map 0.40
want marks run raid0-map 0.85
want marks check raid0-map 1.25
want marks setup ext4-es-delayed 0.30
want marks run ext4-es-delayed 0.20
want marks tail - 0.05
want marks first_check - 0.95
want old boot - -
want old init - -
want old setup raid0-map -
want old run raid0-map -
want old check raid0-map 1.20
want old tail - -
want old first_check - -
want stopped check ext4-es-delayed -
want stopped tail - -
"$GT" /nonexistent 2>/dev/null && fail "a missing log accepted" || ok "a missing log is an error"

"$GT" --markdown "$T/marks.log" 9 "$T/old.log" 7 > "$T/table.md" || fail "--markdown exited $?"
grep -qx '| marks | 9 | 0.80 | 0.15 | 0.40+0.85 | 0.30+0.20 | 0.05 | 0.95 | yes |' "$T/table.md" &&
	ok "the bench row of a marked log" || fail "marks row: $(grep '^| marks' "$T/table.md")"
grep -qx '| old | 7 | - | - | 1.20 | 0.50 | - | - | - |' "$T/table.md" &&
	ok "the bench row of a log without marks" || fail "old row: $(grep '^| old' "$T/table.md")"
sed 's/uptime=0.95/uptime=2.05/' "$T/marks.log" > "$T/slow.log"
"$GT" --markdown "$T/slow.log" 9 | grep -q '| 2.05 | NO |$' &&
	ok "a first check after 2 s is NO" || fail "slow: $("$GT" --markdown "$T/slow.log" 9 | tail -n 1)"
"$GT" --markdown "$T/marks.log" 2>/dev/null && fail "a LOG without WALL accepted" || ok "LOG WALL pairs only"

# fio checks 2.10 + 2.50, e2fsck 0.40 in raid0-fs-discard (fio-ext4's own
# within its 2.50): 5.00 added, within; a second more is not.
"$GT" --verifiers "$T/fio.log" "$T/fio-slow.log" "$T/old.log" > "$T/verifiers.md" ||
	fail "--verifiers exited $?"
grep -qx '| fio | 6.60 | 4.60 | 0.40 | 5.00 | yes |' "$T/verifiers.md" &&
	ok "verifiers: the fio checks and the others' e2fsck, within 5 s" ||
	fail "verifiers: $(cat "$T/verifiers.md")"
grep -qx '| fio-slow | 7.60 | 5.60 | 0.40 | 6.00 | NO |' "$T/verifiers.md" &&
	ok "verifiers: over 5 s is NO" || fail "verifiers slow: $(grep fio-slow "$T/verifiers.md")"
grep -qx '| old | 1.70 | 0.00 | 0.00 | 0.00 | yes |' "$T/verifiers.md" &&
	ok "verifiers: a guest without fio adds nothing" || fail "verifiers old: $(grep '^| old' "$T/verifiers.md")"

# make bench PHASE=guests on a run folder: a row per guest's log, and
# none for the KVM probe's log beside them (no guest of the run), under
# the name sg_pick_accel (lib/sg.sh) gives it, logs/<kernel>.kvm-probe,
# with the files guest.sh leaves beside a log.
mkdir -p "$T/run/logs" "$T/cache/bin" "$T/cache/timings/9.9"
cp "$GT" "$T/cache/bin/"
cp "$T/marks.log" "$T/run/logs/9.9-marks.log"
probe="$T/run/logs/9.9.1.kvm-probe"
cp "$T/marks.log" "$probe"
for f in argv qemu verdicts outcome; do : > "$probe.$f"; done
echo 9 > "$T/cache/timings/9.9/marks.guest"
PHASE=guests RUN="$T/run" SG_CACHE="$T/cache" "$SG_ROOT/prove/bench.sh" > "$T/bench.md" 2>&1 ||
	fail "bench PHASE=guests exited $?: $(cat "$T/bench.md")"
grep -q '^| 9.9-marks | 9 |' "$T/bench.md" && ! grep -q 'kvm-probe' "$T/bench.md" &&
	ok "bench PHASE=guests: a row per guest, none for the KVM probe" || fail "bench rows: $(cat "$T/bench.md")"
cp "$T/fio.log" "$T/run/logs/9.9-fio.log"
PHASE=verifiers RUN="$T/run" SG_CACHE="$T/cache" "$SG_ROOT/prove/bench.sh" > "$T/bench.md" 2>&1 ||
	fail "bench PHASE=verifiers exited $?: $(cat "$T/bench.md")"
grep -q '^| 9.9-fio | 6.60 | 4.60 | 0.40 | 5.00 | yes |' "$T/bench.md" && ! grep -q 'kvm-probe' "$T/bench.md" &&
	ok "bench PHASE=verifiers RUN=: a row per guest of the run" || fail "bench verifiers: $(cat "$T/bench.md")"
done_testing
