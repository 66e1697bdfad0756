// SPDX-License-Identifier: GPL-2.0
/*
 * shardplan: which of N shards runs which series of a matrix, so that the
 * fleet builds each series' kernels once (prove/matrix.sh, SHARD=K/N).
 *
 *	shardplan N TIMINGS UNITS CROSS
 *
 * UNITS: the run's units, "series variant" a line in the order of
 * branches.yaml; CROSS: the cross-era pairs (cross.list, sgconf plan: a header
 * line, then a pair a line); TIMINGS: $SG_CACHE/timings, where earlier
 * runs kept SERIES/VARIANT.build and .guest (seconds).  Prints the plan,
 * a run file of kind shards (lib/runfile.h): a row per series, its
 * shard (1..N), its cost and whether that came from the timings.
 *
 * A shard owns whole series: their variants' builds and guests.  A pair
 * runs in the shard that owns its reader; a writer's series elsewhere
 * means that shard builds the writer's kernel too (matrix.sh need_kernel),
 * so the plan counts that build there.  A series costs the seconds of its
 * variants' builds and guests from the timings; a figure no run kept yet
 * is the fallback: 300 s for a series' first build (a base, cold), 15 s
 * for each build after it, 10 s a guest.  Costs are rounded to 10 s, so
 * that the plan does not move with a few seconds' noise, and are 10 s at
 * least.
 *
 * The plan: the least time for the slowest shard, then the least work
 * over all shards (a writer built twice is work), then the first such in
 * the order of branches.yaml (series 1 to shard 1 ...): every shard that
 * reads the same timings makes the same plan (merge-runs.sh refuses runs
 * whose plans differ).  Every assignment is tried while there are at
 * most a million; past that, each series (costliest first) goes where
 * the slowest shard stays the least slow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runfile.h"
#include "tsv.h"

#define MAX_SERIES 64
#define MAX_VARIANTS 32
#define MAX_PAIRS 128
#define MAX_SHARDS 64
#define EXHAUSTIVE 1000000.0

#define FALLBACK_FIRST_BUILD 300
#define FALLBACK_BUILD 15
#define FALLBACK_GUEST 10
#define ROUND 10

struct series {
	char name[64];
	char variant[MAX_VARIANTS][64];
	int nr_variants;
	double cost;
	int fallback;
};

struct pair {
	int writer, reader;	/* series indices */
	double writer_build;	/* the writer's kernel, built in the reader's shard */
	double guests;		/* both guests */
	int writer_variant;	/* index among the writer's variants */
};

struct plan {
	const char *timings;
	struct series s[MAX_SERIES];
	int nr;
	struct pair p[MAX_PAIRS];
	int nr_pairs;
	int shards;
	int best[MAX_SERIES], cur[MAX_SERIES];
	double best_max, best_sum;
};

static int series_index(struct plan *pl, const char *name)
{
	int i;

	for (i = 0; i < pl->nr; i++)
		if (!strcmp(pl->s[i].name, name))
			return i;
	return -1;
}

static int variant_index(struct series *s, const char *name)
{
	int i;

	for (i = 0; i < s->nr_variants; i++)
		if (!strcmp(s->variant[i], name))
			return i;
	return -1;
}

/* A kept figure, or the fallback (and *fell set). */
static double figure(struct plan *pl, struct series *s, int v, const char *what, int *fell)
{
	char path[4096];
	double secs;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s.%s", pl->timings, s->name, s->variant[v], what);
	f = fopen(path, "r");
	if (f && fscanf(f, "%lf", &secs) == 1 && secs >= 0) {
		fclose(f);
		return secs;
	}
	if (f)
		fclose(f);
	*fell = 1;
	if (!strcmp(what, "guest"))
		return FALLBACK_GUEST;
	return v == 0 ? FALLBACK_FIRST_BUILD : FALLBACK_BUILD;
}

static double rounded(double secs)
{
	return (double)ROUND * (long)((secs + ROUND / 2.0) / ROUND);
}

static int read_units(struct plan *pl, const char *path)
{
	char line[256], name[64], variant[64];
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f) {
		fprintf(stderr, "shardplan: %s: cannot open\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct series *s;
		int i;

		n++;
		if (sscanf(line, "%63s %63s", name, variant) != 2) {
			fprintf(stderr, "shardplan: %s:%d: want \"series variant\"\n", path, n);
			fclose(f);
			return -1;
		}
		i = series_index(pl, name);
		if (i < 0) {
			if (pl->nr == MAX_SERIES)
				break;
			i = pl->nr++;
			snprintf(pl->s[i].name, sizeof(pl->s[i].name), "%s", name);
		}
		s = &pl->s[i];
		if (s->nr_variants < MAX_VARIANTS)
			snprintf(s->variant[s->nr_variants++], 64, "%s", variant);
	}
	fclose(f);
	return 0;
}

static const char *const pair_cols[] = { "writer", "writer_variant", "reader", "reader_variant" };

static int pair_row(void *ctx, char **cols)
{
	struct plan *pl = ctx;
	int w = series_index(pl, cols[0]), r = series_index(pl, cols[2]), wv, rv, fell = 0;
	struct pair *p;

	if (w < 0 || r < 0 || pl->nr_pairs == MAX_PAIRS)
		return 0;	/* a pair of series not in this run */
	wv = variant_index(&pl->s[w], cols[1]);
	rv = variant_index(&pl->s[r], cols[3]);
	if (wv < 0 || rv < 0)
		return 0;
	p = &pl->p[pl->nr_pairs++];
	p->writer = w;
	p->reader = r;
	p->writer_variant = wv;
	p->writer_build = figure(pl, &pl->s[w], wv, "build", &fell);
	p->guests = figure(pl, &pl->s[w], wv, "guest", &fell) +
		    figure(pl, &pl->s[r], rv, "guest", &fell);
	return 0;
}

