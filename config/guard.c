// SPDX-License-Identifier: GPL-2.0
/*
 * The follow-up-fix guard: a series' base plus its patches must not carry
 * a commit that another known commit Fixes: unless that fix is carried too.
 */
#include <stdio.h>
#include <string.h>

#include "branches.h"
#include "guard.h"
#include "patchfile.h"

#define MAX_CARRIED 128

struct carried {
	const struct fact *fact;
	char where[512];	/* "its base" or the patch file */
};

struct carry_set {
	int n;
	struct carried c[MAX_CARRIED];
};

static const struct carried *carries(const struct carry_set *set, const char *id)
{
	int i;

	for (i = 0; i < set->n; i++)
		if (!strncmp(set->c[i].fact->id, id, strlen(id)))
			return &set->c[i];
	return NULL;
}

static int add(struct carry_set *set, const struct facts *facts, const char *id,
	       const char *where)
{
	const struct fact *f = facts_find(facts, id);

	if (!f) {
		fprintf(stderr, "guard: %s: commit %s is not in the upstream facts file\n",
			where, id);
		return -1;
	}
	if (set->n == MAX_CARRIED || carries(set, f->id))
		return 0;
	set->c[set->n].fact = f;
	snprintf(set->c[set->n].where, sizeof(set->c[0].where), "%s", where);
	set->n++;
	return 0;
}

static int add_series_file(struct carry_set *set, const struct facts *facts,
			   const char *series_file)
{
	static char paths[128][4096];
	struct patchfile p;
	char err[4400];
	int n, i, bad = 0;

	n = series_read(series_file, paths, 128, err, sizeof(err));
	if (n < 0) {
		fprintf(stderr, "guard: %s\n", err);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (patchfile_read(paths[i], &p, err, sizeof(err))) {
			fprintf(stderr, "guard: %s\n", err);
			bad = -1;
			continue;
		}
		/* New code of this project's own carries no upstream history. */
		if (p.own)
			continue;
		if (!p.upstream[0]) {
			fprintf(stderr, "guard: %s: the body does not name its upstream commit\n",
				paths[i]);
			bad = -1;
			continue;
		}
		bad |= add(set, facts, p.upstream, paths[i]);
	}
	return bad;
}

int guard_series(const struct facts *facts, const char *series,
		 const char *const *base, int nr_base,
		 const char *const *series_files, int nr_files)
{
	struct carry_set set = { 0 };
	char where[128];
	int i, j, violations = 0;

	snprintf(where, sizeof(where), "the %s base", series);
	for (i = 0; i < nr_base; i++)
		if (add(&set, facts, base[i], where))
			return -1;
	for (i = 0; i < nr_files; i++)
		if (series_files[i] && add_series_file(&set, facts, series_files[i]))
			return -1;
	for (i = 0; i < facts->n; i++) {
		const struct fact *fix = &facts->f[i];

		for (j = 0; j < fix->nr_fixes; j++) {
			const struct carried *bad = carries(&set, fix->fixes[j]);

			if (!bad || carries(&set, fix->id))
				continue;
			printf("guard: %s carries %s (\"%s\", from %s) without %s (\"%s\", %s), which Fixes: it\n",
			       series, short_id(bad->fact->id), bad->fact->subject,
			       bad->where, short_id(fix->id), fix->subject, fix->release);
			violations++;
		}
	}
	return violations;
}

/* guard_series() of a series of branches.yaml: its base and its lists. */
static int guard_one(struct ydoc *y, const char *dir, struct facts *facts, const char *name,
		     const char *override)
{
	yaml_node_t *s = branches_series(y, name), *bc;
	const char *base[64], *files[2];
	char compat[4096], fixes[4096];
	int i, n;

	if (!s)
		return -1;
	bc = ydoc_get(y, s, "base-contains");
	for (n = 0; n < ydoc_len(bc) && n < 64; n++)
		base[n] = ydoc_str(ydoc_item(y, bc, n));
	files[0] = branches_file(dir, ydoc_str(ydoc_get(y, s, "build-compat")), compat, sizeof(compat));
	files[1] = override ? override :
		   branches_file(dir, ydoc_str(ydoc_get(y, s, "patches")), fixes, sizeof(fixes));
	i = guard_series(facts, name, base, n, files, 2);
	if (!i)
		printf("guard: %s: every carried commit has its known follow-up fixes\n", name);
	return i;
}

int guard_branches(struct ydoc *y, const char *dir, const char *name, const char *override)
{
	static struct facts facts;
	yaml_node_t *series = ydoc_get(y, ydoc_root(y), "series");
	int i, bad = 0, rc;

	if (facts_load_for_branches(&facts, y, dir))
		return 1;
	if (name)
		return guard_one(y, dir, &facts, name, override) ? 1 : 0;
	for (i = 0; i < ydoc_len(series); i++) {
		rc = guard_one(y, dir, &facts, ydoc_str(ydoc_key(y, series, i)), NULL);
		bad |= rc != 0;
	}
	return bad;
}
