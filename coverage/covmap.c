// SPDX-License-Identifier: GPL-2.0
/*
 * covmap: which of a gate's queue's changed lines its checks executed.
 *
 *	covmap RUN REPO REV GCOV_DIR
 *
 * The candidate (REV of the git repository REPO, its last patch's commit) is the previous
 * release plus one commit per patch of the queue (RUN/entries), so `git
 * blame` of each file the queue touches (RUN/touched.files) says which
 * patch put each of its lines there: a patch's changed lines, where they
 * are in the kernel that ran, whatever the patches after it moved.
 * GCOV_DIR/<check>/ holds the gcov text files (FILE.c.gcov) of what that
 * check executed.  RUN/coverage.tsv (run file kind coverage), a row per
 * patch and file: the patch's lines there, how many of them are code
 * (gcov says which), how many ran and under which checks, and the
 * status: executed, not exercised (code that no check ran), not built
 * (GCOV_DIR/not-built names the file: the kernel's config leaves it out,
 * so nothing of it ran), not measured (no gcov data of that file: a
 * header no measured file includes), no code (its lines there are
 * comments or declarations).  A patch that left no
 * line of its own (it only removes) has a row with file "-", status no
 * line left.
 * Exit 0, or 2 naming what could not be read.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcovtext.h"
#include "runfile.h"
#include "tsv.h"

#define MAX_CHECKS 64

static struct {
	char **not_built;	/* GCOV_DIR/not-built: files the kernel does not build */
	int nr_not_built;
	char *checks[MAX_CHECKS];
	int by_name[MAX_CHECKS];	/* checks[]' indexes, in order of their names */
	int nchecks;
	struct gcov_file *g;	/* every section of every gcov file */
	int *check;		/* check[i]: g[i]'s check, an index of checks[] */
	int n;
} cov;

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);

	return n >= k && !strcmp(s + n - k, suf);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(cov.checks[*(const int *)a], cov.checks[*(const int *)b]);
}

/* Every GCOV_DIR/<check>/<file>.gcov, read. */
static int load_gcov(const char *dir)
{
	char path[4096], why[4352];
	struct dirent *c, *f;
	DIR *top = opendir(dir), *sub;
	int before, i;

	if (!top)
		return 0;	/* no coverage: every file not measured */
	while ((c = readdir(top)) && cov.nchecks < MAX_CHECKS) {
		if (c->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, c->d_name);
		sub = opendir(path);
		if (!sub)
			continue;
		cov.checks[cov.nchecks] = strdup(c->d_name);
		while ((f = readdir(sub))) {
			if (!has_suffix(f->d_name, ".gcov"))
				continue;
			snprintf(path, sizeof(path), "%s/%s/%s", dir, c->d_name, f->d_name);
			before = cov.n;
			if (gcov_read(path, &cov.g, &cov.n, why, sizeof(why))) {
				fprintf(stderr, "covmap: %s\n", why);
				closedir(sub);
				closedir(top);
				return -1;
			}
			cov.check = realloc(cov.check, (size_t)(cov.n + 1) * sizeof(*cov.check));
			while (before < cov.n)
				cov.check[before++] = cov.nchecks;
		}
		closedir(sub);
		cov.nchecks++;
	}
	closedir(top);
	for (i = 0; i < cov.nchecks; i++)
		cov.by_name[i] = i;
	qsort(cov.by_name, cov.nchecks, sizeof(cov.by_name[0]), by_name);
	return 0;
}

/* blamed[line]: the commit (40 hex) that put the file's line there. */
struct blame {
	char (*sha)[41];
	int lines;
};

static int is_sha_line(const char *s)
{
	return strspn(s, "0123456789abcdef") == 40 && s[40] == ' ';
}

static int blame_file(const char *repo, const char *branch, const char *file, struct blame *b)
{
	char cmd[8192], line[8192];
	FILE *p;
	int final, cap = 0;

	memset(b, 0, sizeof(*b));
	snprintf(cmd, sizeof(cmd), "git -C '%s' blame --porcelain '%s' -- '%s' 2>/dev/null", repo,
		 branch, file);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		if (!is_sha_line(line) || sscanf(line + 41, "%*d %d", &final) != 1 || final < 1)
			continue;
		if (final > cap) {
			cap = final * 2;
			b->sha = realloc(b->sha, (size_t)(cap + 1) * sizeof(*b->sha));
		}
		snprintf(b->sha[final], 41, "%.40s", line);
		if (final > b->lines)
			b->lines = final;
	}
	/* A file the candidate does not have (the queue deleted it): no line. */
	pclose(p);
	return 0;
}

