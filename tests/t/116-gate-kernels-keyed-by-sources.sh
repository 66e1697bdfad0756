# Two queue folders of one name are two kernels: a kept bzImage is found
# by what it is made of (tree, config, compiler), not by its variant's
# name, so the first run's kernel is still the one its run names after
# the second, and make repro of the first run boots the first run's
# kernel.
# group: pipeline
. "$SG_ROOT/tests/common.sh"
standin_gate
standin_gate_quilt "$T/a/queue-9.9.2" planted 1111111111111111111111111111111111111111 "static int a;" "BUG"
standin_gate_quilt "$T/b/queue-9.9.2" widen 2222222222222222222222222222222222222222 "static int a;" "static long a;"
SG_GATE_TRIES=1 gate "$T/first" "$T/a/queue-9.9.2"
SG_GATE_TRIES=1 gate "$T/second" "$T/b/queue-9.9.2"
k1=$(cat "$T/first/kernels/9.9/candidate-queue-9.9.2") k2=$(cat "$T/second/kernels/9.9/candidate-queue-9.9.2")
[ "$k1" != "$k2" ] && [ "$(head -n 1 "$k1")" = BUG ] && [ "$(head -n 1 "$k2")" = "static long a;" ] &&
	ok "one queue name, two contents: two kernels, each run naming its own" ||
	fail "kernels: $k1 $k2: $(head -n 1 "$k1" "$k2")"
[ "$("$RUNFILE" list --where variant=candidate-queue-9.9.2 "$T/first/results.tsv" image | sort -u)" = "$(sha256sum < "$k1" | cut -c1-64)" ] &&
	[ "$("$RUNFILE" list --where variant=candidate-queue-9.9.2 "$T/second/results.tsv" image | sort -u)" = "$(sha256sum < "$k2" | cut -c1-64)" ] &&
	ok "each row names the sha256 of the bzImage it booted" ||
	fail "images: $("$RUNFILE" list "$T/first/results.tsv" variant image)"
"$RUNFILE" list --where check=raid0-map "$T/first/gate.tsv" verdict | grep -qx regression &&
	"$SG_ROOT/maintain/repro.sh" "$T/first" 9.9/candidate-queue-9.9.2/raid0-map > "$T/repro.out" 2>&1
rc=$?
out=$(tail -n 1 "$T/repro.out")
[ $rc = 0 ] && cmp -s "$out/bzImage" "$k1" && [ "$(head -n 1 "$out/bzImage")" = BUG ] &&
	[ "$(cat "$out/bzImage.sha256")" = "$(sha256sum < "$k1" | cut -c1-64)" ] &&
	ok "make repro of the first run, after the second: the first run's kernel, its sha256 kept" ||
	fail "repro: exit $rc: $(tail -n 8 "$T/repro.out")"
# A kept kernel whose bytes are no longer the ones the row booted: refused.
printf 'static long a;\n' > "$k1"
"$SG_ROOT/maintain/repro.sh" "$T/first" 9.9/candidate-queue-9.9.2/raid0-map "$T/again" > "$T/again.out" 2>&1
[ $? != 0 ] && grep -q "is not the kernel the run booted (sha256 " "$T/again.out" &&
	ok "a kernel that is no longer the one the row booted: repro refuses, naming its sha256" ||
	fail "repro of a changed kernel: $(tail -n 3 "$T/again.out")"
done_testing
