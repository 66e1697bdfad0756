# stableguard shell helpers, sourced by the scripts of prove/ and maintain/
# Everything generated goes under SG_CACHE.  No shell reads or writes
# YAML: sgconf writes what a job needs of branches.yaml as run files once
# (sgconf plan, sgconf facts), the shell reads them by column name through
# runfile, and sgconf records (sgconf record, which maintain/intake.sh calls).

# Every SG_ setting's default (and what it means): one table, found by
# SG_ROOT or else one folder up from the script (prove/, maintain/).
if [ -n "${SG_ROOT:-}" ]; then . "$SG_ROOT/lib/settings"; else . "${0%/*}/../lib/settings"; fi
SGCONF="${SGCONF:-$SG_CACHE/bin/sgconf}"
QUILTMAIL="${QUILTMAIL:-$SG_CACHE/bin/quiltmail}"
# The run files' one writer and reader by column name (lib/runfile.h).
RUNFILE="$SG_CACHE/bin/runfile"
BRANCHES=$SG_BRANCHES
# Paths in branches.yaml are relative to it.
case $BRANCHES in */*) SG_CONF_DIR=${BRANCHES%/*} ;; *) SG_CONF_DIR=. ;; esac
SG_CONF_DIR=$(cd "$SG_CONF_DIR" && pwd)

# The helpers grouped by what they serve: the cache's git repositories,
# builds and guests, mail.
. "$SG_ROOT/lib/git.sh"
. "$SG_ROOT/lib/guest.sh"
. "$SG_ROOT/lib/mail.sh"

sg_die() { echo "stableguard: $*" >&2; exit 1; }

# sg_keep FILE < CONTENT: a file the cache keeps, written beside and
# renamed, so that a crash or a full disk never leaves half of one.
sg_keep() {
	cat > "$1.new.$$" && mv -f "$1.new.$$" "$1" || { rm -f "$1.new.$$"; return 1; }
}
sg_say() { echo "stableguard: $*" >&2; }

# sg_facts: SG_FACTS_DIR, a folder with the series' and variants' facts
# (run files series and variants): the run's, where a job wrote its plan
# (matrix.sh exports it), else the cache's for this branches.yaml, by its
# content (sgconf facts writes it once; a changed file is another folder).
sg_facts() {
	[ -n "${SG_FACTS_DIR:-}" ] && [ -f "$SG_FACTS_DIR/variants" ] && return 0
	SG_FACTS_DIR="$SG_CACHE/facts/$(sha1sum < "$BRANCHES" | cut -c1-12)"
	export SG_FACTS_DIR
	[ -f "$SG_FACTS_DIR/variants" ] && return 0
	mkdir -p "$SG_FACTS_DIR" && "$SGCONF" "$BRANCHES" facts "$SG_FACTS_DIR" ||
		sg_die "the facts of $BRANCHES could not be written"
}

# A list fact as the scripts take it: "-" is none.
sg_undash() { [ "$1" = - ] || echo "$1"; }

sg_load_series() {
	sg_facts
	sf_series=
	eval "$("$RUNFILE" get --first --prefix sf_ --where series="$1" "$SG_FACTS_DIR/series" \
		series version package suite tarball era compiler config compat patches \
		base_contains layouts chunks)"
	[ -n "$sf_series" ] || sg_die "no series \"$1\" in $BRANCHES"
	SG_SERIES=$sf_series SG_VERSION=$sf_version SG_ERA=$sf_era
	SG_PACKAGE=$(sg_undash "$sf_package") SG_SUITE=$(sg_undash "$sf_suite")
	SG_TARBALL=$(sg_undash "$sf_tarball") SG_COMPILER=$(sg_undash "$sf_compiler")
	SG_CONFIG=$(sg_undash "$sf_config") SG_COMPAT=$(sg_undash "$sf_compat")
	SG_PATCHES=$(sg_undash "$sf_patches") SG_BASE_CONTAINS=$(sg_undash "$sf_base_contains")
	SG_LAYOUTS=$(sg_undash "$sf_layouts") SG_CHUNKS=$(sg_undash "$sf_chunks")
	SG_REPO="$SG_CACHE/src/$SG_SERIES"
	SG_TREE_VAR="TREE_$(echo "$SG_SERIES" | tr . _)"
}

# sg_variants SERIES: its variants, in the order of branches.yaml.
sg_variants() {
	sg_facts
	"$RUNFILE" list --where series="$1" "$SG_FACTS_DIR/variants" variant
}

# sg_tree_source: $tree and $rev from TREE_3_19 (or TREE), the series'
# own tree as the user names it: a path, or a git repository@revision.
sg_tree_source() {
	tree=$(printenv "$SG_TREE_VAR" || :)
	[ -n "$tree" ] || tree=${TREE:-}
	rev=
	case $tree in
	*@*) rev=${tree##*@} tree=${tree%@*} ;;
	esac
}

sg_load_variant() {
	sg_facts
	sv_fixes= sv_from=-
	eval "$("$RUNFILE" get --first --prefix sv_ --where series="$SG_SERIES" --where variant="$1" \
		"$SG_FACTS_DIR/variants" fixes regress from)"
	[ -n "$sv_fixes" ] || sg_die "series $SG_SERIES has no variant \"$1\""
	SG_V_NAME=$1 SG_V_FIXES=$sv_fixes SG_V_REGRESS=$(sg_undash "$sv_regress")
	SG_V_FROM=$(sg_undash "$sv_from")
}

# Patch files named by a series file, one per line, # comments allowed.
sg_series_files() {
	[ -n "$1" ] || return 0
	dir=$(dirname "$SG_CONF_DIR/$1")
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$SG_CONF_DIR/$1" |
	while read -r p; do echo "$dir/$p"; done
}

# sg_fstests_list: the fstests tests a run takes, TESTS or else the
# data-integrity list (prove/fstests/data-integrity, comments left out).
sg_fstests_list() {
	echo ${TESTS:-$(sed -e 's/#.*//' "$SG_ROOT/prove/fstests/data-integrity")}
}

