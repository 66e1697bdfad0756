# stableguard's helpers for mail (intake, review), sourced by lib/sg.sh (so by every script of prove/ and maintain/),
# after the settings.

# sg_quilt_series DIR: each patch a quilt queue's DIR/series lists, in
# order, as "LINE PATCH" (its line in series, for errors); # comments
# and quilt's options after the name left out.
sg_quilt_series() {
	awk '{ sub(/#.*/, ""); if ($1 != "") print NR, $1 }' "$1"/series
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
