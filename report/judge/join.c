// SPDX-License-Identifier: GPL-2.0
/*
 * The join: a run's results.tsv made of its plan (every row the run
 * judges, written once at its start) and what its units left (rows/NNN
 * and cross-rows/NNN, run files of kind boots, each naming the verdicts
 * file of its boot).  Shell only builds, boots and keeps raw verdicts;
 * which row is which, what was expected and what a missing verdict means
 * is decided here, once, for the matrix, its shards joined, and fstests.
 *
 * A plan row whose unit left nothing is an ERROR that says so, unless
 * the run is one shard of several and the unit is another shard's (the
 * run's shards file: a pair is its reader's).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "join.h"
#include "results.h"
#include "runfile.h"
#include "tsv.h"

/* Rows of one kind of run file, each one allocation (tsv_copy). */
struct table {
	char ***row;
	int nr, cap, ncols;
};

/* A verdicts file, loaded once however many rows read it. */
struct verdicts {
	char *path;
	struct table t;
};

struct join {
	const char *dir;
	struct table plan, boots, shards;
	char seed[64], shard[64];
	struct verdicts *files;
	int nr_files, cap_files;
	FILE *out;
};

static int add(void *ctx, char **cols)
{
	struct table *t = ctx;
	char ***r;

	if (t->nr == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 32;
		r = realloc(t->row, t->cap * sizeof(*r));
		if (!r)
			return -1;
		t->row = r;
	}
	t->row[t->nr] = malloc(t->ncols * sizeof(char *));
	if (!t->row[t->nr] || tsv_copy(cols, t->ncols, t->row[t->nr]))
		return -1;
	t->nr++;
	return 0;
}

static void table_free(struct table *t)
{
	int i;

	for (i = 0; i < t->nr; i++) {
		free(t->row[i][0]);
		free(t->row[i]);
	}
	free(t->row);
}

/* path into t, as kind; missing: no rows when optional, else an error. */
static int load(struct table *t, const char *path, const char *kind, int optional)
{
	const struct runfile_kind *k = runfile_kind(kind);
	FILE *f;

	t->ncols = k->n;
	f = fopen(path, "r");
	if (!f) {
		if (optional)
			return 0;
		fprintf(stderr, "report --join: %s: cannot open (no %s)\n", path, kind);
		return -1;
	}
	fclose(f);
	return tsv_read(path, "report --join", k->cols, k->n, TSV_EXACT, add, t);
}

/* Every rows/NNN and cross-rows/NNN of the run: its units' boots rows. */
static int load_boots(struct join *j)
{
	const char *const pats[] = { "rows/[0-9][0-9][0-9]", "cross-rows/[0-9][0-9][0-9]" };
	char pat[4096];
	glob_t g;
	size_t i;
	int p, rc = 0;

	j->boots.ncols = B_NCOLS;
	for (p = 0; p < 2 && !rc; p++) {
		snprintf(pat, sizeof(pat), "%s/%s", j->dir, pats[p]);
		if (glob(pat, 0, NULL, &g))
			continue;
		for (i = 0; i < g.gl_pathc && !rc; i++)
			rc = load(&j->boots, g.gl_pathv[i], "boots", 0);
		globfree(&g);
	}
	return rc;
}

static int policy_row(void *ctx, char **cols)
{
	struct join *j = ctx;

	snprintf(j->seed, sizeof(j->seed), "%s", cols[PO_SEED]);
	snprintf(j->shard, sizeof(j->shard), "%s", cols[PO_SHARD]);
	return 0;
}

static char **find_boot(struct join *j, const char *series, const char *variant)
{
	int i;

	for (i = 0; i < j->boots.nr; i++)
		if (!strcmp(j->boots.row[i][B_SERIES], series) &&
		    !strcmp(j->boots.row[i][B_VARIANT], variant))
			return j->boots.row[i];
	return NULL;
}

/* Whether this run's shard runs the series (every series: one shard). */
static int ours(struct join *j, const char *series)
{
	const char *slash = strchr(j->shard, '/');
	int i;

	if (!slash || !strcmp(slash, "/1"))
		return 1;
	for (i = 0; i < j->shards.nr; i++)
		if (!strcmp(j->shards.row[i][SH_SERIES], series))
			return atoi(j->shards.row[i][SH_SHARD]) == atoi(j->shard);
	return 0;
}

/* The verdict of check in the verdicts file path, or NULL. */
static char **find_verdict(struct join *j, const char *path, const char *check)
{
	struct verdicts *v = NULL;
	int i;

	for (i = 0; i < j->nr_files && !v; i++)
		if (!strcmp(j->files[i].path, path))
			v = &j->files[i];
	if (!v) {
		if (j->nr_files == j->cap_files) {
			int cap = j->cap_files ? 2 * j->cap_files : 16;
			struct verdicts *f = realloc(j->files, cap * sizeof(*f));

			if (!f)
				return NULL;
			j->files = f;
			j->cap_files = cap;
		}
		v = &j->files[j->nr_files++];
		memset(v, 0, sizeof(*v));
		v->path = strdup(path);
		if (load(&v->t, path, "verdicts", 1))
			v->t.nr = 0;
	}
	for (i = 0; i < v->t.nr; i++)
		if (!strcmp(v->t.row[i][V_CHECK], check))
			return v->t.row[i];
	return NULL;
}

