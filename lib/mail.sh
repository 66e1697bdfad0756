# stableguard's helpers for mail (intake, review), sourced by lib/sg.sh (so by every script of prove/ and maintain/),
# after the settings.

# sg_quilt_series DIR: each patch a quilt queue's DIR/series lists, in
# order, as "LINE PATCH" (its line in series, for errors); # comments
# and quilt's options after the name left out.
sg_quilt_series() {
	awk '{ sub(/#.*/, ""); if ($1 != "") print NR, $1 }' "$1"/series
}

# sg_queue DIR OUT: the one reader of a stable-queue folder (the gate's
# QUEUE, intake's): every patch its series file lists, in order, checked
# to be there, "LINE PATCH" a line into OUT (sg_quilt_series).  Fails
# saying why on stdout: no such folder, no series file, a patch the
# series names that is not there, or none at all.
sg_queue() {
	[ -d "$1" ] || { echo "$1: no such folder"; return 1; }
	[ -f "$1/series" ] || {
		echo "$1: no series file (a stable-queue folder lists its patches in $1/series)"
		return 1
	}
	sg_quilt_series "$1" > "$2" || return 1
	while read -r sq_line sq_p; do
		[ -f "$1/$sq_p" ] || { echo "$1/series:$sq_line names $sq_p: no such patch in $1"; return 1; }
	done < "$2"
	[ -s "$2" ] || { echo "$1/series lists no patch"; return 1; }
}

# sg_release_of_folder DIR: the stable release DIR is named after
# (stable-queue's releases/4.0.5, a queue-6.1.193), or nothing.
sg_release_of_folder() {
	basename "$1" | sed -n 's/^\(.*[^0-9.]\)\{0,1\}\([0-9]\{1,\}\(\.[0-9]\{1,\}\)\{2,\}\)$/\2/p'
}

# sg_unfold_headers < MAIL_OR_MBOX: each message's folded header lines
# joined.  b4 0.12's am keeps a local mbox's folded headers raw and then
# refuses a Subject holding the line break (ValueError: Header values may
# not contain linefeed); RFC 5322 allows the long lines.
sg_unfold_headers() {
	awk 'BEGIN { head = 1 }
		/^From / && !head { print; head = 1; next }
		head && /^[ \t]/ && held != "" { sub(/^[ \t]+/, " "); held = held $0; next }
		head && held != "" { print held; held = "" }
		head && /^$/ { head = 0; print; next }
		head { held = $0; next }
		{ print }
		END { if (held != "") print held }'
}
