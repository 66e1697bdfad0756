# tests/run.sh on stand-in tests, in a cache of its own: the host tests
# run side by side (two that each wait for the other pass only so), one
# still running past SG_TEST_TIMEOUT is stopped with what it started and
# named, the kernel tests run after them one at a time and in order, and
# SG_QUICK=1 leaves out the kernel, apt, pipeline and browser tests; the closing
# line counts.
. "$SG_ROOT/tests/common.sh"
d="$T/t"
mkdir -p "$d"
log="$T/order"
# A test that waits, up to 10 s, for another to leave a mark.
for me in a b; do
	other=b; [ $me = b ] && other=a
	cat > "$d/10$me-pair.sh" <<SH
: > "$T/mark-$me"
i=0
while [ ! -e "$T/mark-$other" ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i + 1)); done
echo "host $me" >> "$log"
[ -e "$T/mark-$other" ]
SH
done
printf 'echo "is not there" >&2\nexit 77\n' > "$d/200-skip.sh"
printf 'echo "something broke"\nexit 1\n' > "$d/201-fail.sh"
printf 'sleep 300 &\necho $! > "%s/hang.child"\nwait\n' "$T" > "$d/202-hang.sh"
printf '# needs: apt\necho apt >> "%s"\n' "$log" > "$d/203-apt.sh"
printf '# group: pipeline\necho pipeline >> "%s"\n' "$log" > "$d/204-pipeline.sh"
printf '# group: browser\necho browser >> "%s"\n' "$log" > "$d/205-browser.sh"
for k in 300 301; do
	printf '# needs: kernel\necho "kernel %s start" >> "%s"\nsleep 0.2\necho "kernel %s end" >> "%s"\n' \
		$k "$log" $k "$log" > "$d/$k-kernel.sh"
done

SG_CACHE="$T/cache" SG_QUICK=0 SG_TEST_TIMEOUT=2 "$SG_ROOT/tests/run.sh" "$d"/*.sh > "$T/out" 2>&1
rc=$?
cat "$T/out"
[ $rc != 0 ] && tail -n 1 "$T/out" | grep -qx "7 passed, 2 failed, 1 skipped" &&
	ok "the closing line counts, and the run fails" || fail "closing line, exit $rc"
grep -q "^PASS 10a-pair" "$T/out" && grep -q "^PASS 10b-pair" "$T/out" &&
	ok "two tests that wait for each other ran side by side" || fail "not side by side"
grep -qx "FAIL 202-hang (stopped: still running after 2s)" "$T/out" && until_true 2 dead "$(cat "$T/hang.child")" &&
	ok "a test past SG_TEST_TIMEOUT is stopped with its children, and named" || fail "the hanging test"
grep -q "^FAIL 201-fail (.*exit 1)" "$T/out" && grep -qx "    something broke" "$T/out" &&
	grep -q "^SKIP 200-skip: is not there" "$T/out" && ok "a failure shows its output; a skip says why" ||
	fail "fail and skip lines"
tail -n 4 "$log" | tr '\n' ' ' | grep -qx "kernel 300 start kernel 300 end kernel 301 start kernel 301 end " &&
	ok "the kernel tests after the host tests, one at a time, in order" || fail "order: $(cat "$log")"

: > "$log"
SG_CACHE="$T/cache" SG_QUICK=1 "$SG_ROOT/tests/run.sh" "$d/10a-pair.sh" "$d/10b-pair.sh" "$d/203-apt.sh" \
	"$d/204-pipeline.sh" "$d/205-browser.sh" "$d/300-kernel.sh" > "$T/quick" 2>&1 || fail "SG_QUICK=1: $(cat "$T/quick")"
tail -n 1 "$T/quick" | grep -qx "2 passed, 0 failed, 0 skipped" && ! grep -q "kernel\|apt\|pipeline\|browser" "$log" &&
	grep -q "^---- 203-apt left out" "$T/quick" && grep -q "^---- 300-kernel left out" "$T/quick" &&
	grep -q "^---- 204-pipeline left out (check-quick: a whole job on stand-ins" "$T/quick" &&
	grep -q "^---- 205-browser left out (check-quick: a real browser" "$T/quick" &&
	ok "SG_QUICK=1 leaves out the kernel, apt, pipeline and browser tests, and says so" || fail "quick: $(cat "$T/quick")"
done_testing
