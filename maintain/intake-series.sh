# intake-series.sh, sourced by intake.sh: the entries of intake-input.sh
# offered to the loaded series ($SG_SERIES), recorded, then made final or
# undone per series.  Per series, $tmp/s/SERIES/ holds
#   rows       upstream id, what became of the patch, its name (tabs)
#   new        the patch files written into the patch set
#   taken      the upstream ids taken
#   refused    why the whole series was undone (absent when it was not)
# and each entry $e gets taken_by (the series) and fact (subject, author
# and date of the commit git am made), stable (releases whose sign-off
# was kept).

series_dir() { echo "$tmp/s/$SG_SERIES"; }

row() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$(series_dir)/rows"; }

# carried ID: where the series has ID already (said); 1 if it does not.
carried() {
	for b in $SG_BASE_CONTAINS; do
		case $1 in "$b"*) echo "base-contains $b"; return 0 ;; esac
	done
	sg_series_files "$SG_PATCHES" | xargs -r "$QUILTMAIL" upstream > "$tmp/named" || return 1
	while read -r named f; do
		# Either may be the abbreviation of the other.
		case $1 in "$named"*) basename "$f"; return 0 ;; esac
		case $named in "$1"*) basename "$f"; return 0 ;; esac
	done < "$tmp/named"
	return 1
}