static char **read_lines(const char *path, int *n);

static int not_built(const char *file)
{
	int i;

	for (i = 0; i < cov.nr_not_built; i++)
		if (!strcmp(cov.not_built[i], file))
			return 1;
	return 0;
}

struct tally {
	int lines, code, ran;
	int by_check[MAX_CHECKS];
	int measured;
};

static void count_line(const char *file, int line, struct tally *t)
{
	int i, code = 0, ran = 0;

	t->lines++;
	for (i = 0; i < cov.n; i++) {
		const struct gcov_file *g = &cov.g[i];

		if (!gcov_is_of(g, file))
			continue;
		t->measured = 1;
		if (line > g->lines || g->count[line] == GCOV_NOT_EXECUTABLE)
			continue;
		code = 1;
		if (g->count[line] > 0) {
			ran = 1;
			t->by_check[cov.check[i]] = 1;
		}
	}
	t->code += code;
	t->ran += ran;
}

static void put(char **entry, const char *file, const struct tally *t)
{
	char lines[16], code[16], ran[16], checks[2048] = "";
	const char *row[COV_NCOLS], *status;
	int i;

	for (i = 0; i < cov.nchecks; i++)
		if (t->by_check[cov.by_name[i]])
			snprintf(checks + strlen(checks), sizeof(checks) - strlen(checks), "%s%s",
				 *checks ? "," : "", cov.checks[cov.by_name[i]]);
	status = !strcmp(file, "-") ? "no line left" : not_built(file) ? "not built" :
		 !t->measured ? "not measured" : !t->code ? "no code" :
		 t->ran ? "executed" : "not exercised";
	snprintf(lines, sizeof(lines), "%d", t->lines);
	snprintf(code, sizeof(code), t->measured ? "%d" : "-", t->code);
	snprintf(ran, sizeof(ran), t->measured ? "%d" : "-", t->ran);
	row[COV_NUMBER] = entry[E_NUMBER];
	row[COV_PATCH] = entry[E_PATCH];
	row[COV_FILE] = file;
	row[COV_LINES] = lines;
	row[COV_CODE] = code;
	row[COV_EXECUTED] = ran;
	row[COV_CHECKS] = *checks ? checks : "-";
	row[COV_STATUS] = status;
	runfile_put_row(stdout, runfile_kind("coverage"), row);
}

static char **read_lines(const char *path, int *n)
{
	char buf[4096], **out = NULL;
	FILE *f = fopen(path, "r");

	*n = 0;
	while (f && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (!*buf)
			continue;
		out = realloc(out, (size_t)(*n + 1) * sizeof(*out));
		out[(*n)++] = strdup(buf);
	}
	if (f)
		fclose(f);
	return out;
}

int main(int argc, char **argv)
{
	struct tsv_table entries;
	struct blame *b;
	struct tally t;
	char path[4096], **files;
	int nfiles, e, i, line, rows;

	if (argc != 5) {
		fprintf(stderr, "usage: covmap RUN REPO REV GCOV_DIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/entries", argv[1]);
	if (tsv_table_read(&entries, path, "covmap", entry_names, E_NCOLS, 0) || load_gcov(argv[4]))
		return 2;
	snprintf(path, sizeof(path), "%s/touched.files", argv[1]);
	files = read_lines(path, &nfiles);
	snprintf(path, sizeof(path), "%s/not-built", argv[4]);
	cov.not_built = read_lines(path, &cov.nr_not_built);
	b = calloc(nfiles ? nfiles : 1, sizeof(*b));
	for (i = 0; i < nfiles; i++)
		if (blame_file(argv[2], argv[3], files[i], &b[i])) {
			fprintf(stderr, "covmap: git blame of %s on %s failed\n", files[i], argv[3]);
			return 2;
		}
	runfile_put_header(stdout, runfile_kind("coverage"));
	for (e = 0; e < entries.nr; e++) {
		char **entry = entries.rows[e];

		for (i = 0, rows = 0; i < nfiles; i++) {
			memset(&t, 0, sizeof(t));
			for (line = 1; line <= b[i].lines; line++)
				if (!strcmp(b[i].sha[line], entry[E_COMMIT]))
					count_line(files[i], line, &t);
			if (t.lines) {
				put(entry, files[i], &t);
				rows++;
			}
		}
		if (!rows) {
			memset(&t, 0, sizeof(t));
			put(entry, "-", &t);
		}
	}
	tsv_table_free(&entries);
	return 0;
}
