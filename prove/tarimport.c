// SPDX-License-Identifier: GPL-2.0
/*
 * tarimport: a tar stream as a git fast-import stream, in one pass, so
 * that an import reads its tarball once: no unpacking to disk first, no
 * walk of an unpacked tree for git add (prove/import-tree.sh).
 *
 *	tarimport [--strip N] REF WHO < TAR | git fast-import --done
 *
 * Every file and symbolic link becomes a blob as it streams by; at the
 * end of the archive, one commit on REF holds them all (the committer is
 * stableguard at the fixed date sg_git uses; the message is a stand-in
 * the caller replaces once the tree's version is known).  Directories
 * are left out, as git add leaves them out; a hard link shares its
 * earlier member's blob.  N leading path components are dropped (a
 * tarball's top folder), and so is "./".
 *
 * Nothing of a bad archive reaches git: a member that would land outside
 * the tree (an absolute name, a ".." in it, a link whose target climbs
 * out of the top folder), a device or fifo, a damaged header, or an
 * archive that ends early is named on stderr as "WHO: ..." and tarimport
 * exits before it writes "done": fast-import then makes no commit.  Exit
 * 1: the archive is not whole (damaged, ends early); 3: it is, but a
 * member is refused.
 * The tar formats: ustar, GNU (long names, base-256 sizes) and pax
 * (path, linkpath, size).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 512
#define CHUNK 65536
/* 2015-05-24T00:00:00Z: the date every commit of sg_git carries. */
#define SG_DATE "1432425600 +0000"

struct entry {
	char *path;
	unsigned mode;	/* 0100644, 0100755 or 0120000 */
	long mark;
	char *member;	/* the name in the archive, for hard links */
};

struct archive {
	const char *who;
	int strip;
	struct entry *e;
	long nr, cap;
	long marks;
	unsigned long long offset;	/* bytes read, for messages */
	char *long_name, *long_link;	/* GNU L/K or pax, for the next member */
	long long pax_size;		/* -1: none */
};

/* "WHO: what", and the end: exit 1, the archive is not whole; exit 3,
 * it is, but a member is refused. */
__attribute__((noreturn))
static void leave(struct archive *a, int code, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", a->who);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	exit(code);
}

__attribute__((format(printf, 2, 3), noreturn))
static void die(struct archive *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	leave(a, 1, fmt, ap);
}

__attribute__((format(printf, 2, 3), noreturn))
static void refuse(struct archive *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	leave(a, 3, fmt, ap);
}

static void *must(void *p)
{
	if (!p) {
		fputs("tarimport: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* Exactly n bytes into buf (NULL: skipped), or the archive ended early. */
static void read_exact(struct archive *a, char *buf, size_t n, const char *member)
{
	char skip[CHUNK];

	while (n) {
		size_t want = n < CHUNK ? n : CHUNK;
		size_t got = fread(buf ? buf : skip, 1, want, stdin);

		if (got == 0)
			die(a, "the archive ends inside %s (truncated?)",
			    member ? member : "a header");
		a->offset += got;
		n -= got;
		if (buf)
			buf += got;
	}
}

/* The data of a member straight to stdout, then its padding skipped. */
static void copy_data(struct archive *a, unsigned long long size, const char *member)
{
	char buf[CHUNK];

	while (size) {
		size_t want = size < CHUNK ? size : CHUNK;

		read_exact(a, buf, want, member);
		fwrite(buf, 1, want, stdout);
		size -= want;
	}
}

static void skip_padding(struct archive *a, unsigned long long size, const char *member)
{
	size_t pad = (BLOCK - size % BLOCK) % BLOCK;

	if (pad)
		read_exact(a, NULL, pad, member);
}

/* A whole member's data into memory (long names, pax records, links). */
static char *slurp(struct archive *a, unsigned long long size, const char *member)
{
	char *buf;

	if (size > (1 << 20))
		die(a, "%s: a header record of more than 1 MiB", member);
	buf = must(malloc(size + 1));
	read_exact(a, buf, size, member);
	buf[size] = '\0';
	skip_padding(a, size, member);
	return buf;
}

/* An octal field, or GNU's base-256 (the first byte's high bit set). */
static unsigned long long number(const unsigned char *f, int len)
{
	unsigned long long v = 0;
	int i = 0;

	if (f[0] & 0x80) {
		v = f[0] & 0x7f;
		for (i = 1; i < len; i++)
			v = v << 8 | f[i];
		return v;
	}
	while (i < len && (f[i] == ' ' || f[i] == '\0'))
		i++;
	for (; i < len && f[i] >= '0' && f[i] <= '7'; i++)
		v = v * 8 + (f[i] - '0');
	return v;
}

static int checksum_ok(const unsigned char *h)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < BLOCK; i++)
		sum += (i >= 148 && i < 156) ? ' ' : h[i];
	return sum == number(h + 148, 8);
}

/* pax records "LEN key=value\n": path, linkpath, size. */
static void pax(struct archive *a, char *rec, const char *member)
{
	while (*rec) {
		char *end, *key = strchr(rec, ' ');
		long len = strtol(rec, &end, 10);

		if (!key || end != key || len <= 0 || (size_t)len > strlen(rec))
			die(a, "%s: a damaged pax record", member);
		rec[len - 1] = '\0';
		key++;
		if (!strncmp(key, "path=", 5)) {
			free(a->long_name);
			a->long_name = must(strdup(key + 5));
		} else if (!strncmp(key, "linkpath=", 9)) {
			free(a->long_link);
			a->long_link = must(strdup(key + 9));
		} else if (!strncmp(key, "size=", 5)) {
			a->pax_size = strtoll(key + 5, NULL, 10);
		}
		rec += len;
	}
}

/* Does path p climb above depth min on its way ("." and "" stay)? */
static int escapes(const char *p, int min)
{
	int d = 0;

	if (*p == '/')
		return 1;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !strncmp(p, "..", 2)) {
			if (--d < min)
				return 1;
		} else if (n && !(n == 1 && *p == '.')) {
			d++;
		}
		p += n;
		p += *p == '/';
	}
	return 0;
}