# sg_proof_index: what proves each upstream commit, a run file of kind
# proofindex, a row a check or test: the record's proven-by (sgconf
# proofs), and with FSTESTS its tests that name their fix (fixedby
# --index), those for every file system or for ext4, the fstests guest's
# (an id as the test gives it: 12 digits or more).  fixedby's complaints
# (placeholders) go to stderr.
#
# sg_proofs_of ID KIND INDEX: the checks (KIND check) or fstests tests
# (fstests) of INDEX that prove ID, a line each, once: an index's id is
# ID or its first digits.
sg_proofs_of() {
	"$RUNFILE" list --where kind="$2" "$3" upstream name | while read -r spo_u spo_n; do
		case $1 in "$spo_u"*) echo "$spo_n" ;; esac
	done | awk '!seen[$0]++'
}

sg_proof_index() {
	"$SGCONF" "$BRANCHES" proofs || return 2
	[ -z "${FSTESTS:-}" ] || "$SG_CACHE/bin/fixedby" --index "$FSTESTS"
}

# The series' config fragments, as paths, space-separated.
sg_config_fragments() {
	for f in $SG_CONFIG; do printf '%s ' "$SG_CONF_DIR/$f"; done
}

# The mirror the host already uses for its main Debian archive, or
# nothing: where packages of another suite (fetch-package.sh) and the
# fstests guest's userland (fstests-image.sh) come from.
sg_debian_mirror() {
	sg_mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null |
		grep -v -e security -e '^#' | head -n 1)
	[ -n "$sg_mirror" ] || sg_mirror=$(awk '$1 == "deb" && $0 !~ /security/ { print $2; exit }' \
		/etc/apt/sources.list 2>/dev/null)
	echo "$sg_mirror"
}

sg_variant_branch() { echo "variant/$SG_SERIES/$1"; }

# What a run tested: the build-compat and fix patches, by content.
patchset_id() {
	{ sg_series_files "$SG_COMPAT"; sg_series_files "$SG_PATCHES"; } |
		xargs -r cat | sha1sum | cut -c1-12
}

# sg_pick_accel IMAGE KERNEL (with $run and $initrd set): exports SG_ACCEL.
# KVM only when a probe boot of this kernel finishes; TCG otherwise.  The
# answer is kept in the cache, keyed by the QEMU version, the kernel and
# /dev/kvm, and the probe runs again only when one of them changes.

