# stableguard's helpers for builds and guests: how kernels are built, how
# many guests run side by side, which accelerator, a guest's verdicts, sourced by lib/sg.sh (so by every script of prove/ and maintain/),
# after the settings.

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
	# No check: a kernel KVM runs gets to its end in a second or two; one
	# it cannot run (a nested host's) hangs.  Ten seconds tell them apart,
	# and a cold run pays them once a kernel version.
	SG_ACCEL=kvm SG_BOOT_TIMEOUT=10 "$SG_ROOT/prove/guest.sh" "$1" "$initrd" "$probe" ""
	eval "$("$RUNFILE" get --prefix probe_ "$probe.outcome" done)"
	[ "$probe_done" != yes ] || SG_ACCEL=kvm
	mkdir -p "$SG_CACHE/accel"
	echo "$SG_ACCEL" | sg_keep "$known"
	sg_say "accelerator: $SG_ACCEL (probe log: $probe)"
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
	sg_kib=0
	while read -r sg_k sg_v _; do
		[ "$sg_k" != MemAvailable: ] || sg_kib=$sg_v
	done < /proc/meminfo
	sg_fit=$(( sg_kib / ((SG_GUEST_MEM + 256) * 1024) ))
	[ "$sg_fit" -ge 1 ] || sg_fit=1
	sg_cores=$(nproc)
	[ "$sg_fit" -lt "$sg_cores" ] && echo "$sg_fit" || echo "$sg_cores"
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

# sg_image_sum BZIMAGE: the sha256 of a kernel a row boots, "-" for none:
# the one its kept stamp vouches for (prove/matrix.sh checked it against
# the bytes before trusting it), else the file's own.
sg_image_sum() {
	[ -n "$1" ] && [ -f "$1" ] || { echo -; return; }
	sis=
	[ ! -f "${1%/*}/stamp" ] || while read -r sis_k sis_v; do
		[ "$sis_k" != image ] || sis=$sis_v
	done < "${1%/*}/stamp"
	[ -n "$sis" ] || sis=$(sha256sum < "$1" | cut -c1-64)
	echo "$sis"
}

# sg_boots_row KERNELS SERIES VARIANT STATUS LOG VERDICTS REASON: what
# became of a unit, a run file of kind boots (its header, one row), for
# the join: the matrix's units and a gate's sub-runs (boot-run.sh) alike.
# Its kernel the variant's tree's version (KERNELS/.VARIANT.kernel), else
# the series' (KERNELS/.id, with the patch set); a booted unit's image
# the sha256 of the bzImage KERNELS/VARIANT names.
sg_boots_row() {
	sbr_kernel=- sbr_patchset=- sbr_image=- sbr_path=
	[ ! -f "$1/.id" ] || read -r sbr_kernel sbr_patchset < "$1/.id"
	[ ! -s "$1/.$3.kernel" ] || read -r sbr_kernel < "$1/.$3.kernel"
	if [ "$4" = booted ]; then
		[ ! -f "$1/$3" ] || read -r sbr_path < "$1/$3"
		sbr_image=$(sg_image_sum "$sbr_path")
	fi
	"$RUNFILE" row --header boots series="$2" variant="$3" status="$4" kernel="$sbr_kernel" \
		patchset="$sbr_patchset" log="$5" verdicts="$6" reason="$7" image="$sbr_image"
}
