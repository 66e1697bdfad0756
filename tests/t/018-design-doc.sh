# docs/design.md is the tree as it stands.  Every repository path it
# names (in a code span, or in a fenced diagram) is in the tree, and each
# pattern with * matches at least one file; a path under $SG_CACHE, RUN/
# or runs/, a placeholder with < >, a NAME=VALUE or a quoted value is no
# path of the tree and is passed over.  Every product file (the top's
# Makefile, branches.yaml, .gitlab-ci.yml and .ci/run, and all of prove/,
# maintain/, lib/, config/, report/, vm-images/, verify/ and backports/)
# is named in it: each script and each C file of prove/, maintain/,
# lib/, config/, report/ and vm-images/ by its own path, the rest by its
# path or by a pattern that matches it.  Then a stand-in doc with a path
# renamed, a row removed and a pattern that matches nothing: each is
# named, so the test can fail.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1
doc=docs/design.md

# words DOC: every word of DOC's code spans (joined across line breaks)
# and of its fenced blocks, a line each, without the punctuation around
# it, double-quoted values ("$UPSTREAM", "drivers/md fs/ext4") left out.
words() {
	awk '
	/^```/ { fence = !fence; next }
	fence { gsub(/"[^"]*"/, " "); print; next }
	{ text = text " " $0 }
	END {
		while (match(text, /`[^`]*`/)) {
			span = substr(text, RSTART + 1, RLENGTH - 2)
			gsub(/"[^"]*"/, " ", span)
			print span
			text = substr(text, RSTART + RLENGTH)
		}
	}' "$1" | tr -s ' \t' '\n\n' |
		sed -e 's/^[("'\''[{]*//' -e 's/[]),;:."'\''}]*$//' | sed '/^$/d'
}

# paths: of the words, those that look like a path of the repository (a
# "/" in them, or a name ending .sh .c .h .yaml .md), but a placeholder,
# a variable, an option, an assignment, an absolute or home path, a URL,
# or a path in a run folder (RUN/, runs/).
paths() {
	grep -v -e '[<>$=@|~]' -e '^-' -e '^/' -e '://' -e '^RUN/' -e '^runs/' |
		grep -E -e '/' -e '\.(sh|c|h|yaml|md)$' | sort -u
}

git ls-files > "$T/files"
# The product files, each with 1 when it must be named by its own path:
# a script (*.sh, lib/settings, a #! file) or a C file of a job's folder.
git ls-files Makefile branches.yaml .gitlab-ci.yml .ci prove maintain lib config report \
	vm-images verify backports |
while read -r f; do
	strict=
	case $f in
	prove/* | maintain/* | lib/* | config/* | report/* | vm-images/*)
		case $f in
		*.sh | *.c | *.h | lib/settings) strict=1 ;;
		*) [ -z "$(sed -n '1{/^#!/p;}' "$f")" ] || strict=1 ;;
		esac ;;
	esac
	printf '%s\t%s\n' "$f" "$strict"
done > "$T/product"

# problems DOC: what DOC gets wrong of the tree, a line each: a path it
# names that is not there (of $T/paths, the words that look like one), a
# product file it does not name (of $T/words, every word: Makefile too).
problems() {
	words "$1" | sort -u > "$T/words"
	paths < "$T/words" > "$T/paths"
	awk -v files="$T/files" -v product="$T/product" -v words="$T/words" '
	# The pattern p as a regular expression: * and ? stop at a /.
	function re(p,   r, i, c) {
		r = "^"
		for (i = 1; i <= length(p); i++) {
			c = substr(p, i, 1)
			if (c == "*") r = r "[^/]*"
			else if (c == "?") r = r "[^/]"
			else if (index(".+()[]{}^$|\\", c)) r = r "\\" c
			else r = r c
		}
		return r "$"
	}
	BEGIN {
		while ((getline f < files) > 0) file[f] = 1
		while ((getline w < words) > 0) named[w] = 1
	}
	{ path[$0] = 1; if ($0 ~ /[*?]/) pat[$0] = re($0) }
	END {
		for (p in path) {
			hit = 0
			if (p in pat) {
				for (f in file) if (f ~ pat[p]) { hit = 1; break }
				if (!hit) print "names " p ", which matches no file of the tree"
				continue
			}
			if (p in file) continue
			d = p
			sub(/\/$/, "", d)
			for (f in file) if (index(f, d "/") == 1) { hit = 1; break }
			if (!hit) print "names " p ", which is not in the tree"
		}
		while ((getline line < product) > 0) {
			split(line, a, "\t")
			f = a[1]
			if (f in named) continue
			if (a[2] == 1) { print f " is not named by its path"; continue }
			hit = 0
			for (p in pat) if (f ~ pat[p]) { hit = 1; break }
			if (!hit) print f " is not named, by its path or by a pattern"
		}
	}' "$T/paths" | sort
}

# The reading itself sees the doc: many paths, the run files' schema and
# a pattern among them, and every product file listed.
problems "$doc" > "$T/problems"
n=$(wc -l < "$T/paths")
np=$(wc -l < "$T/product")
[ "$n" -ge 100 ] && grep -qx lib/runfile.h "$T/paths" && grep -qx 'verify/\*.c' "$T/paths" &&
	[ "$np" -ge 100 ] && grep -q '^prove/matrix.sh	1$' "$T/product" &&
	grep -q '^vm-images/init	1$' "$T/product" &&
	ok "$doc names $n paths; $np product files" ||
	fail "the reading is broken: $n paths named in $doc, $np product files"

grep '^names ' "$T/problems" > "$T/absent"
[ ! -s "$T/absent" ] && ok "every path $doc names is in the tree, every pattern matches a file" ||
	fail "$doc: $(cat "$T/absent")"
grep -v '^names ' "$T/problems" > "$T/unnamed"
[ ! -s "$T/unnamed" ] && ok "every product file is named in $doc (scripts and C files by path)" ||
	fail "$doc: $(cat "$T/unnamed")"

# The guard can fail: a stand-in doc with prove/merge-runs.sh renamed,
# maintain/applies.sh's row gone, and verify/fio/'s pattern wrong.
sed -e 's,prove/merge-runs\.sh,prove/merged-runs.sh,g' -e '/^| `maintain\/applies\.sh` |/d' \
	-e 's,verify/fio/\*\.fio,verify/fio/*.json,g' "$doc" > "$T/standin.md"
problems "$T/standin.md" > "$T/standin"
grep -qx 'names prove/merged-runs.sh, which is not in the tree' "$T/standin" &&
	grep -qx 'prove/merge-runs.sh is not named by its path' "$T/standin" &&
	grep -qx 'maintain/applies.sh is not named by its path' "$T/standin" &&
	grep -qx 'names verify/fio/\*.json, which matches no file of the tree' "$T/standin" &&
	grep -qx 'verify/fio/raid0.fio is not named, by its path or by a pattern' "$T/standin" &&
	[ "$(wc -l < "$T/standin")" -eq 7 ] &&
	ok "a renamed path, a removed row and a wrong pattern are each named" ||
	fail "the stand-in doc read as: $(cat "$T/standin")"
done_testing
