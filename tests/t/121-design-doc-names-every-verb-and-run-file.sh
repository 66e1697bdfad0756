# docs/design.md holds the house as the code has it: its run-files table
# names every kind lib/runfile.c defines, each with the columns runfile
# gives it (and no kind that is not there); the report and sgconf rows
# name every verb their dispatchers take (and none they do not).  A
# stand-in doc with a kind, a column and a verb taken out is named on
# each, so the test can fail.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1

# The code's side, a line each: "kind NAME: COLUMNS", "report --VERB",
# "sgconf VERB".
code_says() {
	for k in $(sed -n 's/^\t{ "\([a-z]*\)", [a-z_]*_names, [A-Z_]*NCOLS },$/\1/p' lib/runfile.c); do
		echo "kind $k: $("$RUNFILE" header "$k" | tr '\t' ' ')"
	done
	sed -n '/^int main(/,/^}/p' report/report.c | grep -o '"--[a-z-]*"' | tr -d '"' | sed 's/^/report /'
	sed -n 's/.*!strcmp(cmd, "\([a-z-]*\)").*/sgconf \1/p' config/sgconf.c
}

# The doc's side, the same lines: the run-files table's rows (a kind, its
# file under RUN/ or a LOG, its columns) and the verbs in the rows of
# config/sgconf.c and report/report.c.
doc_says() {
	awk -F' [|] ' '/^\| `[a-z]*` \| `(RUN|LOG)/ {
		k = $1; sub(/^\| `/, "", k); sub(/`.*/, "", k); print "kind " k ": " $3 }' "$1"
	grep '^| `report/report.c`' "$1" | grep -o '`--[a-z-]*`' | tr -d '`' | sed 's/^/report /'
	# Each code span's first word, the tool's own name left out.
	grep '^| `config/sgconf.c`' "$1" | sed 's/^[^|]*|[^|]*|//' | grep -o '`[^`]*`' | tr -d '`' |
		awk '$1 != "sgconf" { print "sgconf " $1 }'
}

code_says | sort -u > "$T/code"
[ "$(grep -c '^kind ' "$T/code")" -ge 20 ] && [ "$(grep -c '^report ' "$T/code")" -ge 10 ] &&
	[ "$(grep -c '^sgconf ' "$T/code")" -ge 12 ] ||
	fail "the code's kinds and verbs read as too few: the search is broken: $(cat "$T/code")"
doc_says docs/design.md | sort -u > "$T/doc"
if diff "$T/code" "$T/doc" > "$T/diff"; then
	ok "docs/design.md names every run-file kind with its columns, every report and sgconf verb: $(wc -l < "$T/code") in all"
else
	fail "docs/design.md and the code differ (< the code, > the doc): $(cat "$T/diff")"
fi

# A stand-in doc: the kind narrow gone, a column of culprit gone, the
# verb --culprit gone.  Each is named.
sed -e '/^| `narrow` |/d' -e '/^| `culprit` |/s/ fixed_by//' -e 's/`--culprit`, //' docs/design.md > "$T/bad.md"
doc_says "$T/bad.md" | sort -u > "$T/bad"
diff "$T/code" "$T/bad" > "$T/baddiff"
grep -q '^< kind narrow: ' "$T/baddiff" && grep -q '^> kind culprit: .* verified bisect' "$T/baddiff" &&
	grep -q '^< report --culprit$' "$T/baddiff" &&
	ok "a doc without a kind, a column or a verb: each named" || fail "stand-in doc: $(cat "$T/baddiff")"
done_testing
