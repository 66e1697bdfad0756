// SPDX-License-Identifier: GPL-2.0
/*
 * The path map's reader (pathmap.h).  A glob matches as fnmatch(3) does
 * without FNM_PATHNAME: its "*" crosses "/", so "fs/ext4/" and a "*" is
 * the whole folder.  A path matched by several globs is covered by all of them; its
 * fstests tests are chosen most specific glob first (the longest part
 * before a wildcard), the data-integrity list always ahead of them, until
 * the budget is spent.
 */
#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "branches.h"
#include "pathmap.h"
#include "runfile.h"
#include "tsv.h"

#define MAX_ENTRIES 128
#define MAX_NAMES 64
#define MAX_TESTS 2048
#define DEFAULT_SECS 60	/* a test no earlier run timed */

struct entry {
	const char *glob;
	const char *why;
	int specific;		/* characters before the first wildcard */
	const char *checks[MAX_NAMES];
	int nchecks;
	const char *tests[MAX_NAMES];	/* DIR/NNN or group:NAME */
	/*
	 * With a checkout: tests[] with each group as the checkout's tests
	 * of it, read once; a group with none stays "group:NAME".
	 */
	char **expanded;
	int nexpanded;
	int ntests;
};

struct pathmap {
	struct entry e[MAX_ENTRIES];
	int n;
};

static const char *const entry_keys[] = { "why", "checks", "fstests", NULL };

static int literal_prefix(const char *glob)
{
	return (int)strcspn(glob, "*?[");
}

/* "generic/091", "ext4/001" or "group:aio". */
static int test_name_ok(const char *t)
{
	const char *slash = strchr(t, '/');

	if (!strncmp(t, "group:", 6))
		return t[6] && strspn(t + 6, "abcdefghijklmnopqrstuvwxyz0123456789_-") == strlen(t + 6);
	return slash && slash > t && slash[1] && strspn(slash + 1, "0123456789") == strlen(slash + 1);
}

static void read_names(struct ydoc *m, yaml_node_t *list, const char *glob, const char *key,
		       const char **out, int *n)
{
	int i;

	*n = 0;
	if (!list)
		return;
	if (!ydoc_is_seq(list) || ydoc_len(list) > MAX_NAMES) {
		ydoc_err(m, list, "%s: %s wants a list (at most %d)", glob, key, MAX_NAMES);
		return;
	}
	for (i = 0; i < ydoc_len(list); i++) {
		const char *s = ydoc_str(ydoc_item(m, list, i));

		if (!s || !*s)
			ydoc_err(m, ydoc_item(m, list, i), "%s: %s: an empty name", glob, key);
		else
			out[(*n)++] = s;
	}
}

static void read_entry(struct ydoc *m, struct ydoc *b, const char *glob, yaml_node_t *v,
		       struct entry *e)
{
	int i, k;

	e->glob = glob;
	e->specific = literal_prefix(glob);
	if (!ydoc_is_map(v)) {
		ydoc_err(m, v, "%s: want why:, checks: and fstests:", glob);
		return;
	}
	for (i = 0; i < ydoc_len(v); i++) {
		const char *key = ydoc_str(ydoc_key(m, v, i));

		for (k = 0; entry_keys[k] && strcmp(entry_keys[k], key ? key : ""); k++)
			;
		if (!entry_keys[k])
			ydoc_err(m, ydoc_key(m, v, i), "%s: unknown key %s", glob, key ? key : "?");
	}
	e->why = ydoc_str(ydoc_get(m, v, "why"));
	if (!e->why || !*e->why)
		ydoc_err(m, v, "%s: why: wants a line saying what reaches this code", glob);
	read_names(m, ydoc_get(m, v, "checks"), glob, "checks", e->checks, &e->nchecks);
	read_names(m, ydoc_get(m, v, "fstests"), glob, "fstests", e->tests, &e->ntests);
	for (i = 0; i < e->nchecks; i++)
		if (!branches_is_check(b, e->checks[i]))
			ydoc_err(m, v, "%s: check %s is not one of branches.yaml's checks", glob,
				 e->checks[i]);
	for (i = 0; i < e->ntests; i++)
		if (!test_name_ok(e->tests[i]))
			ydoc_err(m, v, "%s: fstests: %s is neither DIR/NNN nor group:NAME", glob,
				 e->tests[i]);
	if (!e->nchecks && !e->ntests)
		ydoc_err(m, v, "%s: names no check and no fstests test", glob);
}

