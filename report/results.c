// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "tsv.h"

const char *const result_names[R_NCOLS] = {
	"series", "variant", "check", "expected", "observed", "seconds",
	"kernel", "patchset", "seed", "complaint", "log", "reason",
};

int results_skipped(const struct result *r)
{
	return !strcmp(r->col[R_OBSERVED], "SKIP");
}

int results_series_skipped(const struct result *r)
{
	return results_skipped(r) && !strcmp(r->col[R_KERNEL], "-");
}

int results_match(const struct result *r)
{
	const char *strict = getenv("SG_STRICT");

	if (results_skipped(r))
		return !strict || strcmp(strict, "1");
	return !strcmp(r->col[R_EXPECTED], r->col[R_OBSERVED]);
}

int results_green(const struct result *rows, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!results_match(&rows[i]))
			return 0;
	return nr > 0;
}

const char *results_header(void)
{
	static char line[256];

	return line[0] ? line : tsv_join(result_names, R_NCOLS, line, sizeof(line));
}

/* The rows results_load() has read so far. */
struct loaded {
	const char *who;
	struct result *rows;
	int nr, cap;
};

static int add_row(void *ctx, char **cols)
{
	struct loaded *l = ctx;
	struct result *r;

	if (l->nr == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		r = realloc(l->rows, l->cap * sizeof(*r));
		if (!r)
			goto oom;
		l->rows = r;
	}
	if (tsv_copy(cols, R_NCOLS, l->rows[l->nr].col))
		goto oom;
	l->nr++;
	return 0;
oom:
	fprintf(stderr, "%s: out of memory\n", l->who);
	return -1;
}

int results_load(const char *path, const char *who, struct result **rows, int *nr)
{
	struct loaded l = { .who = who };

	*rows = NULL;
	*nr = 0;
	if (tsv_read(path, who, result_names, R_NCOLS, TSV_EXACT, add_row, &l)) {
		results_free(l.rows, l.nr);
		return -1;
	}
	*rows = l.rows;
	*nr = l.nr;
	return 0;
}

void results_free(struct result *rows, int nr)
{
	int i;

	/* Each row is one allocation (tsv_copy), starting at its first column. */
	for (i = 0; i < nr; i++)
		free(rows[i].col[0]);
	free(rows);
}

#define PAIR_ARROW "→"

const char *results_pair_reader(const char *series)
{
	const char *arrow = strstr(series, PAIR_ARROW);

	return arrow ? arrow + strlen(PAIR_ARROW) : NULL;
}

int results_pair_has(const char *pair, const char *series)
{
	const char *reader = results_pair_reader(pair);
	size_t n = strlen(series);

	if (!reader)
		return 0;
	return !strcmp(reader, series) ||
	       (!strncmp(pair, series, n) && !strncmp(pair + n, PAIR_ARROW, strlen(PAIR_ARROW)));
}
