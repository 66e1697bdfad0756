// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "branches.h"
#include "corpus.h"
#include "patchfile.h"
#include "runfile.h"

static const char *const case_keys[] = {
	"series", "bad", "fix", "shipped", "fixed-in", "reported", "replay", "previous",
	"queue", "fixed", NULL,
};

static int full_id(const char *s)
{
	return s && is_hex_id(s, 40, 40);
}

/* A release (6.15) or a stable one (6.1.64), or a stable series (6.15.y). */
static int is_release(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	int dots = 0;

	if (n > 2 && !strcmp(s + n - 2, ".y"))
		n -= 2;
	if (!n || strspn(s, "0123456789.") < n || s[0] == '.' || s[n - 1] == '.')
		return 0;
	for (; n; n--, s++)
		dots += *s == '.';
	return dots == 1 || dots == 2;
}

/* dir/rel, checked to be a file; its absolute form appended to out. */
static void add_file(struct ydoc *c, yaml_node_t *n, const char *dir, char *out, size_t len)
{
	char path[PATH_MAX], real[PATH_MAX];
	const char *rel = ydoc_str(n);

	snprintf(path, sizeof(path), "%s/%s", dir, rel ? rel : "");
	if (!rel || !realpath(path, real) || access(real, R_OK)) {
		ydoc_err(c, n, "%s: no such patch file", rel ? rel : "?");
		return;
	}
	snprintf(out + strlen(out), len - strlen(out), "%s%s", *out ? " " : "", real);
}

static void add_list(struct ydoc *c, yaml_node_t *list, const char *what, const char *dir,
		     char *out, size_t len)
{
	int i;

	if (!ydoc_is_seq(list) || !ydoc_len(list)) {
		ydoc_err(c, list, "%s: want a list of patch files", what);
		return;
	}
	for (i = 0; i < ydoc_len(list); i++)
		add_file(c, ydoc_item(c, list, i), dir, out, len);
}

static void check_keys(struct ydoc *c, yaml_node_t *m, const char *name)
{
	int i, k;

	for (i = 0; i < ydoc_len(m); i++) {
		const char *key = ydoc_str(ydoc_key(c, m, i));

		for (k = 0; case_keys[k] && strcmp(case_keys[k], key ? key : ""); k++)
			;
		if (!case_keys[k])
			ydoc_err(c, ydoc_key(c, m, i), "%s: unknown key %s", name, key ? key : "?");
	}
}

/* One case into row[] (its strings in bufs); errors counted in c. */
static void read_case(struct ydoc *c, struct ydoc *branches, const char *name, yaml_node_t *m,
		      const char *dir, const char *row[CO_NCOLS], char files[3][8192])
{
	const char *series = ydoc_str(ydoc_get(c, m, "series"));

	check_keys(c, m, name);
	if (!series || !ydoc_get(branches, ydoc_get(branches, ydoc_root(branches), "series"), series))
		ydoc_err(c, m, "%s: series %s is not one of branches.yaml", name, series ? series : "?");
	if (!full_id(ydoc_str(ydoc_get(c, m, "bad"))) || !full_id(ydoc_str(ydoc_get(c, m, "fix"))))
		ydoc_err(c, m, "%s: bad and fix want the upstream commits' 40-hex ids", name);
	if (!is_release(ydoc_str(ydoc_get(c, m, "shipped"))) ||
	    !is_release(ydoc_str(ydoc_get(c, m, "fixed-in"))))
		ydoc_err(c, m, "%s: shipped and fixed-in want releases (6.1.64, 6.15 or 6.15.y)", name);
	if (!ydoc_str(ydoc_get(c, m, "reported")) || !ydoc_str(ydoc_get(c, m, "replay")))
		ydoc_err(c, m, "%s: reported and replay want a line each", name);
	files[0][0] = files[1][0] = files[2][0] = '\0';
	/* No previous: the series' pristine tree is the release before. */
	if (ydoc_get(c, m, "previous"))
		add_file(c, ydoc_get(c, m, "previous"), dir, files[0], sizeof(files[0]));
	else
		snprintf(files[0], sizeof(files[0]), "-");
	add_list(c, ydoc_get(c, m, "queue"), "queue", dir, files[1], sizeof(files[1]));
	add_list(c, ydoc_get(c, m, "fixed"), "fixed", dir, files[2], sizeof(files[2]));
	row[CO_CASE] = name;
	row[CO_SERIES] = series;
	row[CO_BAD] = ydoc_str(ydoc_get(c, m, "bad"));
	row[CO_FIX] = ydoc_str(ydoc_get(c, m, "fix"));
	row[CO_SHIPPED] = ydoc_str(ydoc_get(c, m, "shipped"));
	row[CO_FIXED_IN] = ydoc_str(ydoc_get(c, m, "fixed-in"));
	row[CO_REPORTED] = ydoc_str(ydoc_get(c, m, "reported"));
	row[CO_PREVIOUS] = files[0];
	row[CO_QUEUE] = files[1];
	row[CO_FIXED] = files[2];
}

int corpus_print(struct ydoc *branches, const char *dir)
{
	static char files[64][3][8192];
	const char *rows[64][CO_NCOLS];
	const char *rel = ydoc_str(ydoc_get(branches, ydoc_root(branches), "corpus"));
	char path[PATH_MAX], cdir[PATH_MAX], *slash;
	yaml_node_t *cases;
	struct ydoc c;
	int i, n, ret = 0;

	if (!rel) {
		fprintf(stderr, "%s: no \"corpus\" file named\n", branches->path);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (ydoc_load(&c, path))
		return 1;
	snprintf(cdir, sizeof(cdir), "%s", path);
	slash = strrchr(cdir, '/');
	*slash = '\0';
	cases = ydoc_get(&c, ydoc_root(&c), "cases");
	n = ydoc_is_map(cases) ? ydoc_len(cases) : 0;
	if (!n || n > 64)
		ydoc_err(&c, cases ? cases : ydoc_root(&c), "want a mapping \"cases\" of 1 to 64 cases");
	for (i = 0; i < n && i < 64; i++)
		read_case(&c, branches, ydoc_str(ydoc_key(&c, cases, i)), ydoc_value(&c, cases, i),
			  cdir, rows[i], files[i]);
	if (c.errors) {
		fprintf(stderr, "%s: %d error%s\n", path, c.errors, c.errors == 1 ? "" : "s");
		ret = 1;
	} else {
		runfile_put_header(stdout, runfile_kind("corpus"));
		for (i = 0; i < n; i++)
			runfile_put_row(stdout, runfile_kind("corpus"), rows[i]);
	}
	ydoc_free(&c);
	return ret;
}
