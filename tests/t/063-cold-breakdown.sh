# Where a cold matrix's seconds go: the run keeps its phases
# (phases.tsv: fetch, import, branch, builds, guests, pairs, report), the
# next series is branched (fetch, import, git am) while this one builds,
# at nice 19, the cross-era pairs run beside the last guests, and
# `make bench PHASE=cold-breakdown RUN=dir` prints each phase's share, a
# second of overlap given to the build (report/phasetimes).
# group: pipeline
. "$SG_ROOT/tests/common.sh"
phasetimes="$SG_CACHE/bin/phasetimes"
standin_conf
cp "$phasetimes" "$SG_CACHE/bin/"
export SG_STANDIN_BUILD=2 EVENTS="$T/events"
standin_tree 9.8.1
# 9.9's tree says, when it is imported (make kernelversion), how nice.
standin_tree 9.9.1
sed -i 's/^\t@echo 9.9.1$/\t@echo "nice $$(nice)" >> $${EVENTS:-\/dev\/null}; echo 9.9.1/' "$T/linux-9.9.1/Makefile"
tar -C "$T" -cJf "$SG_CACHE/tarballs/linux-9.9.1.tar.xz" linux-9.9.1
standin_pair_series
# The last series' guests are slow: the pair has the time to start
# beside them.
standin_qemu "$T/qemu"
cat >> "$T/qemu" <<'SH'
[ "$k" = b9 ] && sleep 4
for c in raid0-map raid0-layout; do
	printf 'SG-BEGIN %s\nSG-RESULT %s PASS seed=1 %s\nSG-END %s rc=0 secs=0.1\n' $c $c "$k" $c >> "$log"
done
echo SG-DONE >> "$log"
SH
export SG_QEMU="$T/qemu" SG_ACCEL=tcg SG_SEED=7 SG_GUESTS=3

run="$T/run"
"$SG_ROOT/prove/matrix.sh" "$run" /dev/null 2>"$T/err" || fail "matrix.sh exited $?: $(tail -n 5 "$T/err")"
p="$run/phases.tsv"
cat "$p"
# at PHASE SERIES WHAT start|end: a stretch's time, through runfile.
at() {
	"$RUNFILE" get --first --prefix p_ --where phase="$1" --where series="$2" --where what="$3" "$p" start end |
		{ read -r a; eval "$a"; eval "echo \$p_$4"; }
}
before() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0 && a != "") }'; }
for ph in import branch base-build build guest pair report matrix; do
	[ "$("$RUNFILE" count --where phase="$ph" "$p")" -ge 1 ] || fail "no $ph stretch in phases.tsv"
done
before "$(at branch 9.9 - start)" "$(at build 9.8 b8 end)" &&
	ok "9.9 was branched (imported, patched) while 9.8 built" ||
	fail "no overlap: 9.9's branch began $(at branch 9.9 - start), 9.8's last build ended $(at build 9.8 b8 end)"
grep -qx 'nice 19' "$EVENTS" && ok "at nice 19" || fail "9.9's import ran at: $(grep nice "$EVENTS")"
before "$(at pair '9.8→9.9' up start)" "$(at guest 9.9 b9 end)" &&
	ok "the pair started beside the last series' last guest" ||
	fail "the pair began $(at pair '9.8→9.9' up start), 9.9/b9's guest ended $(at guest 9.9 b9 end)"

PHASE=cold-breakdown RUN="$run" "$SG_ROOT/prove/bench.sh" > "$T/bench" 2>&1 ||
	fail "bench PHASE=cold-breakdown: $(cat "$T/bench")"
grep -q '^| base-build | 9.8 | [0-9]* | [0-9.]*% | [0-9]* |$' "$T/bench" &&
	grep -q '^| guest | 9.9 |' "$T/bench" && grep -q '^| \*\*import\*\* | all |' "$T/bench" &&
	grep -q '^| \*\*the run\*\* | - | [0-9]* | 100.0% | - |$' "$T/bench" &&
	grep -q '^wall [0-9]* s; base builds [0-9]* s busy; the run is [0-9.]* x its base builds$' "$T/bench" &&
	ok "bench PHASE=cold-breakdown: each phase by series, its share, the run over its base builds" ||
	fail "breakdown: $(cat "$T/bench")"

# Who keeps a second: 0-100 s, a base build 0-50, a guest 40-60, an
# import 10-20 (hidden behind the build), a pair 70-80.
{
	"$RUNFILE" header phases
	"$RUNFILE" row phases phase=matrix series=- what=1/1 start=1000 end=1100
	"$RUNFILE" row phases phase=base-build series=7.1 what=a start=1000 end=1050
	"$RUNFILE" row phases phase=guest series=7.1 what=a start=1040 end=1060
	"$RUNFILE" row phases phase=import series=7.2 what=7.2.1 start=1010 end=1020
	"$RUNFILE" row phases phase=pair series=7.1→7.2 what=p start=1070 end=1080
} > "$T/phases.tsv"
"$SG_CACHE/bin/phasetimes" "$T/phases.tsv" > "$T/table" 2>&1 || fail "phasetimes: $(cat "$T/table")"
cat "$T/table"
grep -qx '| base-build | 7.1 | 50 | 50.0% | 50 |' "$T/table" &&
	grep -qx '| guest | 7.1 | 10 | 10.0% | 20 |' "$T/table" &&
	grep -qx '| import | 7.2 | 0 | 0.0% | 10 |' "$T/table" &&
	grep -qx '| pair | 7.1→7.2 | 10 | 10.0% | 10 |' "$T/table" &&
	grep -qx '| \*\*other\*\* | - | 30 | 30.0% | - |' "$T/table" &&
	ok "a second of overlap goes to the build; a guest keeps the seconds no build hid" ||
	fail "attribution: $(cat "$T/table")"
printf 'phase\tseries\n' > "$T/bad.tsv"
"$SG_CACHE/bin/phasetimes" "$T/bad.tsv" 2>"$T/bad.err" && fail "a file of another kind was read"
grep -q "bad.tsv" "$T/bad.err" && ok "a file that is not a phases file is named" || fail "bad: $(cat "$T/bad.err")"
done_testing
