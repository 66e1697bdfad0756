# The early IDT build-compat patch of each 2015 series, assembled with
# today's binutils: the head_64.S code its first hunk leaves behind lays
# out 32 stubs of 9 bytes, every one jumping to the common handler, while
# the code it replaces has its later jumps relaxed to 2 bytes (what stops
# a 2015 kernel right after "Booting the kernel.").
. "$SG_ROOT/tests/common.sh"
command -v gcc >/dev/null && command -v nm >/dev/null && command -v objdump >/dev/null ||
	{ echo "no gcc or binutils"; exit 77; }

# side PATCH KEEP: the first head_64.S hunk as it reads before (KEEP='-')
# or after (KEEP='+'), with the comment lines the preprocessor would take
# for directives left out.
side() {
	sed -n '/^diff --git a\/arch\/x86\/kernel\/head_64.S/,/^diff --git\|^-- $/p' "$1" |
		awk -v keep="$2" '
			/^@@/ { hunks++; next }
			hunks != 1 { next }
			substr($0, 1, 1) == " " || substr($0, 1, 1) == keep { print substr($0, 2) }' |
		grep -v '^[[:space:]]*#'
	printf '\tnop\n'
}

# assemble SIDE.S OBJ: with the few definitions head_64.S takes from headers.
assemble() {
	gcc -c -x assembler-with-cpp -o "$2" "$1" \
		-D'ENTRY(x)=.globl x; x:' -D'ENDPROC(x)=' -D'__INIT=.text' \
		-DNUM_EXCEPTION_VECTORS=32 -DEXCEPTION_ERRCODE_MASK=0x00027d00 \
		-DEARLY_IDT_HANDLER_SIZE=9 -D'ASM_NOP2=.byte 0x66,0x90'
}

addr() { nm "$1" | awk -v s="$2" '$3 == s { print $1 }'; }

n=0
for p in "$SG_ROOT"/backports/*/build-compat/*-x86-asm-irq-Stop-relying-on-magic-JMP-*.patch; do
	[ -f "$p" ] || continue
	n=$((n + 1))
	rel=${p#"$SG_ROOT"/backports/}
	side "$p" + > "$T/new.S"
	side "$p" - > "$T/old.S"
	assemble "$T/new.S" "$T/new.o" && assemble "$T/old.S" "$T/old.o" ||
		{ fail "$rel: does not assemble"; continue; }
	start=$(addr "$T/new.o" early_idt_handler_array)
	common=$(addr "$T/new.o" early_idt_handler_common)
	jumps=$(objdump -d "$T/new.o" | grep -c 'jmp.*<early_idt_handler_common>')
	if [ -n "$start" ] && [ -n "$common" ] &&
		[ $((0x$common - 0x$start)) -eq $((32 * 9)) ] && [ "$jumps" = 32 ]; then
		ok "$rel: 32 stubs of 9 bytes, 32 jumps to the common handler"
	else
		fail "$rel: array at $start, handler at $common, $jumps jumps"
	fi
	objdump -d "$T/new.o" | awk '/<early_idt_handler_array>:/,/<early_idt_handler_common>:/' |
		grep -q 'push.*\$0x1f' && ok "$rel: the 32nd stub is there" ||
		fail "$rel: no stub pushes vector 31"
	objdump -d "$T/old.o" | grep -q 'eb .*jmp.*<early_idt_handler>' &&
		ok "$rel: the code it replaces is relaxed to a short jump here" ||
		fail "$rel: the old jump is not relaxed any more; is the patch still needed?"
done
[ "$n" -ge 5 ] && ok "$n series carry the early IDT patch" ||
	fail "only $n series carry the early IDT patch (want the five 2015 series)"
done_testing