static void costs(struct plan *pl)
{
	int i, v;

	for (i = 0; i < pl->nr; i++) {
		struct series *s = &pl->s[i];
		double c = 0;

		for (v = 0; v < s->nr_variants; v++)
			c += figure(pl, s, v, "build", &s->fallback) +
			     figure(pl, s, v, "guest", &s->fallback);
		s->cost = rounded(c);
		if (s->cost < ROUND)	/* no series is free: one never shares a shard for nothing */
			s->cost = ROUND;
	}
	for (i = 0; i < pl->nr_pairs; i++) {
		pl->p[i].writer_build = rounded(pl->p[i].writer_build);
		pl->p[i].guests = rounded(pl->p[i].guests);
	}
}

/* The load of each shard under assignment a[], its max and sum. */
static void loads(struct plan *pl, const int *a, double *max, double *sum)
{
	double load[MAX_SHARDS] = { 0 };
	int i, j, k;

	for (i = 0; i < pl->nr; i++)
		load[a[i]] += pl->s[i].cost;
	for (i = 0; i < pl->nr_pairs; i++) {
		struct pair *p = &pl->p[i];
		int dup = 0;

		k = a[p->reader];
		load[k] += p->guests;
		if (a[p->writer] == k)
			continue;
		for (j = 0; j < i && !dup; j++)	/* one build of a kernel a shard needs */
			dup = pl->p[j].writer == p->writer && a[pl->p[j].reader] == k &&
			      pl->p[j].writer_variant == p->writer_variant;
		if (!dup)
			load[k] += p->writer_build;
	}
	*max = *sum = 0;
	for (k = 0; k < pl->shards; k++) {
		*sum += load[k];
		if (load[k] > *max)
			*max = load[k];
	}
}

static void consider(struct plan *pl)
{
	double max, sum;

	loads(pl, pl->cur, &max, &sum);
	if (pl->best_max >= 0 && (max > pl->best_max || (max == pl->best_max && sum >= pl->best_sum)))
		return;
	pl->best_max = max;
	pl->best_sum = sum;
	memcpy(pl->best, pl->cur, sizeof(pl->best));
}

static void every(struct plan *pl, int i)
{
	int k;

	if (i == pl->nr) {
		consider(pl);
		return;
	}
	for (k = 0; k < pl->shards; k++) {
		pl->cur[i] = k;
		every(pl, i + 1);
	}
}

/* Costliest first (the order of branches.yaml among equals). */
static void greedy(struct plan *pl)
{
	int done[MAX_SERIES] = { 0 }, n, i, k;

	for (i = 0; i < pl->nr; i++)
		pl->cur[i] = -1;
	for (n = 0; n < pl->nr; n++) {
		int pick = -1, best_k = 0;
		double best_max = -1, best_sum = 0;

		for (i = 0; i < pl->nr; i++)
			if (!done[i] && (pick < 0 || pl->s[i].cost > pl->s[pick].cost))
				pick = i;
		done[pick] = 1;
		for (k = 0; k < pl->shards; k++) {
			int a[MAX_SERIES];
			double max, sum;

			for (i = 0; i < pl->nr; i++)	/* unplaced ones: out of the count */
				a[i] = pl->cur[i] < 0 ? MAX_SHARDS - 1 : pl->cur[i];
			a[pick] = k;
			loads(pl, a, &max, &sum);
			if (best_max < 0 || max < best_max || (max == best_max && sum < best_sum)) {
				best_max = max;
				best_sum = sum;
				best_k = k;
			}
		}
		pl->cur[pick] = best_k;
	}
	memcpy(pl->best, pl->cur, sizeof(pl->best));
}

int main(int argc, char **argv)
{
	static struct plan pl;
	const struct runfile_kind *k = runfile_kind("shards");
	double tries = 1;
	int i;

	if (argc != 5 || atoi(argv[1]) < 1 || atoi(argv[1]) >= MAX_SHARDS) {
		fputs("usage: shardplan N TIMINGS UNITS CROSS (1 <= N < 64)\n", stderr);
		return 2;
	}
	pl.shards = atoi(argv[1]);
	pl.timings = argv[2];
	pl.best_max = -1;
	if (read_units(&pl, argv[3]))
		return 2;
	if (tsv_read(argv[4], "shardplan", pair_cols, 4, TSV_BY_NAME, pair_row, &pl))
		return 2;
	costs(&pl);
	for (i = 0; i < pl.nr && tries <= EXHAUSTIVE; i++)
		tries *= pl.shards;
	if (tries <= EXHAUSTIVE)
		every(&pl, 0);
	else
		greedy(&pl);
	runfile_put_header(stdout, k);
	for (i = 0; i < pl.nr; i++) {
		char shard[16], cost[32];
		const char *v[SH_NCOLS];

		snprintf(shard, sizeof(shard), "%d", pl.best[i] + 1);
		snprintf(cost, sizeof(cost), "%.0f", pl.s[i].cost);
		v[SH_SERIES] = pl.s[i].name;
		v[SH_SHARD] = shard;
		v[SH_COST] = cost;
		v[SH_FROM] = pl.s[i].fallback ? "fallback" : "timings";
		runfile_put_row(stdout, k, v);
	}
	return 0;
}