static int load_map(struct ydoc *m, struct ydoc *b, struct pathmap *pm)
{
	yaml_node_t *paths = ydoc_get(m, ydoc_root(m), "paths");
	int i;

	pm->n = ydoc_is_map(paths) ? ydoc_len(paths) : 0;
	if (!pm->n || pm->n > MAX_ENTRIES) {
		ydoc_err(m, paths ? paths : ydoc_root(m), "want a mapping \"paths\" of 1 to %d globs",
			 MAX_ENTRIES);
		pm->n = 0;
	}
	for (i = 0; i < pm->n; i++) {
		const char *glob = ydoc_str(ydoc_key(m, paths, i));

		if (!glob || !*glob || *glob == '/')
			ydoc_err(m, ydoc_key(m, paths, i), "a glob relative to the tree's top, not \"%s\"",
				 glob ? glob : "");
		read_entry(m, b, glob ? glob : "", ydoc_value(m, paths, i), &pm->e[i]);
	}
	return m->errors ? -1 : 0;
}

/* The tests, their cost and what became of them, across every path. */
struct pick {
	char name[64];
	int secs;
	int chosen;		/* 1 in the budget, -1 left out */
	const char *left;	/* why left out */
};

struct picks {
	struct pick p[MAX_TESTS];
	int n;
	int spent;		/* seconds */
};

static struct pick *find_pick(struct picks *ps, const char *name)
{
	int i;

	for (i = 0; i < ps->n; i++)
		if (!strcmp(ps->p[i].name, name))
			return &ps->p[i];
	return NULL;
}

/* A timed run's rows: the seconds of each test it ran. */
static int time_row(void *ctx, char **cols)
{
	struct picks *times = ctx;
	struct pick *p;

	if (!strchr(cols[0], '/') || times->n >= MAX_TESTS)
		return 0;
	p = find_pick(times, cols[0]);
	if (!p) {
		p = &times->p[times->n++];
		snprintf(p->name, sizeof(p->name), "%s", cols[0]);
	}
	p->secs = atoi(cols[1]);
	return 0;
}

static int secs_of(struct picks *times, const char *name)
{
	struct pick *t = find_pick(times, name);

	return t && t->secs > 0 ? t->secs : DEFAULT_SECS;
}