# in_paths FILES: one of the comma-separated FILES is under PATHS (or
# PATHS is not set).
in_paths() {
	[ -n "${PATHS:-}" ] || return 0
	for f in $(echo "$1" | tr , ' '); do
		for p in $PATHS; do
			p=${p%/}
			case $f in "$p" | "$p"/*) return 0 ;; esac
		done
	done
	return 1
}

# mail_for ENTRY: the mail git am takes into this series.
mail_for() {
	if [ -f "$1/quilt" ]; then
		"$QUILTMAIL" mail "$1/quilt" "$SG_SERIES" "$(cat "$1/release")"
	else
		cat "$1/am"
	fi
}

# not_applicable ENTRY SHORT: git am refused it; HEAD is back where it
# was, and the file and hunk that found no match are named.
not_applicable() {
	sg_git am --abort >/dev/null 2>&1
	sg_git apply --check -v "$tmp/mail" > "$tmp/apply.log" 2>&1
	where=$(sed -n 's/^error: patch failed: //p' "$tmp/apply.log" | head -n 1)
	[ -n "$where" ] || where=$(sed -n 's/^error: //p' "$tmp/apply.log" | head -n 1)
	row "$2" "not applicable: $where" "$(cat "$1/name")"
	sg_say "intake: $SG_SERIES: $2 does not apply to stable/$SG_SERIES ($where): it needs an era adaptation; left out of $SG_SERIES"
	sed -n '/^error: while searching for:/,/^error: patch failed/p' "$tmp/apply.log" | sed 's/^/    /' >&2
}

# stable_header ID: the commit git am made opens with "commit ID upstream.".
stable_header() {
	{
		git -C "$SG_REPO" log -1 --format='%s%n'
		printf 'commit %s upstream.\n\n' "$1"
		git -C "$SG_REPO" log -1 --format=%b
	} > "$tmp/msg.new"
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
		git -C "$SG_REPO" commit -q --amend -F "$tmp/msg.new"
}

# write_patch ID: HEAD as the next NNNN-*.patch of the patch set (after
# the highest number its folder has, listed or not; signed "stableguard"
# as the patch sets are), listed; prints it.
write_patch() {
	list="$SG_CONF_DIR/$SG_PATCHES"
	num=$(( $(ls "$(dirname "$list")" | sed -n 's/^0*\([0-9]\{1,\}\)-.*\.patch$/\1/p' |
		sort -n | tail -n 1) + 1 ))
	rm -rf "$tmp/out"
	made=$(git -C "$SG_REPO" format-patch -1 --signature=stableguard --start-number "$num" -o "$tmp/out" HEAD)
	new="$(dirname "$list")/$(basename "$made")"
	sed "1s/^From [0-9a-f]* /From $1 /" "$made" > "$new"
	echo "$new" >> "$(series_dir)/new"
	basename "$new" >> "$list"
	echo "$new"
}

# offer ENTRY: the entry into this series, or a row saying why not.
offer() {
	id=$(cat "$1/id")
	short=$(echo "$id" | cut -c1-12)
	QM_FILES= QM_STABLE_SIGNOFFS=0
	. "$1/info"
	if where=$(carried "$id"); then
		row "$short" "already carried ($where)" "$(cat "$1/name")"
		sg_say "intake: $SG_SERIES already carries $short ($where)"
		return 0
	fi
	if ! in_paths "$QM_FILES"; then
		row "$short" "left out by PATHS" "$(cat "$1/name")"
		return 0
	fi
	mail_for "$1" > "$tmp/mail" || return 1
	sg_git am -q --keep-non-patch "$tmp/mail" >"$tmp/am.log" 2>&1 || {
		not_applicable "$1" "$short"
		return 0
	}
	stable_header "$id" || return 1
	new=$(write_patch "$id")
	echo "$id" >> "$(series_dir)/taken"
	echo "$SG_SERIES" >> "$1/taken_by"
	[ -f "$1/fact" ] || git -C "$SG_REPO" log -1 --format='%s%n%an%n%aD' > "$1/fact"
	if [ -f "$1/quilt" ] && [ "$QM_STABLE_SIGNOFFS" -gt 0 ] &&
		case $(cat "$1/release") in "$SG_SERIES".*) true ;; *) false ;; esac; then
		cat "$1/release" >> "$1/stable"
	fi
	row "$short" "taken as $(basename "$new")" "$(cat "$1/name")"
}

# offer_all: every entry, in order, onto a detached stable/SERIES.
offer_all() {
	d=$(series_dir)
	mkdir -p "$d"
	: > "$d/rows"
	: > "$d/new"
	: > "$d/taken"
	"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$d/branch.log" || {
		echo "$SG_SERIES: its branches cannot be made: $(tail -n 2 "$d/branch.log" | tr '\n' ' ')" > "$d/refused"
		sg_say "intake: $(cat "$d/refused")"
		return 1
	}
	cp "$SG_CONF_DIR/$SG_PATCHES" "$d/series.was"
	sg_git checkout -q -f --detach "stable/$SG_SERIES" || return 1
	for e in "$tmp"/e/*; do
		offer "$e" || { undo_series "a patch could not be committed"; return 1; }
	done
	sg_git checkout -q -f "stable/$SG_SERIES"
}

# undo_series WHY: the patch set as it was, its branches remade.
undo_series() {
	d=$(series_dir)
	xargs -r rm -f < "$d/new"
	cp "$d/series.was" "$SG_CONF_DIR/$SG_PATCHES"
	sg_git am --abort >/dev/null 2>&1
	sg_git checkout -q -f "stable/$SG_SERIES" 2>/dev/null
	echo "$1" > "$d/refused"
	sed -i 's/\ttaken as [^\t]*\t/\tnot taken: the series was left as it was\t/' "$d/rows"
	sg_say "intake: $SG_SERIES: $1; $SG_SERIES left as it was"
}

# record_entry ENTRY: its commit in the upstream facts (sgconf record);
# Fixes: of commits the facts do not know are left out, and said.
record_entry() {
	id=$(cat "$1/id")
	QM_FIXES= QM_FILES=
	. "$1/info"
	{ read -r subject; read -r author; read -r date; } < "$1/fact"
	stable=$(sort -u "$1/stable" 2>/dev/null | paste -sd, -)
	[ -f "$1/quilt" ] && [ -z "$stable" ] && stable=$(cat "$1/release")
	set -- "$id" "subject=$subject" "author=$author" "date=$date" \
		"release=${RELEASE:-unreleased (taken in from a mail)}" kind=fix "files=$QM_FILES"
	[ -z "$stable" ] || set -- "$@" "stable=$stable"
	# Exit 3: fixes= names commits the facts do not hold, one a line.
	"$SGCONF" "$BRANCHES" record "$@" ${QM_FIXES:+"fixes=$QM_FIXES"} >"$tmp/record.out" 2>"$tmp/record.err"
	case $? in
	0) return 0 ;;
	3) unknown=$(cat "$tmp/record.out") ;;
	*) cat "$tmp/record.err" >&2; return 1 ;;
	esac
	known=$(echo "$QM_FIXES" | tr , '\n' | grep -v -x -F "$unknown" | paste -sd, -)
	sg_say "intake: $(echo "$id" | cut -c1-12) Fixes: $(echo "$unknown" | paste -sd' ' -), not in the upstream facts: recorded without"
	"$SGCONF" "$BRANCHES" record "$@" ${known:+"fixes=$known"} >/dev/null
}

# record_taken [SERIES...]: the commits the series (all, if none named)
# took, in the facts.
record_taken() {
	for e in "$tmp"/e/*; do
		[ -s "$e/taken_by" ] || continue
		if [ $# -gt 0 ]; then
			grep -qx -F -f "$e/taken_by" "$tmp/survivors" 2>/dev/null || continue
		fi
		record_entry "$e" || sg_say "intake: $(cat "$e/name"): its commit could not be recorded"
	done
}

# finish_series: the lint over the new patch set, then its branches
# remade once; all of it or nothing.
finish_series() {
	d=$(series_dir)
	[ ! -f "$d/refused" ] || return 1
	[ -s "$d/new" ] || return 0
	if ! "$SGCONF" "$BRANCHES" lint "$SG_SERIES" > "$tmp/lint.log" 2>&1; then
		sed 's/^/    /' "$tmp/lint.log" >&2
		undo_series "the lint refused the patch set"
		return 1
	fi
	"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>"$tmp/branch.log" && {
		echo "$SG_SERIES" >> "$tmp/survivors"
		sg_say "intake: $SG_SERIES: $(wc -l < "$d/new") patches taken; stable/$SG_SERIES remade"
		return 0
	}
	sed 's/^/    /' "$tmp/branch.log" >&2
	undo_series "its branches could not be remade with them"
	"$SG_ROOT/prove/branch.sh" "$SG_SERIES" 2>/dev/null
	return 1
}

# keep_facts_of_survivors: where a series was undone, the facts keep only
# what the remaining series carry.
keep_facts_of_survivors() {
	ls "$tmp"/s/*/refused >/dev/null 2>&1 || return 0
	cp "$tmp/facts.was" "$facts"
	[ -s "$tmp/survivors" ] && record_taken survivors
	sg_say "intake: the upstream facts hold only what the series that took patches carry"
}

# print_table: what became of each patch in this series.
print_table() {
	d=$(series_dir)
	what=
	[ ! -f "$d/refused" ] || what=": left as it was, $(cat "$d/refused")"
	echo "intake: $SG_SERIES${PATHS:+ (PATHS: $PATHS)}$what"
	awk -F'\t' '{ r[NR] = $0; if (length($2) > w) w = length($2) }
		END { for (i = 1; i <= NR; i++) { split(r[i], f, "\t"); printf "  %-12s  %-" w "s  %s\n", f[1], f[2], f[3] } }' "$d/rows"
}
