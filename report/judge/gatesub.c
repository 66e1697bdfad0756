// SPDX-License-Identifier: GPL-2.0
/*
 * A gate's sub-runs planned from its own run files, so that booting one
 * needs no planner: the series' facts, the variants and the plan's rows
 * are the gate's, narrowed to what the sub-run boots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gatesub.h"
#include "outfile.h"
#include "results.h"
#include "runfile.h"
#include "runfolder.h"

#define WHO "report --gate"

static int read_table(struct tsv_table *t, const char *run, const char *name,
		      const char *const *names, int n)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", run, name);
	if (access(path, R_OK)) {
		fprintf(stderr, WHO ": %s: not there: is %s a gate's run folder?\n", path, run);
		return -1;
	}
	return tsv_table_read(t, path, WHO, names, n, 0);
}

/* RUN/seed (the gate's first boot wrote it), through run_line(). */
static int read_seed(struct gate_ctx *g)
{
	char line[64], *end;

	if (!run_line(g->run, "seed", line, sizeof(line))) {
		fprintf(stderr, WHO ": %s/seed: not there: the gate's kernels did not boot\n", g->run);
		return -1;
	}
	g->seed = strtoul(line, &end, 10);
	if (end == line) {
		fprintf(stderr, WHO ": %s/seed: no seed in it\n", g->run);
		return -1;
	}
	return 0;
}