static int has_dotdot(const char *p)
{
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !strncmp(p, "..", 2))
			return 1;
		p += n;
		p += *p == '/';
	}
	return 0;
}

/* The path in the tree: "./" dropped, then strip components; NULL: none. */
static const char *in_tree(const char *name, int strip)
{
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	while (strip-- > 0) {
		name = strchr(name, '/');
		if (!name)
			return NULL;
		while (*name == '/')
			name++;
	}
	return *name ? name : NULL;
}

static void add(struct archive *a, const char *path, unsigned mode, long mark,
		const char *member)
{
	struct entry *e;

	if (a->nr == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 4096;
		a->e = must(realloc(a->e, a->cap * sizeof(*a->e)));
	}
	e = &a->e[a->nr++];
	e->path = must(strdup(path));
	e->mode = mode;
	e->mark = mark;
	e->member = must(strdup(member));
}

static long blob_header(struct archive *a, unsigned long long size)
{
	printf("blob\nmark :%ld\ndata %llu\n", ++a->marks, size);
	return a->marks;
}

/* A hard link's earlier member (by its name in the archive). */
static struct entry *earlier(struct archive *a, const char *member)
{
	long i;

	while (member[0] == '.' && member[1] == '/')
		member += 2;
	for (i = a->nr - 1; i >= 0; i--) {
		const char *m = a->e[i].member;

		while (m[0] == '.' && m[1] == '/')
			m += 2;
		if (!strcmp(m, member))
			return &a->e[i];
	}
	return NULL;
}

/* The link's target, checked: relative, and inside the top folder. */
static void check_link(struct archive *a, const char *name, const char *target)
{
	size_t dir = strrchr(name, '/') ? (size_t)(strrchr(name, '/') - name + 1) : 0;
	char *joined = must(malloc(dir + strlen(target) + 1));
	int out;

	memcpy(joined, name, dir);
	strcpy(joined + dir, target);
	out = *target == '/' || escapes(joined, a->strip);
	free(joined);
	if (out)
		refuse(a, "link %s -> %s points outside the tree", name, target);
}

/* pax, global pax and GNU long-name records: for the next member. */
static void header_record(struct archive *a, char type, unsigned long long size,
			  const char *name)
{
	char *rec = slurp(a, size, name);

	if (type == 'L') {
		free(a->long_name);
		a->long_name = rec;
		return;
	}
	if (type == 'K') {
		free(a->long_link);
		a->long_link = rec;
		return;
	}
	if (type == 'x')
		pax(a, rec, name);
	free(rec);
}

static void skip_member(struct archive *a, unsigned long long size, const char *name)
{
	read_exact(a, NULL, size + (BLOCK - size % BLOCK) % BLOCK, name);
}

static void file(struct archive *a, const char *full, const char *path,
		 unsigned long long size, unsigned mode)
{
	long mark = blob_header(a, size);

	copy_data(a, size, full);
	putchar('\n');
	skip_padding(a, size, full);
	if (path)
		add(a, path, mode & 0111 ? 0100755 : 0100644, mark, full);
}

static void symlink_member(struct archive *a, const char *full, const char *path,
			   const char *target)
{
	check_link(a, full, target);
	if (!path)
		return;
	add(a, path, 0120000, blob_header(a, strlen(target)), full);
	printf("%s\n", target);
}

