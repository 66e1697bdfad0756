#!/bin/sh
# import-tree.sh SERIES
# Imports the pristine tree of SERIES as the single commit of branch
# pristine/SERIES in a git repository in the cache.  The tree comes from
# the Debian package named in branches.yaml, from TREE (or TREE_3_19 and
# the like: a tarball, an unpacked tree, or a git repository and
# revision as /path/to/linux-stable@v3.19.8), or from the kernel.org
# tarball in $SG_CACHE/tarballs.  Exits 3 with the exact file it wants
# when none is there.
#
# The import is made beside the repository and moved into place whole.
# The source is read once, as a tar stream that becomes a commit as it
# goes by (tarimport and git fast-import: one pack, no loose objects, no
# walk of an unpacked tree); then the work tree and the index are written
# once from it.  A tarball that is not whole, or with a member that would
# land outside the tree, is named and nothing is imported.
# .git/sg-source records where the tree came from and its git tree id.
# The same source, unchanged, is not imported again; the same source,
# changed, is imported again and said so; a different tree for the same
# series is refused by name (SG_REIMPORT=1 replaces it).
#
# The repository never collects garbage on its own (see no_auto_gc).
set -eu
. "$(dirname "$0")/../lib/sg.sh"

sg_load_series "$1"
sg_tree_source

fetch_package() {
	dl="$SG_CACHE/packages/$SG_PACKAGE"
	tarball=$(ls "$dl"/usr/src/linux-source-*.tar.* 2>/dev/null | head -n 1 || true)
	[ -n "$tarball" ] && return 0
	if [ -f "/usr/src/$SG_PACKAGE.tar.xz" ]; then
		tarball="/usr/src/$SG_PACKAGE.tar.xz"
		return 0
	fi
	began=$(sg_now)
	"$SG_ROOT/prove/fetch-package.sh" "$SG_PACKAGE" "$SG_SUITE" "$dl"
	sg_phase fetch "$SG_SERIES" "$SG_PACKAGE" "$began"
	tarball=$(ls "$dl"/usr/src/linux-source-*.tar.* | head -n 1)
}

# What the source is: kind (tarball, tree, git), path, revision.
tarball=
if [ -n "$tree" ]; then
	if [ -n "$rev" ]; then
		git -C "$tree" rev-parse -q --verify "$rev^{tree}" >/dev/null 2>&1 ||
			sg_die "$SG_TREE_VAR: $tree has no revision $rev (a git repository and a tag or commit, as /path/to/linux@v$SG_VERSION)"
	elif [ -f "$tree" ]; then
		tarball=$tree tree=
	elif ! [ -f "$tree/Makefile" ]; then
		sg_die "$SG_TREE_VAR=$tree: neither a kernel tree, a tarball, nor a git repository@revision"
	fi
elif [ -n "$SG_PACKAGE" ]; then
	fetch_package
else
	tarball="$SG_CACHE/tarballs/$SG_TARBALL"
	if ! [ -f "$tarball" ]; then
		echo "SKIP $SG_SERIES: wants $SG_TARBALL in $SG_CACHE/tarballs/ (or $SG_TREE_VAR=/path/to/linux-$SG_VERSION, a tarball, or a git repository@tag)" >&2
		exit 3
	fi
fi

if [ -n "$rev" ]; then
	origin="git $(cd "$tree" && pwd) $rev ($(git -C "$tree" rev-parse "$rev^{commit}" 2>/dev/null || git -C "$tree" rev-parse "$rev"))"
	stamp=$origin
elif [ -n "$tarball" ]; then
	origin="tarball $(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")"
	stamp="$origin $(stat -c '%s %Y' "$tarball")"
else
	origin="tree $(cd "$tree" && pwd)"
	stamp=$origin
fi

# decompress FILE: a tarball's tar stream, whatever compressed it (told by
# its first bytes, as tar tells it).
decompress() {
	case $(od -An -tx1 -N6 "$1" | tr -d ' \n') in
	fd377a585a00*) xz -T0 -dc "$1" ;;
	1f8b*) gzip -dc "$1" ;;
	425a68*) bzip2 -dc "$1" ;;
	28b52ffd*) zstd -dc "$1" ;;
	*) cat "$1" ;;
	esac
}

record="$SG_REPO/.git/sg-source"
field() { [ -f "$record" ] && sed -n "s/^$1: //p" "$record" || true; }
# An unpacked tree is the same if nothing in it is newer than the import.
changed_since_import() {
	[ -n "$tree" ] && [ -z "$rev" ] &&
		[ -n "$(find "$tree" -path "$tree/.git" -prune -o -newer "$record" -print 2>/dev/null | head -n 1)" ]
}

