// SPDX-License-Identifier: GPL-2.0
/*
 * fixedby: the kernel commits an fstests checkout's tests name as their
 * fix, one line each, for the proof index (make proofs, the gate).
 *
 *	fixedby FSTESTS_DIR
 *		"id<TAB>test<TAB>fstyp<TAB>subject<TAB>file:line" for each
 *		_fixed_by_kernel_commit <id> "<subject>" and
 *		_fixed_by_git_commit kernel <id> "<subject>" of tests/<dir>/<N>
 *	fixedby --index FSTESTS_DIR
 *		the same, as rows of the proof index (run file kind
 *		proofindex, no header: what follows sgconf proofs' rows), the
 *		generic tests' and ext4's alone
 *
 * fstyp is the file system the line is for: the one it names
 * ([ "$FSTYP" = "btrfs" ] && _fixed_by_kernel_commit ...: a btrfs fix
 * of a generic test), else the test's folder (tests/ext4/), else "-"
 * (a generic test, for every file system).
 * A test's line may go on over backslash-newlines.  An id is given as it
 * is (lower-cased), at least 8 hex digits; a placeholder (xxxxxxxxxxxx,
 * or any id that is no hex) is named on stderr with its file and line and
 * skipped, and so is a line that names no id.  Exit 0, or 2 when the
 * checkout has no tests/ folder.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runfile.h"

static int skipped;

/* The next word of *p (a "quoted" one without its quotes) into buf. */
static int word(const char **p, char *buf, size_t len)
{
	const char *s = *p;
	size_t n = 0;
	char quote = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '"' || *s == '\'')
		quote = *s++;
	while (*s && (quote ? *s != quote : (*s != ' ' && *s != '\t'))) {
		if (n + 1 < len)
			buf[n++] = *s;
		s++;
	}
	if (quote && *s)
		s++;
	buf[n] = '\0';
	*p = s;
	return n > 0;
}

static int is_id(const char *id)
{
	size_t n = strspn(id, "0123456789abcdefABCDEF");

	return n >= 8 && n <= 40 && !id[n];
}

/* The X of [ "$FSTYP" = "X" ] in line[0..end), or "-". */
static void fstyp_of(const char *line, const char *end, char *buf, size_t len)
{
	const char *p = strstr(line, "$FSTYP");
	const char *q;

	snprintf(buf, len, "-");
	if (!p || p > end || !(q = strchr(p, '=')) || q > end)
		return;
	q++;
	if (q[0] == '=' || q[0] == '~')	/* == or [[ =~ ext[0-9]+ ]] */
		q++;
	word(&q, buf, len);
}

static int as_index;	/* --index: proof index rows */

static void fixed_line(const char *test, const char *path, int lineno, const char *line)
{
	const char *p = strstr(line, "_fixed_by_kernel_commit");
	const char *hash = strchr(line, '#');
	char cmd[64], id[64], subject[1024], fstyp[64];
	int i;

	if (!p)
		p = strstr(line, "_fixed_by_git_commit");
	if (!p || (hash && hash < p))
		return;	/* a comment that names the helper */
	fstyp_of(line, p, fstyp, sizeof(fstyp));
	/* A test of tests/btrfs/ is for btrfs whatever its line says. */
	if (!strcmp(fstyp, "-") && strncmp(test, "generic/", 8) && strncmp(test, "shared/", 7))
		snprintf(fstyp, sizeof(fstyp), "%.*s", (int)strcspn(test, "/"), test);
	if (!word(&p, cmd, sizeof(cmd)))
		return;
	if (!strcmp(cmd, "_fixed_by_git_commit")) {
		if (!word(&p, id, sizeof(id)) || strcmp(id, "kernel"))
			return;	/* a fix of another project (xfsprogs, btrfs-progs) */
	} else if (strcmp(cmd, "_fixed_by_kernel_commit")) {
		return;
	}
	if (!word(&p, id, sizeof(id))) {
		fprintf(stderr, "fixedby: %s:%d: %s names no commit\n", path, lineno, cmd);
		skipped++;
		return;
	}
	if (!is_id(id)) {
		fprintf(stderr, "fixedby: %s:%d: %s: a placeholder, not a commit id: skipped\n",
			path, lineno, id);
		skipped++;
		return;
	}
	for (i = 0; id[i]; i++)
		id[i] = tolower((unsigned char)id[i]);
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '"' || *p == '\'')
		word(&p, subject, sizeof(subject));
	else
		snprintf(subject, sizeof(subject), "%s", p);
	if (!as_index) {
		printf("%s\t%s\t%s\t%s\t%s:%d\n", id, test, fstyp, subject[0] ? subject : "-",
		       path, lineno);
		return;
	}
	/* The proof index's rows (proofindex): generic tests and ext4's. */
	if (!strcmp(fstyp, "-") || !strncmp(fstyp, "ext", 3)) {
		const char *values[PI_NCOLS] = {
			id, "fstests", test, "-", subject[0] ? subject : "-",
		};

		runfile_put_row(stdout, runfile_kind("proofindex"), values);
	}
}

/* Every logical line of a test (backslash-newlines joined) that fixes. */
static void scan_test(const char *path, const char *test)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *joined = NULL;
	size_t cap = 0, jlen = 0;
	ssize_t n;
	int lineno = 0, first = 0;

	if (!f)
		return;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (!jlen)
			first = lineno;
		joined = realloc(joined, jlen + n + 2);
		memcpy(joined + jlen, line, n + 1);
		jlen += n;
		if (n && line[n - 1] == '\\') {
			joined[--jlen] = ' ';
			jlen++;
			continue;
		}
		if (strstr(joined, "_fixed_by_"))
			fixed_line(test, path, first, joined);
		jlen = 0;
	}
	free(line);
	free(joined);
	fclose(f);
}

static int numbered(const char *name)
{
	return name[0] && strspn(name, "0123456789") == strlen(name);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
	struct dirent **dirs, **tests;
	char path[4096], test[512];
	int nd, nt, i, j;

	if (argc == 3 && !strcmp(argv[1], "--index")) {
		as_index = 1;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: fixedby [--index] FSTESTS_DIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/tests", argv[1]);
	nd = scandir(path, &dirs, NULL, by_name);
	if (nd < 0) {
		fprintf(stderr, "fixedby: %s: no tests folder (an fstests checkout has one)\n", path);
		return 2;
	}
	for (i = 0; i < nd; i++) {
		if (dirs[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/tests/%s", argv[1], dirs[i]->d_name);
			nt = scandir(path, &tests, NULL, by_name);
			for (j = 0; j < nt; j++) {
				if (numbered(tests[j]->d_name)) {
					snprintf(test, sizeof(test), "%s/%s", dirs[i]->d_name,
						 tests[j]->d_name);
					snprintf(path, sizeof(path), "%s/tests/%s", argv[1], test);
					scan_test(path, test);
				}
				free(tests[j]);
			}
			if (nt >= 0)
				free(tests);
		}
		free(dirs[i]);
	}
	free(dirs);
	if (skipped)
		fprintf(stderr, "fixedby: %d line(s) named and skipped\n", skipped);
	return 0;
}