static int test_exists(const char *fstests, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/tests/%s", fstests, name);
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* Whether the test file's _begin_fstest line names the group. */
static int in_group(const char *file, const char *group)
{
	char line[1024], *w;
	int found = 0;
	FILE *f = fopen(file, "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "_begin_fstest", 13))
			continue;
		for (w = strtok(line + 13, " \t\n"); w && !found; w = strtok(NULL, " \t\n"))
			found = !strcmp(w, group);
		break;
	}
	fclose(f);
	return found;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The tests of a group in the checkout's generic and ext4 folders, sorted. */
static int group_tests(const char *fstests, const char *group, char **out, int max)
{
	static const char *const dirs[] = { "generic", "ext4" };
	char path[PATH_MAX];
	struct dirent *d;
	int i, n = 0;

	for (i = 0; i < 2; i++) {
		DIR *dir;

		snprintf(path, sizeof(path), "%s/tests/%s", fstests, dirs[i]);
		dir = opendir(path);
		while (dir && (d = readdir(dir)) && n < max) {
			if (strspn(d->d_name, "0123456789") != strlen(d->d_name))
				continue;
			snprintf(path, sizeof(path), "%s/tests/%s/%s", fstests, dirs[i], d->d_name);
			if (!in_group(path, group))
				continue;
			out[n] = malloc(strlen(dirs[i]) + strlen(d->d_name) + 2);
			sprintf(out[n++], "%s/%s", dirs[i], d->d_name);
		}
		if (dir)
			closedir(dir);
	}
	qsort(out, n, sizeof(*out), by_name);
	return n;
}

/* Each matched entry's tests, its groups read from the checkout once. */
static void expand(struct pathmap *pm, const struct pathmap_opts *o)
{
	static char *members[MAX_TESTS];
	int i, j, k, m;

	for (i = 0; i < pm->n; i++) {
		struct entry *e = &pm->e[i];

		for (j = 0; j < e->ntests; j++) {
			m = strncmp(e->tests[j], "group:", 6) ? 0 :
				group_tests(o->fstests, e->tests[j] + 6, members, MAX_TESTS);
			e->expanded = realloc(e->expanded, (e->nexpanded + (m ? m : 1)) *
							       sizeof(*e->expanded));
			if (!m)
				e->expanded[e->nexpanded++] = strdup(e->tests[j]);
			for (k = 0; k < m; k++)
				e->expanded[e->nexpanded++] = members[k];
		}
	}
}

/* One test offered for a path: chosen if it exists and fits, else left out. */
static struct pick *offer(struct picks *ps, struct picks *times, const struct pathmap_opts *o,
			  const char *name)
{
	struct pick *p = find_pick(ps, name);

	if (p || ps->n >= MAX_TESTS)
		return p;
	p = &ps->p[ps->n++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->secs = secs_of(times, name);
	if (!test_exists(o->fstests, name)) {
		p->chosen = -1;
		p->left = "not in the checkout";
	} else if (ps->spent + p->secs > o->minutes * 60) {
		p->chosen = -1;
		p->left = "over the budget";
	} else {
		p->chosen = 1;
		ps->spent += p->secs;
	}
	return p;
}

static int by_specific(const void *a, const void *b)
{
	const struct entry *x = *(const struct entry *const *)a, *y = *(const struct entry *const *)b;

	return y->specific - x->specific;
}

/* Every test the matched entries name, most specific entry first. */
static void choose(struct pathmap *pm, const struct pathmap_opts *o, struct picks *times,
		   struct picks *ps, int npaths, char **paths)
{
	const struct entry *order[MAX_ENTRIES];
	char *always, *t;
	int i, j, n = 0;

	always = strdup(o->always ? o->always : "");
	for (t = strtok(always, " \t\n"); t; t = strtok(NULL, " \t\n"))
		if (!find_pick(ps, t) && ps->n < MAX_TESTS) {
			snprintf(ps->p[ps->n].name, sizeof(ps->p[0].name), "%s", t);
			ps->p[ps->n].chosen = 1;
			ps->spent += secs_of(times, t);
			ps->n++;
		}
	free(always);
	for (i = 0; i < pm->n; i++)
		for (j = 0; j < npaths; j++)
			if (!fnmatch(pm->e[i].glob, paths[j], 0)) {
				order[n++] = &pm->e[i];
				break;
			}
	qsort(order, n, sizeof(order[0]), by_specific);
	for (i = 0; i < n; i++)
		for (j = 0; j < order[i]->nexpanded; j++)
			if (strncmp(order[i]->expanded[j], "group:", 6))
				offer(ps, times, o, order[i]->expanded[j]);
}

/* "a,b,c" appended to out, each once. */
static void add_word(char *out, size_t len, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = out; (p = strstr(p, w)); p += n)
		if ((p == out || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return;
	snprintf(out + strlen(out), len - strlen(out), "%s%s", *out ? "," : "", w);
}

/* A test of the entry, for this path's row: chosen, or left out with why. */
static void row_test(const struct pick *p, char *tests, char *left, size_t len)
{
	char said[128];

	if (!p)
		return;
	if (p->chosen > 0) {
		add_word(tests, len, p->name);
		return;
	}
	snprintf(said, sizeof(said), "%s:%s", p->name, p->left);
	add_word(left, len, said);
}

static void row_tests(const struct entry *e, struct picks *ps, char *tests, char *left,
		      size_t len)
{
	char said[128];
	int j;

	for (j = 0; j < e->nexpanded; j++) {
		if (strncmp(e->expanded[j], "group:", 6)) {
			row_test(find_pick(ps, e->expanded[j]), tests, left, len);
			continue;
		}
		snprintf(said, sizeof(said), "%s:no test of the checkout in it", e->expanded[j]);
		add_word(left, len, said);
	}
}

static void put_row(struct pathmap *pm, const struct pathmap_opts *o, struct picks *ps,
		    const char *path)
{
	static char globs[4096], checks[4096], tests[16384], left[16384], why[8192];
	const char *row[TO_NCOLS];
	int i, j;

	globs[0] = checks[0] = tests[0] = left[0] = why[0] = '\0';
	for (i = 0; i < pm->n; i++) {
		const struct entry *e = &pm->e[i];

		if (fnmatch(e->glob, path, 0))
			continue;
		add_word(globs, sizeof(globs), e->glob);
		for (j = 0; j < e->nchecks; j++)
			add_word(checks, sizeof(checks), e->checks[j]);
		if (o->fstests)
			row_tests(e, ps, tests, left, sizeof(tests));
		snprintf(why + strlen(why), sizeof(why) - strlen(why), "%s%s", *why ? "; " : "",
			 e->why);
	}
	row[TO_PATH] = path;
	row[TO_GLOBS] = *globs ? globs : "-";
	row[TO_CHECKS] = *checks ? checks : "-";
	row[TO_FSTESTS] = *tests ? tests : "-";
	row[TO_LEFT_OUT] = *left ? left : "-";
	row[TO_WHY] = *why ? why : "nothing in the path map covers it";
	runfile_put_row(stdout, runfile_kind("touched"), row);
}

static int map_path(struct ydoc *b, const char *dir, char *path, size_t len)
{
	const char *rel = ydoc_str(ydoc_get(b, ydoc_root(b), "pathmap"));

	if (!rel)
		return 1;
	snprintf(path, len, "%s/%s", dir, rel);
	return 0;
}

int pathmap_print(struct ydoc *branches, const char *dir, const struct pathmap_opts *o,
		  int npaths, char **paths)
{
	static struct pathmap pm;
	static struct picks ps, times;
	static const char *const time_cols[] = { "check", "seconds" };
	char path[PATH_MAX];
	struct ydoc m;
	int i;

	i = map_path(branches, dir, path, sizeof(path));
	if (i > 0) {
		/* No map: no row, and nothing said of what the files reach. */
		fprintf(stderr, "%s names no pathmap: nothing is said of the files a queue touches\n",
			branches->path);
		runfile_put_header(stdout, runfile_kind("touched"));
		return 0;
	}
	if (ydoc_load(&m, path))
		return 1;
	if (load_map(&m, branches, &pm)) {
		fprintf(stderr, "%s: %d error%s\n", path, m.errors, m.errors == 1 ? "" : "s");
		ydoc_free(&m);
		return 1;
	}
	if (o->times && tsv_read_optional(o->times, "sgconf pathmap", time_cols, 2, TSV_BY_NAME,
					  time_row, &times)) {
		ydoc_free(&m);
		return 1;
	}
	if (o->fstests) {
		expand(&pm, o);
		choose(&pm, o, &times, &ps, npaths, paths);
	}
	runfile_put_header(stdout, runfile_kind("touched"));
	for (i = 0; i < npaths; i++)
		put_row(&pm, o, &ps, paths[i]);
	ydoc_free(&m);
	return 0;
}