# sg_run_kind DIR: what made the run folder (RUN/kind, lib/runfile.h:
# matrix, merged, gate, missing, fstests, bisect).  A folder made before
# runs said so is known by its name's suffix (<time>-gate-<S>, ...): none
# is a matrix run.
sg_run_kind() {
	if [ -f "$1/kind" ]; then
		"$RUNFILE" list "$1/kind" kind
		return
	fi
	case $(basename "$1") in
	*-gate-*) echo gate ;; *-missing-*) echo missing ;; *-fstests-*) echo fstests ;;
	*-bisect-*) echo bisect ;; *-*-*) echo unknown ;; *) echo matrix ;;
	esac
}

# sg_plan_run DIR KIND VARIANTS CHECKS: the one planner of a run that a
# job plans itself (the gate's two kernels, make proofs MISSING=1's
# released kernel), its variants written first by the job to
# DIR/variants.want: DIR/kind, the series' facts (sgconf facts, which
# writes the series' own variants), then the job's variants in their
# place, DIR/plan (sgconf gate-plan: CHECKS, comma-separated,
# on each of VARIANTS, PASS expected; "" every check, "-" none) and no
# pair.  A gate's sub-runs are planned in C from the gate's own run files
# (report --gate).
sg_plan_run() {
	sg_mark_run "$1" "$2" "$SG_SERIES" &&
	"$SGCONF" "$BRANCHES" facts "$1" "$SG_SERIES" &&
	mv "$1/variants.want" "$1/variants" || return 2
	case $4 in
	"") "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$3" ;;
	-) "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$3" "" ;;
	*) "$SGCONF" "$BRANCHES" gate-plan "$1" "$SG_SERIES" "$3" "$4" ;;
	esac || return 2
	"$RUNFILE" header pairs > "$1/cross.list"
}

# sg_mark_run DIR KIND SERIES: DIR/kind says what made it (once: the
# first writer, the job that planned the run, is what it is).
sg_mark_run() {
	[ -f "$1/kind" ] || "$RUNFILE" row --header kind kind="$2" series="${3:--}" \
		made_by="$(basename "$0")" > "$1/kind"
}

# sg_latest_run SERIES PATCHSET [fstests]: the newest results.tsv that
# tested them (as the judge says: report --judge exits 3 for a run that
# did not), or -.  Only a matrix run (or the merged shards of one) of
# the series' own branches is its release evidence; with "fstests", only
# a make fstests run (its rows are fstests tests alone).  A gate, a
# bisection or a make proofs MISSING=1 run never is.
sg_latest_run() {
	for r in $(ls -1d "$SG_CACHE"/runs/2*/ 2>/dev/null | sort -r); do
		[ -f "$r/results.tsv" ] || continue
		case $(sg_run_kind "$r"),${3:-} in
		fstests,fstests | matrix, | merged,) ;;
		*) continue ;;
		esac
		"$SG_CACHE/bin/report" --judge "$r" "$1" "$2" >/dev/null 2>&1
		case $? in
		0 | 1) echo "${r%/}/results.tsv"; return ;;
		esac
	done
	echo -
}

# sg_now: the time, for sg_phase, in seconds since the epoch.
sg_now() { date +%s.%2N; }

# sg_phase PHASE SERIES WHAT START: a row of the run's phases.tsv
# (SG_PHASES, when the matrix set it) from START (sg_now) to now: where
# the run's time went (lib/runfile.h, make bench).
sg_phase() {
	[ -n "${SG_PHASES:-}" ] || return 0
	"$RUNFILE" row phases phase="$1" series="$2" what="$3" start="$4" end="$(sg_now)" \
		>> "$SG_PHASES"
}

# sg_ticking WHAT LOG CMD...: CMD (its output to LOG), saying every
# SG_TICK seconds that WHAT goes on, with LOG's last line: a long silent
# step (fstests' build, mmdebstrap, the image) is never minutes of
# nothing.  CMD's status.
sg_ticking() {
	st_what=$1 st_log=$2
	shift 2
	"$@" > "$st_log" 2>&1 &
	st_pid=$!
	st_t=0
	while ! sg_wait_or_tick "$st_pid"; do
		st_t=$((st_t + SG_TICK))
		sg_say "$st_what: ${st_t}s: $(tail -n 1 "$st_log" 2>/dev/null | cut -c1-120)"
	done
	wait "$st_pid"
}

# sg_wait_or_tick PID: true once PID has ended; false after SG_TICK seconds
# while it runs.
sg_wait_or_tick() {
	wt_i=0
	while [ $wt_i -lt "$SG_TICK" ]; do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 1
		wt_i=$((wt_i + 1))
	done
	! kill -0 "$1" 2>/dev/null
}
