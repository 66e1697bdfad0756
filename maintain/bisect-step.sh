#!/bin/sh
# bisect-step.sh ROLE
# One step of a bisection (run by `git bisect run`, and by bisect.sh for
# the verifications): judges HEAD of the bisection's worktree and appends
# its row to RUN/steps.tsv.  ROLE is bisect, culprit, parent or revert.
#
# The series' build-compat goes on top, unless the commit carries it
# already (a patch that does not apply is named and the step skipped), the kernel is built in the bisection's one
# build folder, and booted BISECT_TRIES times, try k with seed base+k-1,
# with only the named checks (CHECK=build: not booted, the build alone
# judges: one that fails is bad, its compiler's first error the step's
# first bad line).  A FAIL in any try is the new term (bad, or
# fixed... see below), PASS in every try the old one; an ERROR, a failed
# build or a compat patch that does not apply is skip (exit 125).  With
# FIXED=1 the terms are broken (FAIL) and fixed (PASS).  A bzImage
# byte-identical to one judged before takes its verdict without a boot.
#
# Set by bisect.sh: SG_BISECT_RUN, SG_BISECT_WT, SG_BISECT_BUILD,
# SG_BISECT_INITRD, SG_BISECT_CHECKS (comma-separated), SG_BISECT_TRIES,
# SG_BISECT_SEED, SG_BISECT_FIXED, SG_BISECT_SERIES, and SG_BISECT_CHUNKS
# and SG_BISECT_LAYOUTS when the series' guest arrays are narrowed;
# SG_BISECT_ROOT, the fstests guest's image, when the checks are fstests
# tests (CHECK=generic/086).
set -u
. "$(dirname "$0")/../lib/sg.sh"

role=$1
run=$SG_BISECT_RUN wt=$SG_BISECT_WT build=$SG_BISECT_BUILD
sg_load_series "$SG_BISECT_SERIES"
SG_CHUNKS=${SG_BISECT_CHUNKS:-$SG_CHUNKS} SG_LAYOUTS=${SG_BISECT_LAYOUTS:-$SG_LAYOUTS}
if [ "$SG_BISECT_FIXED" = 1 ]; then
	old=broken new=fixed
else
	old=good new=bad
fi

wgit() { git -C "$wt" "$@"; }

commit=$(wgit rev-parse HEAD) || exit 128
c12=$(echo "$commit" | cut -c1-12)
subject=$(wgit log -1 --format=%s HEAD | tr '\t' ' ')
step=$("$RUNFILE" count "$run/steps.tsv") || exit 128
step=$((step + 1))
start=$(date +%s)

# row BUILD TRIES FIRST_BAD VERDICT NOTE, then the exit status of VERDICT.
row() {
	"$RUNFILE" row steps step="$step" role="$role" commit="$c12" subject="$subject" \
		build="$1" tries="$2" secs="$(( $(date +%s) - start ))" first_bad="$3" \
		verdict="$4" note="$5" >> "$run/steps.tsv"
	sg_say "step $step ($role) $c12 $subject: $4${5:+ ($5)}"
	case $4 in
	"$old") exit 0 ;;
	"$new") exit 1 ;;
	*) exit 125 ;;
	esac
}

# The tree back to the commit: git bisect checks out the next one.
restore() { wgit reset -q --hard && wgit clean -q -fdx; }
trap restore EXIT
trap 'exit 130' INT TERM HUP

for p in $(sg_series_files "$SG_COMPAT"); do
	# Already in the commit (a history made on compat/S, as a gate's is):
	# it reverses cleanly and is not applied twice.
	wgit apply --check -R "$p" >/dev/null 2>&1 && continue
	if ! why=$(wgit apply --check "$p" 2>&1); then
		row - - - skip "build-compat $(basename "$p") does not apply at $c12: $(echo "$why" | head -n 2)"
	fi
	wgit apply "$p" || row - - - skip "build-compat $(basename "$p") failed to apply"
done