static void hard_link(struct archive *a, const char *full, const char *path,
		      const char *target)
{
	struct entry *e;

	if (target[0] == '/' || has_dotdot(target))
		refuse(a, "hard link %s lies outside the tree (%s)", full, target);
	e = earlier(a, target);
	if (!e)
		die(a, "hard link %s: no earlier member %s", full, target);
	if (path)
		add(a, path, e->mode, e->mark, full);
}

/* One member of the tree, its name and link from the records before it. */
static void tree_member(struct archive *a, char type, unsigned long long size,
			unsigned mode, const char *name, const char *link)
{
	char *full = must(strdup(a->long_name ? a->long_name : name));
	char *target = must(strdup(a->long_link ? a->long_link : link));
	const char *path;

	free(a->long_name);
	free(a->long_link);
	a->long_name = a->long_link = NULL;
	a->pax_size = -1;
	if (full[0] == '/' || has_dotdot(full))
		refuse(a, "member %s lies outside the tree", full);
	path = in_tree(full, a->strip);
	switch (type) {
	case '0': case '\0': case '7':
		file(a, full, path, size, mode);
		break;
	case '2':
		symlink_member(a, full, path, target);
		skip_member(a, size, full);
		break;
	case '1':
		hard_link(a, full, path, target);
		break;
	case '5':
		skip_member(a, size, full);
		break;
	case '3': case '4': case '6':
		refuse(a, "member %s is a device or a fifo: not part of a source tree", full);
		break;
	default:
		refuse(a, "member %s: tar member type '%c' is not supported", full, type);
	}
	free(full);
	free(target);
}

static void member(struct archive *a, const unsigned char *h)
{
	char name[257 + 155], link[101];
	unsigned long long size = number(h + 124, 12);
	char type = h[156];

	if (!memcmp(h + 257, "ustar", 5) && h[345])
		snprintf(name, sizeof(name), "%.155s/%.100s", h + 345, h);
	else
		snprintf(name, sizeof(name), "%.100s", h);
	snprintf(link, sizeof(link), "%.100s", h + 157);
	if (a->pax_size >= 0)
		size = a->pax_size;
	if (type == 'x' || type == 'g' || type == 'L' || type == 'K')
		header_record(a, type, size, name);
	else
		tree_member(a, type, size, number(h + 100, 8), name, link);
}

/* fast-import's quoting for a path that needs it (", \, control chars). */
static void put_path(const char *p)
{
	const char *c;

	for (c = p; *c; c++)
		if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20)
			break;
	if (!*c) {
		fputs(p, stdout);
		return;
	}
	putchar('"');
	for (c = p; *c; c++) {
		if (*c == '"' || *c == '\\')
			printf("\\%c", *c);
		else if ((unsigned char)*c < 0x20)
			printf("\\%03o", (unsigned char)*c);
		else
			putchar(*c);
	}
	putchar('"');
}

static void commit(struct archive *a, const char *ref)
{
	const char *msg = "pristine tree (tarimport)\n";
	long i;

	printf("commit %s\ncommitter stableguard <stableguard@localhost> %s\n", ref, SG_DATE);
	printf("data %zu\n%s", strlen(msg), msg);
	for (i = 0; i < a->nr; i++) {
		printf("M %o :%ld ", a->e[i].mode, a->e[i].mark);
		put_path(a->e[i].path);
		putchar('\n');
	}
	printf("\ndone\n");
}

int main(int argc, char **argv)
{
	struct archive a = { .pax_size = -1 };
	unsigned char h[BLOCK];
	static char out[1 << 20];
	int i = 1;

	if (argc > 2 && !strcmp(argv[1], "--strip")) {
		a.strip = atoi(argv[2]);
		i = 3;
	}
	if (argc - i != 2) {
		fputs("usage: tarimport [--strip N] REF WHO < TAR | git fast-import --done\n", stderr);
		return 2;
	}
	a.who = argv[i + 1];
	setvbuf(stdout, out, _IOFBF, sizeof(out));
	for (;;) {
		static const unsigned char zero[BLOCK];

		if (fread(h, 1, BLOCK, stdin) != BLOCK)
			die(&a, "the archive ends without its end-of-archive blocks (truncated?)");
		a.offset += BLOCK;
		if (!memcmp(h, zero, BLOCK))
			break;
		if (!checksum_ok(h))
			die(&a, "a damaged tar header at byte %llu", a.offset - BLOCK);
		member(&a, h);
	}
	/* The rest (the second zero block, the record's padding) read, so
	 * that the decompressor before us ends well. */
	while (fread(h, 1, BLOCK, stdin) > 0)
		;
	if (ferror(stdin))
		die(&a, "cannot read the archive");
	commit(&a, argv[i]);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: cannot write to git fast-import\n", a.who);
		return 1;
	}
	return 0;
}
