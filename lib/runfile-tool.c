// SPDX-License-Identifier: GPL-2.0
/*
 * runfile: how shell writes and reads the run files (lib/runfile.h),
 * by column name and through their one schema.
 *
 *	runfile header KIND			the header line
 *	runfile row [--header] KIND NAME=VALUE...
 *						one row, every column named once
 *						(the header line first: a file of one row)
 *	runfile get [--prefix P] [--first] [--where COND]... FILE COLUMN...
 *	runfile list [--first] [--where COND]... FILE COLUMN...
 *	runfile count [--where COND]... FILE	how many rows match
 *
 * get prints, for each row that matches every COND, one line of shell
 * assignments "Pcolumn='value' ..." for eval; list the values alone,
 * space-separated (for lists of names, read with read or for).  COND is COLUMN=VALUE (the
 * same), COLUMN^=TEXT (starts with) or COLUMN*=TEXT (holds).  FILE's kind
 * is its header: a header that is no kind's, a column the kind does not
 * have, or a row of the wrong width is an error naming the file and line
 * (exit 2).  Exit 1 from get when no row matched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runfile.h"
#include "tsv.h"

#define MAX_WHERE 8
#define MAX_WANT 16

struct cond {
	int col;
	char op;	/* '=', '^' or '*' */
	const char *text;
};

struct query {
	const char *path, *prefix;
	const struct runfile_kind *kind;
	struct cond where[MAX_WHERE];
	int nr_where;
	int want[MAX_WANT];
	int nr_want;
	int first, matched, count_only, plain;
};

static int usage(void)
{
	fprintf(stderr, "usage: runfile header KIND | row [--header] KIND NAME=VALUE... |\n"
		"       get [--prefix P] [--first] [--where COL=V|COL^=V|COL*=V]... FILE COLUMN... |\n"
		"       list [--first] [--where ...]... FILE COLUMN... |\n"
		"       count [--where ...]... FILE\n"
		"kinds: %s\n", runfile_kinds());
	return 2;
}

static const struct runfile_kind *kind_named(const char *name)
{
	const struct runfile_kind *k = runfile_kind(name);

	if (!k)
		fprintf(stderr, "runfile: %s: no such kind of run file (kinds: %s)\n", name,
			runfile_kinds());
	return k;
}

static int col_of(const struct query *q, const char *name, size_t n)
{
	int c;

	for (c = 0; c < q->kind->n; c++)
		if (strlen(q->kind->cols[c]) == n && !strncmp(q->kind->cols[c], name, n))
			return c;
	fprintf(stderr, "runfile: %s: a %s file has no column \"%.*s\"\n", q->path,
		q->kind->name, (int)n, name);
	return -1;
}

/* The kind of the file, from its header line. */
static const struct runfile_kind *kind_of_file(const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	const struct runfile_kind *k = NULL;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "runfile: %s: cannot open\n", path);
		return NULL;
	}
	n = getline(&line, &cap, f);
	fclose(f);
	while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	if (n > 0)
		k = runfile_kind_of(line);
	if (!k)
		fprintf(stderr, "runfile: %s:1: %s: not the header of a run file (kinds: %s)\n",
			path, n > 0 ? line : "empty", runfile_kinds());
	free(line);
	return k;
}

static int holds(const struct cond *c, const char *v)
{
	switch (c->op) {
	case '^':
		return !strncmp(v, c->text, strlen(c->text));
	case '*':
		return strstr(v, c->text) != NULL;
	default:
		return !strcmp(v, c->text);
	}
}

static void put_quoted(const char *v)
{
	putchar('\'');
	for (; *v; v++) {
		if (*v == '\'')
			fputs("'\"'\"'", stdout);
		else
			putchar(*v);
	}
	putchar('\'');
}

static int row(void *ctx, char **cols)
{
	struct query *q = ctx;
	int i;

	if (q->first && q->matched)
		return 0;
	for (i = 0; i < q->nr_where; i++)
		if (!holds(&q->where[i], cols[q->where[i].col]))
			return 0;
	q->matched++;
	if (q->count_only)
		return 0;
	if (q->plain) {
		for (i = 0; i < q->nr_want; i++)
			printf("%s%s", i ? " " : "", cols[q->want[i]]);
		putchar('\n');
		return 0;
	}
	for (i = 0; i < q->nr_want; i++) {
		printf("%s%s%s=", i ? " " : "", q->prefix, q->kind->cols[q->want[i]]);
		put_quoted(cols[q->want[i]]);
	}
	putchar('\n');
	return 0;
}

static int add_where(struct query *q, const char *arg)
{
	size_t n = strcspn(arg, "=^*");
	struct cond *c = &q->where[q->nr_where];

	if (q->nr_where == MAX_WHERE || !arg[n] || (arg[n] != '=' && arg[n + 1] != '=')) {
		fprintf(stderr, "runfile: --where %s: want COLUMN=VALUE, COLUMN^=TEXT or COLUMN*=TEXT\n", arg);
		return -1;
	}
	c->col = col_of(q, arg, n);
	if (c->col < 0)
		return -1;
	c->op = arg[n];
	c->text = arg + n + (arg[n] == '=' ? 1 : 2);
	q->nr_where++;
	return 0;
}

/* Options, then FILE, then (get) the columns. */
static int query(int argc, char **argv, int count_only, int plain)
{
	struct query q = { .prefix = "", .count_only = count_only, .plain = plain };
	const char *wheres[MAX_WHERE];
	int nr = 0, i = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
		if (!strcmp(argv[i], "--first"))
			q.first = 1;
		else if (!strcmp(argv[i], "--prefix") && i + 1 < argc)
			q.prefix = argv[++i];
		else if (!strcmp(argv[i], "--where") && i + 1 < argc && nr < MAX_WHERE)
			wheres[nr++] = argv[++i];
		else
			return usage();
	}
	if (i >= argc || (!count_only && i + 1 >= argc))
		return usage();
	q.path = argv[i++];
	q.kind = kind_of_file(q.path);
	if (!q.kind)
		return 2;
	for (; i < argc && q.nr_want < MAX_WANT; i++)
		if ((q.want[q.nr_want++] = col_of(&q, argv[i], strlen(argv[i]))) < 0)
			return 2;
	for (i = 0; i < nr; i++)
		if (add_where(&q, wheres[i]))
			return 2;
	if (tsv_read(q.path, "runfile", q.kind->cols, q.kind->n, TSV_EXACT, row, &q))
		return 2;
	if (count_only)
		printf("%d\n", q.matched);
	return count_only || q.plain || q.matched ? 0 : 1;
}

int main(int argc, char **argv)
{
	const struct runfile_kind *k;
	const char *values[64];

	if (argc == 3 && !strcmp(argv[1], "header")) {
		if (!(k = kind_named(argv[2])))
			return 2;
		runfile_put_header(stdout, k);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "row")) {
		int header = !strcmp(argv[2], "--header");

		if (argc < 3 + header || !(k = kind_named(argv[2 + header])))
			return 2;
		if (runfile_parse_row("runfile row", k, argc - 3 - header, argv + 3 + header, values))
			return 2;
		if (header)
			runfile_put_header(stdout, k);
		runfile_put_row(stdout, k, values);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "get"))
		return query(argc - 2, argv + 2, 0, 0);
	if (argc >= 3 && !strcmp(argv[1], "list"))
		return query(argc - 2, argv + 2, 0, 1);
	if (argc >= 3 && !strcmp(argv[1], "count"))
		return query(argc - 2, argv + 2, 1, 0);
	return usage();
}