# A file build-compat patched gets back the time it had in the step before
# when it patched it to the same bytes: applying and undoing the patches
# each step would otherwise make it new every step, and kbuild compile
# again all that includes it (a compat patch to compiler-gcc.h: the whole
# kernel, every step).  Anything built after that time was built from
# these bytes, so nothing stale is kept.
compat_times() {
	m="$build/.sg-compat-times"
	: > "$m.new"
	for f in $(for p in $(sg_series_files "$SG_COMPAT"); do wgit apply --numstat "$p"; done |
		cut -f3 | sort -u); do
		[ -f "$wt/$f" ] || continue
		sum=$(sha1sum < "$wt/$f" | cut -c1-40)
		was=$(awk -v f="$f" -v s="$sum" '$1 == f && $2 == s { print $3 }' "$m" 2>/dev/null)
		[ -z "$was" ] || touch -d "@$was" "$wt/$f"
		echo "$f $sum $(stat -c %.9Y "$wt/$f")" >> "$m.new"
	done
	mv "$m.new" "$m"
}
mkdir -p "$build"
compat_times

blog="$run/logs/$step-$c12.build"
if ! image=$("$SG_ROOT/prove/build-kernel.sh" "$wt" "$build" \
	"$(sg_config_fragments)" "$SG_COMPILER" 2>"$blog"); then
	[ ! -f "$build/make.log" ] || blog="$build/make.log"
	why=$("$SG_CACHE/bin/logread" --build "$blog")
	# CHECK=build: a build that fails is the new term, its error the
	# first bad line; else a failed build tells nothing of the checks.
	[ "$SG_BISECT_CHECKS" != build ] || row failed - "$why" "$([ "$SG_BISECT_FIXED" = 1 ] && echo "$old" || echo "$new")" -
	row failed - - skip "build failed: $why"
fi
if [ "$SG_BISECT_CHECKS" = build ]; then
	[ "$SG_BISECT_FIXED" = 1 ] && row built - - "$new" - || row built - - "$old" -
fi
sum=$(sha256sum "$image" | cut -c1-64)
# A bzImage judged before: its verdict, no boot.
i_verdict=
eval "$("$RUNFILE" get --first --prefix i_ --where sha256="$sum" "$run/images" verdict commit)"
[ -z "$i_verdict" ] || row "reused $i_commit" - - "$i_verdict" "bzImage identical to $i_commit's: not booted"

# tries: each boot judged by guest.sh; the boot's outcome over its checks.
tries= first_bad=- verdict=$old
k=1
while [ "$k" -le "$SG_BISECT_TRIES" ]; do
	seed=$(( (SG_BISECT_SEED + k - 1) % 4294967296 ))
	log="$run/logs/$step-$c12-$k.log"
	"$SG_ROOT/prove/guest.sh" "$image" "$SG_BISECT_INITRD" "$log" "$SG_BISECT_CHECKS" \
		seed="$seed" layouts="$SG_LAYOUTS" chunks="$SG_CHUNKS" \
		${SG_BISECT_ROOT:+root="$SG_BISECT_ROOT"}
	eval "$("$RUNFILE" get --prefix g_ "$log.outcome" outcome first_bad)"
	outcome=$g_outcome
	tries="$tries${tries:+,}$outcome@$seed"
	if [ "$outcome" = FAIL ]; then
		first_bad=$g_first_bad
		# What make repro needs of a failing step.
		mkdir -p "$run/kernels/$c12"
		cp "$image" "$run/kernels/$c12/bzImage"
		cp "$build/.config" "$run/kernels/$c12/config"
		[ "$SG_BISECT_FIXED" = 1 ] && verdict=$old || verdict=$new
		break
	fi
	# BOOT=1 (a gate's regression (boot)): a guest that dies is the bad
	# term; else an ERROR tells nothing of the checks.
	if [ "$outcome" = ERROR ] && [ "${SG_BISECT_BOOT:-0}" = 1 ]; then
		first_bad=$g_first_bad
		[ "$first_bad" != - ] || first_bad="the guest died: $(tail -n 1 "$log" | cut -c1-200)"
		verdict=$new
		break
	fi
	if [ "$outcome" = ERROR ]; then
		verdict=skip
	elif [ "$SG_BISECT_FIXED" = 1 ] && [ "$verdict" != skip ]; then
		verdict=$new
	fi
	k=$((k + 1))
done
[ "$verdict" = skip ] ||
	"$RUNFILE" row images sha256="$sum" verdict="$verdict" commit="$c12" >> "$run/images"
row built "$tries" "$first_bad" "$verdict" -
