# intake-input.sh, sourced by intake.sh: what was given, as a list of
# entries $tmp/e/NNN/ (in the order they are offered), each with
#   name     the patch's file name, for the table
#   id       its upstream commit
#   info     quiltmail info: QM_FILES, QM_FIXES, QM_STABLE_SIGNOFFS
#   quilt    the quilt patch, with release the stable release that
#            shipped it; or am, the mail b4 made of it
# Everything is checked before anything changes: bad input dies here.

nr_entries=0

# stable_release DIR WHAT: RELEASE_OF_QUEUE, else the version DIR is
# named after (said), else die.
stable_release() {
	if [ -n "${RELEASE_OF_QUEUE:-}" ]; then
		echo "$RELEASE_OF_QUEUE"
		return
	fi
	r=$(sg_release_of_folder "$1")
	[ -n "$r" ] || sg_die "intake: $2: which stable release shipped it? Say RELEASE_OF_QUEUE=<version> (e.g. 4.0.5); the folder $(basename "$1") is not named like one"
	sg_say "intake: $2: the patches of stable release $r (the folder's name; RELEASE_OF_QUEUE= says otherwise)"
	echo "$r"
}

new_entry() {
	nr_entries=$((nr_entries + 1))
	e="$tmp/e/$(printf %04d "$nr_entries")"
	mkdir -p "$e"
	basename "$1" > "$e/name"
}

# add_quilt PATCH RELEASE WHERE [COMMIT [HINT]]: a quilt patch as an
# entry; WHERE names it in errors, COMMIT stands in for a missing upstream
# line, HINT ends the error when there is neither.
add_quilt() {
	new_entry "$1"
	"$QUILTMAIL" info "$1" > "$e/info" || sg_die "intake: $3: not a patch intake can read"
	QM_ID=
	. "$e/info"
	id=${QM_ID:-${4:-}}
	[ -n "$id" ] || sg_die "intake: $3: no \"commit <id> upstream.\" line names its upstream commit${5:-}"
	echo "$id" | grep -qx '[0-9a-f]\{40\}' || sg_die "intake: $3: COMMIT=$id is not 40 hex digits"
	echo "$id" > "$e/id"
	cp "$1" "$e/quilt"
	echo "$2" > "$e/release"
}

# add_mail MBOX: one upstream commit as a mail, through b4 am -m.
add_mail() {
	id=${COMMIT:-$(sed -n 's/^From \([0-9a-f]\{40\}\) .*/\1/p' "$1" | head -n 1)}
	echo "$id" | grep -qx '[0-9a-f]\{40\}' ||
		sg_die "intake: $1 names no upstream commit (a git format-patch mail starts \"From <40 hex>\"): say COMMIT=<40 hex>"
	command -v b4 >/dev/null || sg_die "intake: b4 is not installed (make deps)"
	new_entry "$1"
	sg_unfold_headers < "$1" > "$e/in.mbox"
	mkdir -p "$e/b4"
	(cd "$e" && b4 -q --offline-mode am -m "$e/in.mbox" -o "$e/b4") >"$e/b4.log" 2>&1 ||
		{ cat "$e/b4.log" >&2; sg_die "intake: b4 am -m $1 failed"; }
	am=$(ls "$e"/b4/*.mbx 2>/dev/null | head -n 1)
	[ -n "$am" ] || sg_die "intake: b4 am found no patch in $1"
	n=$(grep -c '^From git@z ' "$am")
	[ "$n" = 1 ] || sg_die "intake: $1 holds $n patches; intake takes one upstream commit"
	mv "$am" "$e/am"
	"$QUILTMAIL" info "$e/am" > "$e/info" || sg_die "intake: $1: b4's mail of it cannot be read"
	echo "$id" > "$e/id"
}

# read_one MBOX: a quilt patch (a plain diff) or a mail.
read_one() {
	"$QUILTMAIL" info "$1" > "$tmp/one.info" 2>"$tmp/one.err" || {
		cat "$tmp/one.err" >&2
		sg_die "intake: $1: no patch in it"
	}
	QM_QUILT=0
	. "$tmp/one.info"
	if [ "$QM_QUILT" = 1 ]; then
		rel=$(stable_release "$(dirname "$1")" "$1") || exit 1
		add_quilt "$1" "$rel" "$1" "${COMMIT:-}" \
			"; say COMMIT=<40 hex> to take it all the same"
	else
		add_mail "$1"
	fi
}

# read_queue DIR: every patch DIR/series lists, in order.
read_queue() {
	rq_why=$(sg_queue "$1" "$tmp/series.lines") || sg_die "intake: $rq_why"
	rel=$(stable_release "$1" "$1") || exit 1
	while read -r lineno p; do
		add_quilt "$1/$p" "$rel" "$1/series:$lineno ($p)"
	done < "$tmp/series.lines"
	sg_say "intake: $nr_entries patches of $rel from $1"
}
