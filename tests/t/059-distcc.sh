# Builds over distcc: with DISTCC_HOSTS set, build-kernel.sh puts distcc
# behind ccache (CCACHE_PREFIX) and the compiles reach the farm.  The
# farm here is one distccd the test starts, on 127.0.0.1 only, building a
# stand-in tree's one C file; DISTCC_FALLBACK=0 forbids a quiet local
# compile.  The run's mode is said (matrix.sh writes it, report prints it).
. "$SG_ROOT/tests/common.sh"
command -v distccd >/dev/null || { echo "distccd not installed (make deps installs distcc)"; exit 77; }
export SG_CACHE="$T/cache"
mkdir -p "$SG_CACHE"

port=$((30000 + $$ % 20000))
distccd --daemon --no-detach --listen 127.0.0.1 --port "$port" --allow 127.0.0.1 \
	--log-stderr --log-level info --jobs 2 2>"$T/distccd.log" &
daemon=$!
trap 'kill $daemon 2>/dev/null' EXIT
until_true 5 grep -q "listening on 127.0.0.1" "$T/distccd.log" ||
	{ fail "distccd did not start: $(cat "$T/distccd.log")"; done_testing; }
ss -ltn 2>/dev/null | grep -q ":$port " && ! ss -ltn | grep ":$port " | grep -vq "127.0.0.1:$port" &&
	ok "distccd listens on 127.0.0.1 only" || fail "distccd: $(ss -ltn | grep ":$port ")"

# A tree whose bzImage is one object compiled with the CC it is given.
d="$T/tree"
mkdir -p "$d/scripts/kconfig"
printf 'int sg_one_small_thing(int x) { return x * 2015; }\n' > "$d/small.c"
cat > "$d/Makefile" <<'MK'
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@mkdir -p $(O)/arch/x86/boot
	$(CC) -c $(CURDIR)/small.c -o $(O)/small.o
	@cp $(O)/small.o $(O)/arch/x86/boot/bzImage
MK
printf '#!/bin/sh\n' > "$d/scripts/kconfig/merge_config.sh"
chmod +x "$d/scripts/kconfig/merge_config.sh"
echo "CONFIG_X=y" > "$T/frag.config"

DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0 \
	"$SG_ROOT/prove/build-kernel.sh" "$d" "$T/build" "$T/frag.config" gcc-12 >"$T/out" 2>"$T/err" ||
	fail "build-kernel.sh exited $?: $(cat "$T/err")"
[ -s "$T/build/small.o" ] && ok "the object was built" || fail "no object"
# distccd logs the job after it answers: wait for the line, 5 s at most.
until_true 5 grep -q "COMPILE_OK .*small.c" "$T/distccd.log" && ok "compiled by distccd, through ccache" ||
	fail "distccd did not compile it: $(tail -n 5 "$T/distccd.log")"

. "$SG_ROOT/lib/sg.sh"
[ "$(DISTCC_HOSTS="127.0.0.1:$port/2" sg_build_mode)" = "distcc plain over 127.0.0.1:$port/2, ccache in front" ] &&
	[ "$(DISTCC_HOSTS= sg_build_mode)" = "local, ccache" ] &&
	ok "the build mode is said" || fail "mode: $(DISTCC_HOSTS="127.0.0.1:$port/2" sg_build_mode)"
mkdir -p "$T/run"
"$RUNFILE" header results > "$T/run/results.tsv"
echo "distcc plain over 127.0.0.1:$port/2, ccache in front" > "$T/run/builds"
"$REPORT" "$T/run" | grep -q "^builds: distcc plain over" && ok "report prints it" ||
	fail "report: $("$REPORT" "$T/run")"
done_testing
