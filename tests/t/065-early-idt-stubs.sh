# The early IDT build-compat patch, assembled with today's binutils: the
# stubs its "+" lines make are 9 bytes each with every jump reaching the
# common handler, while the "-" line it replaces gets relaxed to 2 bytes
# in the later stubs (what stops a 2015 kernel after "Booting the kernel.").
. "$SG_ROOT/tests/common.sh"
command -v as >/dev/null && command -v objdump >/dev/null || { echo "no binutils"; exit 77; }

# stubs.S LINES: 32 stubs as in head_64.S, ending in LINES (the jump).
stubs() {
	printf '\t.text\n\t.globl early_idt_handlers\nearly_idt_handlers:\n\ti = 0\n\t.rept 32\n'
	printf '\t.if (0x00027d00 >> i) & 1\n\t.byte 0x66,0x90\n\t.else\n\tpushq $0\n\t.endif\n\tpushq $i\n'
	cat "$1"
	printf '\ti = i + 1\n\t.endr\n\t.globl early_idt_handler\nearly_idt_handler:\n\tnop\n'
}

for p in "$SG_ROOT"/backports/*/build-compat/0003-*.patch; do
	rel=${p#"$SG_ROOT"/backports/}
	sed -n '/^@@/,/^-- $/p' "$p" | sed -n 's/^+//p' > "$T/new.lines"
	sed -n '/^@@/,/^-- $/p' "$p" | sed -n 's/^-\([^-]\)/\1/p' > "$T/old.lines"
	stubs "$T/new.lines" > "$T/new.S"
	stubs "$T/old.lines" > "$T/old.S"
	as --64 -o "$T/new.o" "$T/new.S" && as --64 -o "$T/old.o" "$T/old.S" ||
		{ fail "$rel: does not assemble"; continue; }
	at=$(nm "$T/new.o" | awk '$3 == "early_idt_handler" { print $1 }')
	jumps=$(objdump -d "$T/new.o" | grep -c 'jmp.*<early_idt_handler>')
	[ "$at" = 0000000000000120 ] && [ "$jumps" = 32 ] &&
		ok "$rel: 32 stubs of 9 bytes, 32 jumps to the handler" ||
		fail "$rel: handler at $at, $jumps jumps"
	objdump -d "$T/old.o" | grep -q 'eb .*jmp.*<early_idt_handler>' &&
		ok "$rel: the line it replaces is relaxed to a short jump here" ||
		fail "$rel: the old jump is not relaxed any more; is the patch still needed?"
done
done_testing
