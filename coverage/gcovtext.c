// SPDX-License-Identifier: GPL-2.0
/*
 * gcovtext.h.  A line is "COUNT:LINE:SOURCE TEXT": COUNT "-" for a line
 * that is no code, "#####" (or "=====", reached only by an exception)
 * for one that never ran, else the runs, "*" after them when some of
 * its blocks did not run.  Line 0 carries the Source:, Graph:, Data:
 * and Runs: headers.  A line a macro expands into several functions is
 * followed by a block a function ("------------------", "name:", the
 * line again with that function's count): the line ran if any did.
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

/* A new section: its Source: path, no line yet. */
static struct gcov_file *section(struct gcov_file **g, int *n, const char *source)
{
	struct gcov_file *all = realloc(*g, (size_t)(*n + 1) * sizeof(**g)), *s;

	if (!all)
		return NULL;
	*g = all;
	s = &all[(*n)++];
	memset(s, 0, sizeof(*s));
	snprintf(s->source, sizeof(s->source), "%.*s", (int)strcspn(source, "\n"), source);
	return s;
}

int gcov_read(const char *path, struct gcov_file **g, int *n, char *why, int len)
{
	char buf[8192], *c1, *c2;
	struct gcov_file *cur = NULL;
	FILE *f = fopen(path, "r");
	int lineno = 0, line;

	if (!f) {
		snprintf(why, len, "%s: cannot open", path);
		return -1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		lineno++;
		c1 = strchr(buf, ':');
		c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		/* A function's block begins ("------", "name:"): not a line. */
		if (!c2 || strspn(c1 + 1, " 0123456789") != (size_t)(c2 - c1 - 1))
			continue;
		line = atoi(c1 + 1);
		if (!line) {
			if (!strncmp(c2 + 1, "Source:", 7) && !(cur = section(g, n, c2 + 8)))
				break;
			continue;
		}
		if (!cur || line < 0 || grow(cur, line)) {
			snprintf(why, len, "%s:%d: line %d %s", path, lineno, line,
				 cur ? "out of reach" : "before any Source: line");
			fclose(f);
			return -1;
		}
		if (parse_count(buf) > cur->count[line])
			cur->count[line] = parse_count(buf);
	}
	fclose(f);
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
