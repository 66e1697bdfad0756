// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsv.h"

/* An open file being read, for the messages that name where. */
struct tsv {
	const char *path, *who;
	FILE *f;
	char *line;
	size_t cap;
	int lineno;
	int width;	/* the header's columns */
	char **field;	/* width of them */
	int *map;	/* map[i]: the header column of names[i] */
};

const char *tsv_join(const char *const *names, int n, char *buf, size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && at < len; i++)
		at += snprintf(buf + at, len - at, "%s%s", i ? "\t" : "", names[i]);
	return buf;
}

int tsv_copy(char *const *cols, int n, char **out)
{
	size_t len = 0;
	char *p;
	int i;

	for (i = 0; i < n; i++)
		len += strlen(cols[i]) + 1;
	p = malloc(len ? len : 1);
	if (!p)
		return -1;
	for (i = 0; i < n; i++) {
		out[i] = p;
		p = stpcpy(p, cols[i]) + 1;
	}
	return 0;
}

/* The next line, without its line end ("\n" or "\r\n": a carriage
 * return inside a value is the value's, as a serial log gives it); 0 at
 * the end of the file. */
static int next_line(struct tsv *t)
{
	ssize_t n = getline(&t->line, &t->cap, t->f);

	if (n < 0)
		return 0;
	if (n && t->line[n - 1] == '\n')
		t->line[--n] = '\0';
	if (n && t->line[n - 1] == '\r')
		t->line[--n] = '\0';
	t->lineno++;
	return 1;
}

/* Splits t->line in place into t->field; returns how many it had. */
static int split(struct tsv *t)
{
	char *p = t->line;
	int n = 0;

	for (;;) {
		if (n < t->width)
			t->field[n] = p;
		n++;
		p = strchr(p, '\t');
		if (!p)
			return n;
		*p++ = '\0';
	}
}

static int header_exact(struct tsv *t, const char *const *names, int n)
{
	char want[4096];
	int i;

	for (i = 0; i < n && t->width == n; i++)
		if (strcmp(t->field[i], names[i]))
			break;
	if (i == n && t->width == n) {
		for (i = 0; i < n; i++)
			t->map[i] = i;
		return 0;
	}
	fprintf(stderr, "%s: %s:1: the header must be \"%s\" (tab-separated)\n", t->who,
		t->path, tsv_join(names, n, want, sizeof(want)));
	return -1;
}

static int header_by_name(struct tsv *t, const char *const *names, int n)
{
	int i, c;

	for (i = 0; i < n; i++) {
		for (c = 0; c < t->width && strcmp(t->field[c], names[i]); c++)
			;
		if (c == t->width) {
			fprintf(stderr, "%s: %s:1: no column \"%s\" in the header\n", t->who,
				t->path, names[i]);
			return -1;
		}
		t->map[i] = c;
	}
	return 0;
}

/* The header read: its width, and where each name is. */
static int read_header(struct tsv *t, const char *const *names, int n,
		       enum tsv_header mode)
{
	const char *p;

	t->width = 1;
	for (p = t->line; (p = strchr(p, '\t')); p++)
		t->width++;
	t->field = calloc(t->width, sizeof(*t->field));
	t->map = calloc(n, sizeof(*t->map));
	if (!t->field || !t->map) {
		fprintf(stderr, "%s: %s: out of memory\n", t->who, t->path);
		return -1;
	}
	split(t);
	return mode == TSV_EXACT ? header_exact(t, names, n) : header_by_name(t, names, n);
}

static int read_rows(struct tsv *t, int n, int (*row)(void *, char **), void *ctx)
{
	char **cols = calloc(n, sizeof(*cols));
	int i, rc = -1;

	if (!cols)
		return -1;
	while (next_line(t)) {
		if (split(t) != t->width) {
			fprintf(stderr, "%s: %s:%d: needs %d tab-separated columns, as its header has\n",
				t->who, t->path, t->lineno, t->width);
			goto out;
		}
		for (i = 0; i < n; i++)
			cols[i] = t->field[t->map[i]];
		if (row(ctx, cols))
			goto out;
	}
	rc = 0;
out:
	free(cols);
	return rc;
}

static int read_file(const char *path, const char *who, const char *const *names, int n,
		     enum tsv_header mode, int (*row)(void *ctx, char **cols), void *ctx,
		     int optional)
{
	struct tsv t = { .path = path, .who = who };
	int rc = 0;

	t.f = fopen(path, "r");
	if (!t.f && optional && errno == ENOENT)
		return 0;
	if (!t.f) {
		fprintf(stderr, "%s: %s: cannot open\n", who, path);
		return -1;
	}
	if (next_line(&t))
		rc = read_header(&t, names, n, mode) || read_rows(&t, n, row, ctx) ? -1 : 0;
	fclose(t.f);
	free(t.line);
	free(t.field);
	free(t.map);
	return rc;
}

int tsv_read(const char *path, const char *who, const char *const *names, int n,
	     enum tsv_header mode, int (*row)(void *ctx, char **cols), void *ctx)
{
	return read_file(path, who, names, n, mode, row, ctx, 0);
}

int tsv_read_optional(const char *path, const char *who, const char *const *names, int n,
		      enum tsv_header mode, int (*row)(void *ctx, char **cols), void *ctx)
{
	return read_file(path, who, names, n, mode, row, ctx, 1);
}

static int table_row(void *ctx, char **cols)
{
	struct tsv_table *t = ctx;
	void *more = realloc(t->rows, (t->nr + 1) * sizeof(*t->rows));

	if (!more)
		return -1;
	t->rows = more;
	return tsv_copy(cols, t->n, t->rows[t->nr++]);
}

int tsv_table_read(struct tsv_table *t, const char *path, const char *who,
		   const char *const *names, int n, int optional)
{
	memset(t, 0, sizeof(*t));
	if (n > 32) {
		fprintf(stderr, "%s: %s: more than 32 columns\n", who, path);
		return -1;
	}
	t->n = n;
	if (optional)
		return tsv_read_optional(path, who, names, n, TSV_EXACT, table_row, t);
	return tsv_read(path, who, names, n, TSV_EXACT, table_row, t);
}

void tsv_table_free(struct tsv_table *t)
{
	int i;

	for (i = 0; i < t->nr; i++)
		free(t->rows[i][0]);
	free(t->rows);
	memset(t, 0, sizeof(*t));
}
