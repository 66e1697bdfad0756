#!/bin/sh
# get-tree.sh SERIES
# Imports the pristine tree of SERIES as the single commit of branch
# pristine/SERIES in a git repository in the cache.  The tree comes from
# the Debian package named in branches.yaml, from TREE (or TREE_3_19 and
# the like), or from the kernel.org tarball in $SG_CACHE/tarballs.  Exits
# 3 with the exact file it wants when none is there.
set -eu
. "$(dirname "$0")/lib.sh"

sg_load_series "$1"
eval "tree=\${$SG_TREE_VAR:-\${TREE:-}}"

fetch_package() {
	dl="$SG_CACHE/packages/$SG_PACKAGE"
	tarball=$(ls "$dl"/usr/src/linux-source-*.tar.* 2>/dev/null | head -n 1 || true)
	[ -n "$tarball" ] && return 0
	if [ -f "/usr/src/$SG_PACKAGE.tar.xz" ]; then
		tarball="/usr/src/$SG_PACKAGE.tar.xz"
		return 0
	fi
	"$SG_ROOT/build-matrix/fetch-package.sh" "$SG_PACKAGE" "$SG_SUITE" "$dl"
	tarball=$(ls "$dl"/usr/src/linux-source-*.tar.* | head -n 1)
}

if [ -n "$tree" ]; then
	[ -f "$tree/Makefile" ] || [ -f "$tree" ] ||
		sg_die "$SG_TREE_VAR=$tree: neither a kernel tree nor a tarball"
	if [ -f "$tree" ]; then tarball=$tree; tree=; fi
elif [ -n "$SG_PACKAGE" ]; then
	fetch_package
else
	tarball="$SG_CACHE/tarballs/$SG_TARBALL"
	if ! [ -f "$tarball" ]; then
		echo "SKIP $SG_SERIES: wants $SG_TARBALL in $SG_CACHE/tarballs/ (or $SG_TREE_VAR=/path/to/linux-$SG_VERSION)" >&2
		exit 3
	fi
fi

src=${tree:-$tarball}
ident="$src $(stat -c '%s %Y' "$src")"
if [ -f "$SG_REPO/.git/sg-source" ] && [ "$(cat "$SG_REPO/.git/sg-source")" = "$ident" ]; then
	exit 0
fi

sg_say "importing $src as pristine/$SG_SERIES"
rm -rf "$SG_REPO"
mkdir -p "$SG_REPO"
if [ -n "$tree" ]; then
	(cd "$tree" && tar --exclude=.git -cf - .) | tar -xf - -C "$SG_REPO"
else
	tar -xf "$tarball" -C "$SG_REPO" --strip-components=1
fi
git -C "$SG_REPO" init -q -b "pristine/$SG_SERIES"
version=$(make -s -C "$SG_REPO" kernelversion 2>/dev/null || echo "$SG_VERSION")
case $version in
"$SG_VERSION" | "$SG_VERSION".*) ;;
*)
	rm -rf "$SG_REPO"
	sg_die "$src is Linux $version; branches.yaml wants $SG_VERSION for $SG_SERIES" ;;
esac
# The kernel's own .gitignore would drop files the tree ships.
sg_git add -A -f .
sg_git commit -q -m "Linux $version (pristine, from $(basename "$src"))"
echo "$version" > "$SG_REPO/.git/sg-version"
echo "$ident" > "$SG_REPO/.git/sg-source"
