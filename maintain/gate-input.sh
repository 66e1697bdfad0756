# gate-input.sh, sourced by gate.sh: the candidate as a tester receives it,
# made into one list of entries $tmp/e/NNNN/ (in the order they apply):
#   name     the patch as the queue names it: its file (QUEUE, RC) or
#            its place in the thread, NNN/MMM (MBOX)
#   mail     the mail git am takes
#   id       the upstream commit its "commit <id> upstream." line names, or -
#   subject  its subject
# Everything is read and checked before anything is made: bad input dies
# here (gate.sh's bad: exit 2), named with its file and line.

nr_entries=0

# entry NAME MAIL [PATCH]: an entry of the list, its id and subject read
# off PATCH (the quilt patch: its mail has no upstream line), else MAIL.
entry() {
	nr_entries=$((nr_entries + 1))
	e="$tmp/e/$(printf %04d "$nr_entries")"
	mkdir -p "$e"
	echo "$1" > "$e/name"
	cp "$2" "$e/mail"
	QM_ID= QM_SUBJECT=
	eval "$("$QUILTMAIL" info "${3:-$2}")" || bad "$1: not a patch git am can take"
	echo "${QM_ID:--}" > "$e/id"
	echo "$QM_SUBJECT" > "$e/subject"
}

# queue_input DIR RELEASE: a stable-queue folder, every patch its series
# file lists, in order, each quilt patch as its mail (quiltmail).
queue_input() {
	mkdir -p "$tmp/q"
	qi_why=$(sg_queue "$1" "$tmp/q/lines") || bad "QUEUE=$qi_why"
	while read -r qi_line qi_p; do
		"$QUILTMAIL" mail "$1/$qi_p" "$SG_SERIES" "$2" > "$tmp/q/mail" 2>"$tmp/q/err" ||
			bad "$1/series:$qi_line ($qi_p): not a patch: $(head -n 1 "$tmp/q/err")"
		entry "$qi_p" "$tmp/q/mail" "$1/$qi_p"
	done < "$tmp/q/lines"
}

# rc_input REPO FROM RC: the commits FROM..RC of a git repository (a
# linux-stable-rc branch), oldest first, each as git format-patch makes it.
rc_input() {
	git -C "$1" merge-base --is-ancestor "$2" "$3" 2>/dev/null ||
		bad "FROM=${FROM:-$2} is not an ancestor of RC=${RC:-$3}"
	[ -z "$(git -C "$1" rev-list --merges "$2..$3")" ] ||
		bad "RC=$3: $2..$3 holds merges; the gate applies a line of patches"
	mkdir -p "$tmp/rc"
	git -C "$1" format-patch -q -N --no-signature -o "$tmp/rc" "$2..$3" ||
		bad "git format-patch $2..$3 in $1 failed"
	for ri_m in "$tmp"/rc/*.patch; do
		[ -f "$ri_m" ] || bad "RC=$3: no commit after FROM=$2"
		entry "$(basename "$ri_m")" "$ri_m"
	done
}

# mbox_input MBOX SERIES: a review thread, its cover letter
# "[PATCH S 000/NNN] S.x-stable review" and patches 1/NNN..NNN/NNN
# (any order in the file; none missing, none twice).  The cover's
# Message-ID and subject go to $tmp/thread for the reply.
mbox_input() {
	[ -f "$1" ] || bad "MBOX=$1: no such file"
	mkdir -p "$tmp/mbox"
	sg_unfold_headers < "$1" > "$tmp/mbox.in"
	mi_n=$(git mailsplit -o"$tmp/mbox" "$tmp/mbox.in" 2>/dev/null) || bad "MBOX=$1: not a mailbox"
	: > "$tmp/mbox/index"
	for mi_f in "$tmp"/mbox/[0-9]*; do
		mi_s=$(sed -n '/^$/q; s/^[Ss]ubject: *//p' "$mi_f" | head -n 1)
		mi_k=$(echo "$mi_s" | sed -n 's/^.*\[PATCH [^]]*[^0-9]\([0-9]\{1,\}\)\/\([0-9]\{1,\}\)\].*$/\1 \2/p')
		[ -n "$mi_k" ] || continue
		echo "$mi_k $mi_f" >> "$tmp/mbox/index"
	done
	mi_cover=$(awk '$1 + 0 == 0 { print $3; exit }' "$tmp/mbox/index")
	[ -n "$mi_cover" ] || bad "MBOX=$1: no cover letter \"[PATCH $2 000/NNN] $2.x-stable review\" among its $mi_n messages"
	mi_total=$(awk '$1 + 0 == 0 { print $2 + 0; exit }' "$tmp/mbox/index")
	{
		"$RUNFILE" header thread
		"$RUNFILE" row thread \
			message_id="$(sed -n '/^$/q; s/^[Mm]essage-[Ii][Dd]: *//p' "$mi_cover" | head -n 1)" \
			subject="$(sed -n '/^$/q; s/^[Ss]ubject: *//p' "$mi_cover" | head -n 1)"
	} > "$tmp/thread" || bad "MBOX=$1: its cover letter's headers cannot be kept"
	mi_k=1
	while [ "$mi_k" -le "$mi_total" ]; do
		mi_f=$(awk -v k="$mi_k" '$1 + 0 == k { print $3 }' "$tmp/mbox/index")
		case $(echo "$mi_f" | wc -w) in
		0) bad "MBOX=$1: patch $mi_k/$mi_total is missing (the thread has $(awk '$1 + 0 > 0' "$tmp/mbox/index" | wc -l) of $mi_total)" ;;
		1) ;;
		*) bad "MBOX=$1: patch $mi_k/$mi_total is there $(echo "$mi_f" | wc -w) times" ;;
		esac
		entry "$(printf '%03d/%03d' "$mi_k" "$mi_total")" "$mi_f"
		mi_k=$((mi_k + 1))
	done
}
