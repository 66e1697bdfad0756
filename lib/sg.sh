# stableguard shell helpers, sourced by the scripts of prove/ and maintain/
# Everything generated goes under SG_CACHE.  No shell reads or writes
# YAML: sgconf writes what a job needs of branches.yaml as run files once
# (sgconf plan, sgconf facts), the shell reads them by column name through
# runfile, and sgconf records (sgconf record, which maintain/intake.sh calls).

# Every SG_ setting's default (and what it means): one table, found by
# SG_ROOT or else one folder up from the script (prove/, maintain/).
if [ -n "${SG_ROOT:-}" ]; then . "$SG_ROOT/lib/settings"; else . "$(dirname "$0")/../lib/settings"; fi
SGCONF="${SGCONF:-$SG_CACHE/bin/sgconf}"
QUILTMAIL="${QUILTMAIL:-$SG_CACHE/bin/quiltmail}"
# The run files' one writer and reader by column name (report/runfile.h).
RUNFILE="$SG_CACHE/bin/runfile"
BRANCHES=$SG_BRANCHES
# Paths in branches.yaml are relative to it.
SG_CONF_DIR=$(cd "$(dirname "$BRANCHES")" && pwd)

sg_die() { echo "stableguard: $*" >&2; exit 1; }

# sg_keep FILE < CONTENT: a file the cache keeps, written beside and
# renamed, so that a crash or a full disk never leaves half of one.
sg_keep() {
	cat > "$1.new.$$" && mv -f "$1.new.$$" "$1" || { rm -f "$1.new.$$"; return 1; }
}
sg_say() { echo "stableguard: $*" >&2; }

# Fixed identity and dates: re-running makes the same commits.
sg_git() {
	GIT_AUTHOR_NAME=stableguard GIT_AUTHOR_EMAIL=stableguard@localhost \
	GIT_COMMITTER_NAME=stableguard GIT_COMMITTER_EMAIL=stableguard@localhost \
	GIT_AUTHOR_DATE='2015-05-24T00:00:00Z' \
	GIT_COMMITTER_DATE='2015-05-24T00:00:00Z' \
		git -C "$SG_REPO" "$@"
}

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
	eval "tree=\${$SG_TREE_VAR:-\${TREE:-}}"
	rev=
	case $tree in
	*@*) rev=${tree##*@} tree=${tree%@*} ;;
	esac
}

sg_load_variant() {
	sg_facts
	sv_fixes=
	eval "$("$RUNFILE" get --first --prefix sv_ --where series="$SG_SERIES" --where variant="$1" \
		"$SG_FACTS_DIR/variants" fixes regress)"
	[ -n "$sv_fixes" ] || sg_die "series $SG_SERIES has no variant \"$1\""
	SG_V_NAME=$1 SG_V_FIXES=$sv_fixes SG_V_REGRESS=$(sg_undash "$sv_regress")
}

# Patch files named by a series file, one per line, # comments allowed.
sg_series_files() {
	[ -n "$1" ] || return 0
	dir=$(dirname "$SG_CONF_DIR/$1")
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$SG_CONF_DIR/$1" |
	while read -r p; do echo "$dir/$p"; done
}