# No automatic gc in the cache's repositories: git commit and git am
# start `git gc --auto` (git maintenance), and an import's tens of
# thousands of loose objects make that a pack-objects taking a whole core
# in the middle of a matrix.  Loose objects cost only disk, and nothing
# here packs them: `git -C $SG_CACHE/src/S gc` at a quiet time, if ever.
# Set on every import, and on a repository imported before this was.
no_auto_gc() {
	git -C "$1" config gc.auto 0 &&
		git -C "$1" config gc.autoDetach false &&
		git -C "$1" config maintenance.auto false
}
if [ -f "$record" ] && [ "$(field stamp)" = "$stamp" ] && ! changed_since_import; then
	no_auto_gc "$SG_REPO"
	exit 0
fi

new="$SG_REPO.new"
why=$(mktemp -d)
rm -rf "$new"
mkdir -p "$new"
trap 'rm -rf "$new" "$why"' EXIT
trap 'exit 130' INT TERM HUP
sg_say "importing $origin as pristine/$SG_SERIES"
began=$(sg_now)
# The kernel's own .gitignore would drop files the tree ships: the tree
# is every member, as git add -A -f took it.
repo=$SG_REPO SG_REPO=$new
sg_git init -q -b "pristine/$SG_SERIES"
no_auto_gc "$new"
# zlib's fastest level for the loose objects git am makes later.
git -C "$new" config core.looseCompression 1

# stream_in STRIP < TAR: the tar stream read once: tarimport turns each
# member into a blob as it streams by (git fast-import packs them: no
# delta search, zlib's fastest level), and only a whole archive whose
# every member is inside the tree becomes a commit (refs/sg/import).
# tarimport's status in $why/rc: 1 not a whole archive, 3 a member refused.
source_name=${tarball:-$tree${rev:+@$rev}}
stream_in() {
	{ "${TARIMPORT:-$SG_CACHE/bin/tarimport}" --strip "$1" refs/sg/import "$source_name" 2>"$why/tar"
		echo $? > "$why/rc"; } |
		git -C "$new" -c pack.compression=1 fast-import --quiet --done --depth=0 2>"$why/git"
}
if [ -n "$rev" ]; then
	git -C "$tree" archive --format=tar "$rev" | stream_in 0 || :
elif [ -n "$tarball" ]; then
	decompress "$tarball" 2>"$why/unpack" | stream_in 1 || :
else
	(cd "$tree" && tar --exclude=.git -cf - .) | stream_in 0 || :
fi
if ! git -C "$new" rev-parse -q --verify refs/sg/import >/dev/null; then
	[ "$(cat "$why/rc")" = 3 ] && sg_die "$(head -n 1 "$why/tar"); nothing imported"
	said=$(cat "$why/unpack" "$why/tar" "$why/git" 2>/dev/null | head -n 2 | tr '\n' ' ')
	sg_die "$source_name: not a whole tarball (${said% }); nothing imported"
fi
# The work tree and the index written once, from the pack.
git -C "$new" -c checkout.workers=0 read-tree --reset -u refs/sg/import ||
	sg_die "cannot check out the imported tree in $new"
version=$(make -s -C "$new" kernelversion 2>/dev/null || echo "?")
case $version in
"$SG_VERSION" | "$SG_VERSION".*) ;;
*) sg_die "${tarball:-$tree${rev:+@$rev}} is Linux $version; branches.yaml wants $SG_VERSION for $SG_SERIES" ;;
esac
tree_id=$(git -C "$new" rev-parse "refs/sg/import^{tree}")
commit=$(sg_git commit-tree "$tree_id" -m "Linux $version (pristine, from $origin)") &&
	git -C "$new" update-ref "refs/heads/pristine/$SG_SERIES" "$commit" &&
	git -C "$new" update-ref -d refs/sg/import ||
	sg_die "cannot commit the imported tree in $new"
SG_REPO=$repo
sg_phase import "$SG_SERIES" "$version" "$began"

old_tree=$(field tree)
if [ -n "$old_tree" ] && [ "$old_tree" != "$tree_id" ]; then
	old_origin=$(field origin)
	if [ "$old_origin" = "$origin" ]; then
		sg_say "$origin changed since it was imported (tree $old_tree, now $tree_id): imported again"
	elif [ "$SG_REIMPORT" != 1 ]; then
		sg_die "pristine/$SG_SERIES is Linux $(cat "$SG_REPO/.git/sg-version") from $old_origin (tree $old_tree); $origin is a different tree ($tree_id).  Refused: set SG_REIMPORT=1 to replace it, or name the same tree"
	else
		sg_say "SG_REIMPORT=1: pristine/$SG_SERIES from $old_origin replaced by $origin"
	fi
fi
echo "$version" > "$new/.git/sg-version"
printf 'origin: %s\ntree: %s\nstamp: %s\n' "$origin" "$tree_id" "$stamp" > "$new/.git/sg-source"
rm -rf "$SG_REPO.old"
[ -d "$SG_REPO" ] && mv "$SG_REPO" "$SG_REPO.old"
mv "$new" "$SG_REPO"
rm -rf "$SG_REPO.old"
trap - EXIT
