// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

const char *const result_names[R_NCOLS] = {
	"series", "variant", "check", "expected", "observed", "seconds",
	"kernel", "patchset", "seed", "complaint", "log", "reason",
};

int results_skipped(const struct result *r)
{
	return !strcmp(r->col[R_OBSERVED], "SKIP");
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
	size_t n = 0;
	int i;

	if (line[0])
		return line;
	for (i = 0; i < R_NCOLS; i++)
		n += snprintf(line + n, sizeof(line) - n, "%s%s", i ? "\t" : "",
			      result_names[i]);
	return line;
}

/* Splits line in place into exactly R_NCOLS columns. */
static int split(char *line, struct result *r)
{
	int i;

	line[strcspn(line, "\n")] = '\0';
	for (i = 0; i < R_NCOLS; i++) {
		r->col[i] = line;
		line = strchr(line, '\t');
		if (i == R_NCOLS - 1)
			return line ? -1 : 0;
		if (!line)
			return -1;
		*line++ = '\0';
	}
	return 0;
}

static int add_row(const char *line, struct result **rows, int *nr, int *cap)
{
	struct result *r;
	char *copy;

	if (*nr == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		r = realloc(*rows, *cap * sizeof(**rows));
		if (!r)
			return -1;
		*rows = r;
	}
	copy = strdup(line);
	if (!copy || split(copy, &(*rows)[*nr])) {
		free(copy);
		return -1;
	}
	(*nr)++;
	return 0;
}

int results_load(const char *path, const char *who, struct result **rows, int *nr)
{
	char line[16384];
	int lineno = 0, cap = 0;
	FILE *f = fopen(path, "r");

	*rows = NULL;
	*nr = 0;
	if (!f) {
		fprintf(stderr, "%s: %s: cannot open\n", who, path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (lineno == 1) {
			line[strcspn(line, "\n")] = '\0';
			if (strcmp(line, results_header()))
				goto bad_header;
			continue;
		}
		if (add_row(line, rows, nr, &cap)) {
			fprintf(stderr, "%s: %s:%d: needs %d tab-separated columns (%s)\n",
				who, path, lineno, R_NCOLS, results_header());
			goto fail;
		}
	}
	fclose(f);
	return 0;
bad_header:
	fprintf(stderr, "%s: %s:1: the header must be \"%s\" (tab-separated)\n", who,
		path, results_header());
fail:
	fclose(f);
	results_free(*rows, *nr);
	*rows = NULL;
	*nr = 0;
	return -1;
}

void results_free(struct result *rows, int nr)
{
	int i;

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