# sg_am FROM BRANCH PATCH...: BRANCH becomes FROM plus the patches, or, if
# one does not apply, stays as it was and the patch and hunk are named.
sg_am() {
	from=$1 branch=$2
	shift 2
	# The same base and the same patches: the branch is what it would be
	# made again, and the work tree is left alone.  Making it again would
	# check out the base and apply every patch, giving new times to every
	# file they touch: kbuild would compile again all that includes them
	# (a build-compat patch to compiler-gcc.h: the whole kernel).
	made="$SG_REPO/.git/sg-am/$(echo "$branch" | tr / _)"
	stamp=$(sg_git rev-parse -q --verify "$from^{commit}" 2>/dev/null &&
		for p; do basename "$p"; cat "$p"; done | sha1sum)
	if [ -n "$stamp" ] && [ "$(cat "$made" 2>/dev/null)" = "$stamp" ] &&
		sg_git rev-parse -q --verify "refs/heads/$branch" >/dev/null; then
		return 0
	fi
	rm -f "$made"
	sg_git am --abort >/dev/null 2>&1 || true
	sg_git checkout -q -f --detach "$from" || return 1
	for patch in "$@"; do
		if ! out=$(sg_git am -q --keep-non-patch "$patch" 2>&1); then
			sg_git am --abort >/dev/null 2>&1 || true
			sg_git checkout -q -f --detach "$from"
			echo "$out" | grep -v -e '^hint:' -e 'git am --' -e '^When you have' |
				sed 's/^/    /' >&2
			# git apply -v shows the hunk that found no match.
			sg_git apply --check -v "$patch" 2>&1 | sed -n '/^error: while searching for:/,$p' |
				sed 's/^/    /' >&2
			sg_say "$patch does not apply to $from; $branch left as it was"
			return 1
		fi
	done
	sg_git branch -f "$branch" HEAD || return 1
	mkdir -p "${made%/*}" && echo "$stamp" | sg_keep "$made"
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

# sg_verdict LOG CHECK: CHECK's verdict in LOG.verdicts (prove/guest.sh
# wrote it), in lr_observed, lr_secs, lr_complaint and lr_reason.
sg_verdict() {
	lr_observed=
	eval "$("$RUNFILE" get --first --prefix lr_ --where check="$2" "$1.verdicts" \
		observed secs complaint reason 2>"$1.verdicts.why")"
	[ -z "$lr_observed" ] || return 0
	lr_observed=ERROR lr_secs=0 lr_complaint=-
	lr_reason="no verdict for $2 in $1.verdicts: $(tr '\n' ' ' < "$1.verdicts.why")"
}

# sg_pick_accel IMAGE KERNEL (with $run and $initrd set): exports SG_ACCEL.
# KVM only when a probe boot of this kernel finishes; TCG otherwise.  The
# answer is kept in the cache, keyed by the QEMU version, the kernel and
# /dev/kvm, and the probe runs again only when one of them changes.
sg_user_accel=${SG_ACCEL:-}
sg_accel_for=
sg_pick_accel() {
	[ "$sg_accel_for" = "$2" ] && return 0
	sg_accel_for=$2
	SG_ACCEL=${sg_user_accel:-tcg}
	export SG_ACCEL
	[ -z "$sg_user_accel" ] && [ -w /dev/kvm ] || return 0
	key=$( { qemu-system-x86_64 --version | head -n 1; stat -c '%t:%T' /dev/kvm; echo "$2"; } |
		sha1sum | cut -c1-12)
	known="$SG_CACHE/accel/$key"
	if [ -f "$known" ]; then
		SG_ACCEL=$(cat "$known")
		sg_say "accelerator: $SG_ACCEL (probed before for this QEMU, kernel $2 and /dev/kvm: $known)"
		return 0
	fi
	probe="$run/logs/$2.kvm-probe"
	SG_ACCEL=kvm SG_BOOT_TIMEOUT=20 "$SG_ROOT/prove/guest.sh" "$1" "$initrd" "$probe" ""
	eval "$("$RUNFILE" get --prefix probe_ "$probe.outcome" done)"
	[ "$probe_done" != yes ] || SG_ACCEL=kvm
	mkdir -p "$SG_CACHE/accel"
	echo "$SG_ACCEL" | sg_keep "$known"
	sg_say "accelerator: $SG_ACCEL (probe log: $probe)"
}

# How kernels are built: "local, ccache", or over distcc when DISTCC_HOSTS
# is set, in pump mode when a host says ",cpp" and pump is installed.
sg_build_mode() {
	if [ -z "${DISTCC_HOSTS:-}" ]; then
		echo "local, ccache"
		return
	fi
	case $DISTCC_HOSTS in
	*,cpp*) command -v pump >/dev/null && { echo "distcc pump over $DISTCC_HOSTS, ccache in front"; return; } ;;
	esac
	echo "distcc plain over $DISTCC_HOSTS, ccache in front"
}

# sg_latest_run SERIES PATCHSET [fstests]: the newest results.tsv that
# tested them (as the judge says: report --judge exits 3 for a run that
# did not), or -.  A make fstests run (<time>-fstests-<S>) is not a matrix
# run, its rows are fstests tests alone: only those with "fstests", never
# without.
sg_latest_run() {
	for r in $(ls -1d "$SG_CACHE"/runs/2*/ 2>/dev/null | sort -r); do
		[ -f "$r/results.tsv" ] || continue
		case $r,${3:-} in
		*-fstests-*/,fstests) ;;
		*-fstests-*/,* | *,fstests) continue ;;
		esac
		"$SG_CACHE/bin/report" --judge "$r" "$1" "$2" >/dev/null 2>&1
		case $? in
		0 | 1) echo "${r%/}/results.tsv"; return ;;
		esac
	done
	echo -
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

# sg_wait_slot MAX DIR...: until fewer than MAX background jobs run, a job
# being a DIR/NNN.started without its DIR/NNN.done, in any of the DIRs
# (the matrix's guests and the cross-era pairs share the slots).
sg_wait_slot() {
	sg_max=$1
	shift
	while :; do
		sg_jobs=0
		for sg_dir; do
			for sg_job in "$sg_dir"/*.started; do
				[ -e "$sg_job" ] && [ ! -e "${sg_job%.started}.done" ] && sg_jobs=$((sg_jobs + 1))
			done
		done
		[ "$sg_jobs" -lt "$sg_max" ] && return 0
		sleep 0.5
	done
}

# sg_guest_slots: how many guests may run side by side (SG_GUESTS, else
# the cores, and no more than the memory holds: SG_GUEST_MEM, boot.sh's
# 768 MiB by default, and 256 MiB for QEMU itself, each).
sg_guest_slots() {
	if [ -n "${SG_GUESTS:-}" ]; then
		echo "$SG_GUESTS"
		return
	fi
	sg_kib=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo 2>/dev/null)
	sg_fit=$(( ${sg_kib:-0} / ((SG_GUEST_MEM + 256) * 1024) ))
	[ "$sg_fit" -ge 1 ] || sg_fit=1
	[ "$sg_fit" -lt "$(nproc)" ] && echo "$sg_fit" || nproc
}

# sg_now: the time, for sg_phase, in seconds since the epoch.
sg_now() { date +%s.%2N; }

# sg_phase PHASE SERIES WHAT START: a row of the run's phases.tsv
# (SG_PHASES, when the matrix set it) from START (sg_now) to now: where
# the run's time went (report/runfile.h, make bench).
sg_phase() {
	[ -n "${SG_PHASES:-}" ] || return 0
	"$RUNFILE" row phases phase="$1" series="$2" what="$3" start="$4" end="$(sg_now)" \
		>> "$SG_PHASES"
}
