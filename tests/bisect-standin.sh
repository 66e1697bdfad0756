# The stand-in kernel history both bisection tests (096, 098) bisect,
# sourced after tests/common.sh: a stand-in series 9.9 whose build-compat
# patch changes compat.h; a tree whose make gives its *.c without //
# lines as the "bzImage" (and fails on a line "syntax error"); a stand-in
# QEMU on PATH that says FAIL when the image says BUG (BUG-FLAKY: only for
# a seed divisible by 3; SLOW=FILE: it writes its pid there and waits to
# be interrupted).  The history, in $user from v9.9.1 to v9.9.2: harmless
# commits, a build that breaks ($broken) at the middle and is mended, the
# mutant ($mutant), harmless ones again.  Helpers: ug (git in $user),
# commit, uncommit, harmless.  TREE and SG_SEED=3 exported.
standin_series
mkdir -p "$SG_CACHE/bin" "$T/path"
cp "$SGCONF" "$LOGREAD" "$RUNFILE" "$(dirname "$LOGREAD")/bisectmd" "$SG_CACHE/bin/"
sed -i 's/compiler: gcc-12/compiler: gcc/' "$SG_BRANCHES"
printf 'initrd\n' > "$T/initrd"

# The stand-in QEMU: FAIL when the image says BUG (BUG-FLAKY: only for a
# seed divisible by 3); SLOW makes it wait for an interrupt.
standin_qemu "$T/path/qemu-system-x86_64"
cat >> "$T/path/qemu-system-x86_64" <<'SH'
[ -n "${SLOW:-}" ] && { echo $$ > "$SLOW"; sleep 30; }
r="PASS seed=$seed arrays=1"
grep -q '^BUG$' "$kernel" && r="FAIL seed=$seed 1 of 8 sectors misplaced; first: array sector 77"
grep -q '^BUG-FLAKY$' "$kernel" && [ $((seed % 3)) = 0 ] && r="FAIL seed=$seed first: array sector 9"
printf 'SG-BOOT 9.9.1\nSG-BEGIN raid0-map\nSG-RESULT raid0-map %s\nSG-END raid0-map rc=0 secs=0.1\nSG-DONE\n' "$r" >> "$log"
SH
export PATH="$T/path:$PATH" SG_ACCEL=tcg

# The history: a tree whose make gives its *.c without // lines, and
# fails on a line "syntax error".  Each commit adds or removes a file of
# its own, so that any of them reverts cleanly.
user="$T/user"
mkdir -p "$user/scripts/kconfig"
cat > "$user/Makefile" <<'MK'
kernelversion:
	@echo 9.9.1
allnoconfig olddefconfig:
	@cat $(O)/.config.want* > $(O)/.config 2>/dev/null || :
bzImage:
	@! grep -q '^syntax error' *.c || { echo 'broken.c:1: error: syntax error' >&2; exit 1; }
	@mkdir -p $(O)/arch/x86/boot
	@cat *.c | grep -v '^//' > $(O)/arch/x86/boot/bzImage
	@stat -c %.9Y compat.h >> $(O)/compat-times
MK
printf '#!/bin/sh\n' > "$user/scripts/kconfig/merge_config.sh"
chmod +x "$user/scripts/kconfig/merge_config.sh"
echo 'int x;' > "$user/base.c"
echo 'old' > "$user/compat.h"
ug() { git -C "$user" -c user.name=stableguard -c user.email=stableguard@localhost "$@"; }
ug init -q
ug add -A && ug commit -q -m "9.9.1" && ug tag v9.9.1
# A build-compat patch to compat.h, which every step applies on top.
cp -r "$user" "$T/compat-src" && echo new > "$T/compat-src/compat.h" &&
	git -C "$T/compat-src" -c user.name=stableguard -c user.email=stableguard@localhost \
		commit -qam "compat: new" && git -C "$T/compat-src" format-patch -q -1 --stdout > "$T/conf/p/compat.patch"
echo compat.patch > "$T/conf/p/compat"
sed -i 's|^    patches: \(.*\)$|    patches: \1\n    build-compat: p/compat|' "$SG_BRANCHES"
# commit SUBJECT FILE LINE [BODY]: FILE.c is added, holding LINE.
commit() {
	echo "$3" > "$user/$2.c"
	ug add "$2.c" && ug commit -q -m "$1" ${4:+-m "$4"}
}
# uncommit SUBJECT FILE: FILE.c removed again.
uncommit() { ug rm -q "$2.c" && ug commit -q -m "$1"; }
# harmless FROM TO PREFIX: a string, then comments only (the same image).
harmless() {
	i=$1
	commit "$3: harmless string $i" "$3s$i" "char $3s$i[] = \"$i\";"
	while [ $((i += 1)) -le $2 ]; do
		commit "$3: harmless comment $i" "$3c$i" "// comment $i"
	done
}
# The build breaks at the middle of the range, where git bisect looks
# first, and the mutant comes after it is mended.
harmless 1 4 a
harmless 5 8 b
commit "broken build" broken "syntax error"
broken=$(ug rev-parse --short=12 HEAD)
uncommit "build fixed" broken
commit "md/raid0: the mutant" bug BUG "commit 47d68979cc968535cb87f3e5f2e6a3533ea48fbd upstream."
mutant=$(ug rev-parse --short=12 HEAD)
harmless 9 15 c
ug tag v9.9.2
n=$(ug rev-list --count v9.9.1..v9.9.2)
export TREE="$user" SG_SEED=3
