# Every SG_ setting in one table, lib/settings, which the scripts read:
# docs/settings.md is that table (the test prints the tables it wants
# when it is not); every SG_ name a product script or a host tool reads
# is in it, as a setting or as a name one script hands to another; every
# setting of the table is read somewhere; none is given a default of its
# own by a script (but where the table's default is empty, which the
# script then decides); every setting is exported.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT" || exit 1
table=lib/settings

# settings: "NAME<TAB>DEFAULT<TAB>MEANING" for each ': "${NAME:=DEFAULT}"'
# line, the meaning from the comment lines just above it.
awk '/^# / && !/^#- / { m = m (m ? " " : "") substr($0, 3); next }
	/^: "\$\{SG_[A-Z0-9_]+:=.*\}"$/ {
		s = $0; sub(/^: "\$\{/, "", s); sub(/\}"$/, "", s)
		i = index(s, ":=")
		printf "%s\t%s\t%s\n", substr(s, 1, i - 1), substr(s, i + 2), m
	}
	{ m = "" }' "$table" > "$T/settings"
# handed: "NAME<TAB>WHAT" for each "#- NAME: WHAT" line.
sed -n 's/^#- \(SG_[A-Z0-9_]*\): \(.*\)$/\1\t\2/p' "$table" > "$T/handed"
[ "$(wc -l < "$T/settings")" -ge 20 ] && [ "$(wc -l < "$T/handed")" -ge 20 ] &&
	ok "$table: $(wc -l < "$T/settings") settings, $(wc -l < "$T/handed") names that are not settings" ||
	fail "$table reads as $(wc -l < "$T/settings") settings and $(wc -l < "$T/handed") other names"
cut -f1 "$T/settings" "$T/handed" | sort | uniq -d > "$T/twice"
[ ! -s "$T/twice" ] || fail "$table: named twice: $(cat "$T/twice")"

# The tables docs/settings.md must hold.
{
	printf '| setting | default | meaning |\n| --- | --- | --- |\n'
	awk -F'\t' '{ printf "| `%s` | %s | %s |\n", $1, $2 == "" ? "(empty)" : "`" $2 "`", $3 }' "$T/settings"
	printf '\n| name | set by, and what it is |\n| --- | --- |\n'
	awk -F'\t' '{ printf "| `%s` | %s |\n", $1, $2 }' "$T/handed"
} > "$T/want.md"
sed -n '/^| /p; /^$/p' docs/settings.md | sed '/^$/N;/^\n$/D' | sed '1{/^$/d}' > "$T/have.md"
if diff -u "$T/have.md" "$T/want.md" > "$T/doc.diff"; then
	ok "docs/settings.md is $table's table"
else
	fail "docs/settings.md is not $table's table; the tables it wants:"
	cat "$T/want.md"
	sed 's/^/    /' "$T/doc.diff" | head -n 40
fi

# Every SG_ name the product reads: its shell (comments too, which name
# them for the reader), make, CI, and getenv() in the host tools.
product="$(find prove maintain lib vm-images -type f -name '*.sh'; find vm-images -type f -name init; echo tests/run.sh) Makefile .gitlab-ci.yml .ci/run"
{
	# shellcheck disable=SC2086
	grep -ohE '\bSG_[A-Z0-9_]+' $product
	grep -ohE 'getenv\("SG_[A-Z0-9_]+"\)' config/*.c report/*.c report/*/*.c | sed 's/getenv("\(.*\)")/\1/'
} | sort -u > "$T/used"
cut -f1 "$T/settings" "$T/handed" | sort -u > "$T/known"
comm -23 "$T/used" "$T/known" > "$T/unknown"
[ ! -s "$T/unknown" ] && ok "every SG_ name the scripts and tools read is in $table" ||
	fail "read by the product but not in $table: $(tr '\n' ' ' < "$T/unknown")"
cut -f1 "$T/settings" | sort | comm -23 - "$T/used" > "$T/stale"
[ ! -s "$T/stale" ] && ok "every setting of $table is read somewhere" ||
	fail "in $table but read nowhere: $(tr '\n' ' ' < "$T/stale")"

# A default given outside the table: ${SG_X:-D}, ${SG_X:=D}, ${SG_X-D} with
# D not empty, for a setting whose default in the table is not empty.  No
# script is let off: a second default drifts from the table's unseen.
# shellcheck disable=SC2086
grep -noE '\$\{SG_[A-Z0-9_]+:?[-=][^}]+' $product |
	sed 's/^\([^:]*\):\([0-9]*\):\${\(SG_[A-Z0-9_]*\):*[-=]\(.*\)$/\1\t\2\t\3\t\4/' > "$T/forms"
# The product has such forms of its own (handed names, empty defaults):
# none seen means the search, not the product, is broken.
[ -s "$T/forms" ] || fail "no \${SG_X:-D} form found in the product: the search for own defaults saw nothing"
awk -F'\t' 'NR == FNR { def[$1] = $2; next }
	($3 in def) && def[$3] != "" {
		printf "%s:%s: %s given the default %s (%s: %s)\n", $1, $2, $3, $4, "'"$table"'", def[$3]
	}' "$T/settings" "$T/forms" > "$T/own"
[ ! -s "$T/own" ] && ok "no script gives a setting a default of its own ($(wc -l < "$T/forms") \${SG_X:-D} forms read)" ||
	fail "defaults outside $table: $(cat "$T/own")"

# Exported: a child that does not source the table sees its values.
env -i HOME="$HOME" PATH="$PATH" SG_ROOT="$SG_ROOT" sh -c '. "$SG_ROOT/lib/settings"; env' |
	sed -n 's/^\(SG_[A-Z0-9_]*\)=.*/\1/p' | sort > "$T/exported"
cut -f1 "$T/settings" | sort | comm -23 - "$T/exported" > "$T/unexported"
[ ! -s "$T/unexported" ] && ok "every setting is exported" ||
	fail "not exported by $table: $(tr '\n' ' ' < "$T/unexported")"
done_testing
