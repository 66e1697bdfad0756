#!/bin/sh
# fetch-package.sh [--source] PACKAGE[=VERSION] SUITE DEST
# Unpacks a Debian package of any suite into DEST without installing it
# and without touching the system's apt sources: apt-get download with a
# private source list that points the host's own Debian mirror at SUITE.
# --source: the source package instead, unpacked by apt-get source (the
# host's lists have no deb-src lines, so the private list is always used),
# in DEST/PACKAGE-UPSTREAMVERSION.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

kind=deb
[ "${1:-}" = --source ] && { kind=deb-src; shift; }
[ $# -eq 3 ] || { echo "usage: fetch-package.sh [--source] PACKAGE[=VERSION] SUITE DEST" >&2; exit 2; }
pkg=$1 suite=$2 dest=$3
die() { echo "fetch-package: $*" >&2; exit 1; }

host_suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mirror=$(sg_debian_mirror)
[ -n "$mirror" ] || die "no Debian mirror in the host's apt sources"

mkdir -p "$work/lists/partial" "$work/archives/partial" "$dest"
if [ "$suite" = "$host_suite" ] && [ $kind = deb ]; then
	set -- -o APT::Sandbox::User=root
else
	echo "$kind [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
		> "$work/sources.list"
	set -- -o APT::Sandbox::User=root \
		-o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$work/lists" -o Dir::Cache="$work"
	apt-get "$@" -q update >/dev/null || die "apt-get update for $suite failed"
fi
if [ $kind = deb-src ]; then
	command -v dpkg-source >/dev/null || die "dpkg-source not found (run: make deps)"
	(cd "$dest" && apt-get "$@" -q source "$pkg" >/dev/null 2>"$work/err") ||
		die "cannot fetch the source of $pkg from $suite: $(tail -n 3 "$work/err")"
	echo "fetch-package: source of $pkg ($suite) unpacked in $dest" >&2
	exit 0
fi
(cd "$work" && apt-get "$@" -q download "$pkg" >/dev/null) ||
	die "cannot download $pkg from $suite"
dpkg-deb -x "$work"/"${pkg%%=*}"_*.deb "$dest"
echo "fetch-package: $pkg ($suite) unpacked in $dest" >&2
