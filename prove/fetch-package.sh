#!/bin/sh
# fetch-package.sh PACKAGE SUITE DEST
# Unpacks a Debian package of any suite into DEST without installing it
# and without touching the system's apt sources: apt-get download with a
# private source list that points the host's own Debian mirror at SUITE.
set -eu
. "$(dirname "$0")/../lib/sg.sh"

pkg=$1 suite=$2 dest=$3
die() { echo "fetch-package: $*" >&2; exit 1; }

host_suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mirror=$(sg_debian_mirror)
[ -n "$mirror" ] || die "no Debian mirror in the host's apt sources"

mkdir -p "$work/lists/partial" "$work/archives/partial" "$dest"
if [ "$suite" = "$host_suite" ]; then
	set -- -o APT::Sandbox::User=root
else
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
		> "$work/sources.list"
	set -- -o APT::Sandbox::User=root \
		-o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$work/lists" -o Dir::Cache="$work"
	apt-get "$@" -q update >/dev/null || die "apt-get update for $suite failed"
fi
(cd "$work" && apt-get "$@" -q download "$pkg" >/dev/null) ||
	die "cannot download $pkg from $suite"
dpkg-deb -x "$work"/"$pkg"_*.deb "$dest"
echo "fetch-package: $pkg ($suite) unpacked in $dest" >&2
