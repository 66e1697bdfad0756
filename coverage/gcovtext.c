// SPDX-License-Identifier: GPL-2.0
/*
 * gcovtext.h.  A line is "COUNT:LINE:SOURCE TEXT": COUNT "-" for a line
 * that is no code, "#####" (or "=====", reached only by an exception)
 * for one that never ran, else the runs, "*" after them when some of
 * its blocks did not run.  Line 0 carries the Source:, Graph:, Data:
 * and Runs: headers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcovtext.h"

static int grow(struct gcov_file *g, int line)
{
	long *c;
	int n = g->lines ? g->lines : 1024, i;

	if (line <= g->lines)
		return 0;
	while (n < line)
		n *= 2;
	c = realloc(g->count, (size_t)(n + 1) * sizeof(*c));
	if (!c)
		return -1;
	for (i = g->lines + 1; i <= n; i++)
		c[i] = GCOV_NOT_EXECUTABLE;
	g->count = c;
	g->lines = n;
	return 0;
}

static long parse_count(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s == '-')
		return GCOV_NOT_EXECUTABLE;
	if (*s == '#' || *s == '=')
		return 0;
	return strtol(s, NULL, 10);
}

int gcov_read(const char *path, struct gcov_file *g, char *why, int len)
{
	char buf[8192], *c1, *c2;
	FILE *f = fopen(path, "r");
	int lineno = 0, line;

	memset(g, 0, sizeof(*g));
	if (!f) {
		snprintf(why, len, "%s: cannot open", path);
		return -1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		lineno++;
		c1 = strchr(buf, ':');
		c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2) {
			snprintf(why, len, "%s:%d: not a gcov line", path, lineno);
			fclose(f);
			return -1;
		}
		line = atoi(c1 + 1);
		if (!line) {
			if (!strncmp(c2 + 1, "Source:", 7))
				snprintf(g->source, sizeof(g->source), "%.*s",
					 (int)strcspn(c2 + 8, "\n"), c2 + 8);
			continue;
		}
		if (line < 0 || grow(g, line)) {
			snprintf(why, len, "%s:%d: line %d", path, lineno, line);
			fclose(f);
			return -1;
		}
		g->count[line] = parse_count(buf);
	}
	fclose(f);
	if (!g->source[0]) {
		snprintf(why, len, "%s: no Source: line", path);
		return -1;
	}
	return 0;
}

void gcov_free(struct gcov_file *g)
{
	free(g->count);
	memset(g, 0, sizeof(*g));
}

int gcov_is_of(const struct gcov_file *g, const char *rel)
{
	size_t n = strlen(g->source), r = strlen(rel);

	return n >= r && !strcmp(g->source + n - r, rel) && (n == r || g->source[n - r - 1] == '/');
}