int gate_ctx_load(struct gate_ctx *g, const char *run, int tries)
{
	char path[4096];
	int i;

	memset(g, 0, sizeof(*g));
	g->run = run;
	g->tries = tries;
	if (read_table(&g->series, run, "series", series_names, SE_NCOLS) ||
	    read_table(&g->variants, run, "variants", variant_names, VA_NCOLS) ||
	    read_table(&g->plan, run, "plan", plan_names, PL_NCOLS) || read_seed(g))
		return -1;
	if (g->series.nr != 1) {
		fprintf(stderr, WHO ": %s/series: want the one series of a gate\n", run);
		return -1;
	}
	g->name = g->series.rows[0][SE_SERIES];
	g->chunks = g->series.rows[0][SE_CHUNKS];
	for (i = 0; i < g->variants.nr; i++)
		if (strcmp(g->variants.rows[i][VA_VARIANT], "previous"))
			g->cand = g->variants.rows[i][VA_VARIANT];
	if (!g->cand) {
		fprintf(stderr, WHO ": %s/variants: no candidate\n", run);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/fstests/results.tsv", run);
	g->fstests = !access(path, R_OK);
	return 0;
}

void gate_ctx_free(struct gate_ctx *g)
{
	tsv_table_free(&g->series);
	tsv_table_free(&g->variants);
	tsv_table_free(&g->plan);
}

int gate_sub_listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

/* The gate's variant a sub-run's variant is made of: without-NNN the candidate's. */
static const char *made_of(const struct gate_ctx *g, const char *variant)
{
	return strncmp(variant, "without-", 8) ? variant : g->cand;
}

static void put_series(const struct gate_ctx *g, FILE *f, const char *chunks)
{
	const struct runfile_kind *k = runfile_kind("series");
	const char *values[SE_NCOLS];
	int i;

	runfile_put_header(f, k);
	for (i = 0; i < SE_NCOLS; i++)
		values[i] = g->series.rows[0][i];
	if (*chunks)
		values[SE_CHUNKS] = chunks;
	runfile_put_row(f, k, values);
}

/* VARIANT's row of the gate's variants (a without-NNN: the candidate's, its own branches). */
static void put_variant(const struct gate_ctx *g, FILE *f, const char *variant)
{
	const struct runfile_kind *k = runfile_kind("variants");
	const char *values[VA_NCOLS];
	char from[256], branch[256];
	int i, j;

	for (i = 0; i < g->variants.nr; i++) {
		if (strcmp(g->variants.rows[i][VA_VARIANT], made_of(g, variant)))
			continue;
		for (j = 0; j < VA_NCOLS; j++)
			values[j] = g->variants.rows[i][j];
		if (strcmp(variant, values[VA_VARIANT])) {
			snprintf(from, sizeof(from), "gate/%s/%s", g->name, variant);
			snprintf(branch, sizeof(branch), "variant/%s/%s", g->name, variant);
			values[VA_VARIANT] = variant;
			values[VA_REGRESS] = "-";
			values[VA_FROM] = from;
			values[VA_BRANCH] = branch;
		}
		runfile_put_row(f, k, values);
	}
}

static void put_plan(const struct gate_ctx *g, FILE *f, const char *variant, const char *checks)
{
	const struct runfile_kind *k = runfile_kind("plan");
	const char *values[PL_NCOLS];
	char branch[256];
	int i, j;

	snprintf(branch, sizeof(branch), "variant/%s/%s", g->name, variant);
	for (i = 0; i < g->plan.nr && strcmp(checks, "-"); i++) {
		if (strcmp(g->plan.rows[i][PL_VARIANT], made_of(g, variant)) ||
		    (*checks && !gate_sub_listed(checks, g->plan.rows[i][PL_CHECK])))
			continue;
		for (j = 0; j < PL_NCOLS; j++)
			values[j] = g->plan.rows[i][j];
		values[PL_VARIANT] = variant;
		values[PL_BRANCH] = branch;
		runfile_put_row(f, k, values);
	}
}

/* Each of the comma-separated variants, in turn, to fn. */
static void each_variant(const char *variants, void (*fn)(const char *v, void *ctx), void *ctx)
{
	char *copy = strdup(variants), *v, *save = NULL;

	for (v = copy ? strtok_r(copy, ",", &save) : NULL; v; v = strtok_r(NULL, ",", &save))
		fn(v, ctx);
	free(copy);
}

struct sub {
	const struct gate_ctx *g;
	FILE *f;
	const char *checks;
};

static void variant_row(const char *v, void *ctx)
{
	struct sub *s = ctx;

	put_variant(s->g, s->f, v);
}

static void plan_rows(const char *v, void *ctx)
{
	struct sub *s = ctx;

	put_plan(s->g, s->f, v, s->checks);
}

/* DIR/NAME opened; its kind's header first. */
static FILE *start(const char *dir, const char *name, const char *kind)
{
	FILE *f = outfile_create(WHO, dir, name);

	if (f)
		runfile_put_header(f, runfile_kind(kind));
	return f;
}

static int finish(FILE *f, const char *dir, const char *name)
{
	if (!f || ferror(f) | fclose(f)) {
		fprintf(stderr, WHO ": %s/%s: cannot write\n", dir, name);
		return -1;
	}
	return 0;
}

int gate_sub_plan(const struct gate_ctx *g, const char *dir, const char *variants,
		  const char *checks, const char *chunks)
{
	struct sub s = { g, NULL, checks };
	const char *kind[K_NCOLS] = { "gate", g->name, WHO };
	FILE *f;

	if (mkdir(dir, 0777) && access(dir, W_OK)) {
		fprintf(stderr, WHO ": %s: cannot make it\n", dir);
		return -1;
	}
	f = start(dir, "kind", "kind");
	if (f)
		runfile_put_row(f, runfile_kind("kind"), kind);
	if (finish(f, dir, "kind"))
		return -1;
	f = outfile_create(WHO, dir, "series");
	if (f)
		put_series(g, f, chunks);
	if (finish(f, dir, "series"))
		return -1;
	s.f = start(dir, "variants", "variants");
	if (s.f)
		each_variant(variants, variant_row, &s);
	if (finish(s.f, dir, "variants"))
		return -1;
	s.f = start(dir, "plan", "plan");
	if (s.f)
		each_variant(variants, plan_rows, &s);
	if (finish(s.f, dir, "plan"))
		return -1;
	return finish(start(dir, "cross.list", "pairs"), dir, "cross.list");
}

const char *gate_sub_outcome(const char *dir, const char *check, char *buf, size_t len)
{
	char path[4096];
	struct result *rows;
	const char *found = NULL;
	int i, nr;

	snprintf(path, sizeof(path), "%s/%sresults.tsv", dir, strchr(check, '/') ? "fstests/" : "");
	if (access(path, R_OK) || results_load(path, WHO, &rows, &nr))
		return NULL;
	for (i = 0; i < nr && !found; i++)
		if (!strcmp(rows[i].col[R_CHECK], check) && !strcmp(rows[i].col[R_WRITER], "-"))
			found = strncpy(buf, rows[i].col[R_OBSERVED], len - 1);
	if (found)
		buf[len - 1] = '\0';
	results_free(rows, nr);
	return found;
}

int gate_sub_done(const char *dir, int checks, int tests)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/results.tsv", dir);
	if (checks && access(path, R_OK))
		return 0;
	snprintf(path, sizeof(path), "%s/fstests/results.tsv", dir);
	return !tests || !access(path, R_OK);
}