static void put(struct join *j, const char **values)
{
	runfile_put_row(j->out, runfile_kind("results"), values);
}

/* One plan row joined with what its unit left. */
static void join_row(struct join *j, char **p)
{
	const int pair = !strcmp(p[PL_KIND], "pair");
	const char *values[R_NCOLS] = { 0 };
	char reason[8192], **b, **v;

	values[R_SERIES] = p[PL_SERIES];
	values[R_VARIANT] = p[PL_VARIANT];
	values[R_CHECK] = p[PL_CHECK];
	values[R_EXPECTED] = p[PL_EXPECTED];
	values[R_SEED] = j->seed;
	values[R_KIND] = p[PL_KIND];
	values[R_WRITER] = p[PL_WRITER];
	values[R_READER] = p[PL_READER];
	values[R_SECONDS] = "0";
	b = find_boot(j, p[PL_SERIES], p[PL_VARIANT]);
	if (!b && !ours(j, pair ? p[PL_READER] : p[PL_SERIES]))
		return;
	if (b) {
		values[R_KERNEL] = b[B_KERNEL];
		values[R_IMAGE] = b[B_IMAGE];
		values[R_PATCHSET] = b[B_PATCHSET];
		values[R_LOG] = b[B_LOG];
	}
	/* A unit that did not boot says why for every row, a row left out too. */
	if (b && strcmp(b[B_STATUS], "booted")) {
		values[R_OBSERVED] = b[B_STATUS];
		values[R_REASON] = b[B_REASON];
		put(j, values);
		return;
	}
	if (!strcmp(p[PL_RUN], "no")) {
		snprintf(reason, sizeof(reason), "left out%s: %s",
			 strcmp(p[PL_KIND], "fstests") ? "" : " by the baseline", p[PL_NOTE]);
		values[R_OBSERVED] = "SKIP";
		values[R_REASON] = reason;
		values[R_LOG] = "-";
		put(j, values);
		return;
	}
	if (!b) {
		snprintf(reason, sizeof(reason), "no verdict: %s/%s never reported (its unit did not finish)",
			 pair ? "-" : p[PL_SERIES], p[PL_VARIANT]);
		values[R_OBSERVED] = "ERROR";
		values[R_REASON] = reason;
		put(j, values);
		return;
	}
	v = find_verdict(j, b[B_VERDICTS], p[PL_CHECK]);
	if (!v) {
		snprintf(reason, sizeof(reason), "no verdict for %s in %s", p[PL_CHECK], b[B_VERDICTS]);
		values[R_OBSERVED] = "ERROR";
		values[R_REASON] = reason;
		put(j, values);
		return;
	}
	values[R_OBSERVED] = v[V_OBSERVED];
	values[R_SECONDS] = v[V_SECS];
	values[R_COMPLAINT] = v[V_COMPLAINT];
	values[R_LOG_TAIL] = v[V_LOG_TAIL];
	values[R_REASON] = v[V_REASON];
	if (strcmp(p[PL_NOTE], "-")) {
		snprintf(reason, sizeof(reason), "%s (baseline: %s)", v[V_REASON], p[PL_NOTE]);
		values[R_REASON] = reason;
	}
	put(j, values);
}

static int load_run(struct join *j)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/plan", j->dir);
	j->plan.ncols = PL_NCOLS;
	if (load(&j->plan, path, "plan", 0))
		return -1;
	snprintf(path, sizeof(path), "%s/policy", j->dir);
	if (tsv_read(path, "report --join", policy_names, PO_NCOLS, TSV_EXACT, policy_row, j))
		return -1;
	snprintf(path, sizeof(path), "%s/shards", j->dir);
	j->shards.ncols = SH_NCOLS;
	if (load(&j->shards, path, "shards", 1))
		return -1;
	return load_boots(j);
}

static void join_free(struct join *j)
{
	int i;

	table_free(&j->plan);
	table_free(&j->boots);
	table_free(&j->shards);
	for (i = 0; i < j->nr_files; i++) {
		free(j->files[i].path);
		table_free(&j->files[i].t);
	}
	free(j->files);
}

int join_run(const char *dir)
{
	struct join j = { .dir = dir };
	char part[4096], path[4096];
	int i, rc = -1;

	if (load_run(&j))
		goto out;
	snprintf(part, sizeof(part), "%s/results.tsv.part", dir);
	snprintf(path, sizeof(path), "%s/results.tsv", dir);
	j.out = fopen(part, "w");
	if (!j.out) {
		fprintf(stderr, "report --join: %s: cannot write\n", part);
		goto out;
	}
	runfile_put_header(j.out, runfile_kind("results"));
	for (i = 0; i < j.plan.nr; i++)
		join_row(&j, j.plan.row[i]);
	if (fclose(j.out) || rename(part, path)) {
		fprintf(stderr, "report --join: %s: cannot write\n", path);
		goto out;
	}
	rc = 0;
out:
	join_free(&j);
	return rc;
}
