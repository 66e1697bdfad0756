// SPDX-License-Identifier: GPL-2.0
/*
 * phasetimes: where a matrix run's wall seconds went, from its phases.tsv
 * (lib/runfile.h: a row per stretch of work, with its start and end).
 *
 *	phasetimes RUN/phases.tsv
 *
 * prints a Markdown table for the bench: a row per phase and series, and
 * one per phase over all series, each with its wall seconds, its share of
 * the run's wall time, and its busy seconds.
 *
 * Stretches overlap (guests beside builds, the next series' import beside
 * this one's builds), so each second of the run is given to one stretch:
 * the one running then that comes first in the order below.  A build
 * keeps the seconds a guest ran beside it; a guest's wall seconds are
 * those no build, import, fetch or branch covered: the guests not hidden
 * behind a build.  Seconds no stretch covers are "other" (sgconf, the
 * waits between steps).  Busy seconds are a stretch's own length, its
 * overlaps included.  The last line: the wall time over the base builds'
 * busy seconds, the figure a cold run is held to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runfile.h"
#include "tsv.h"

#define MAX_STRETCHES 4096
#define MAX_KEYS 256

/* Who keeps a second when stretches overlap: the first of these. */
static const char *const order[] = {
	"base-build", "build", "pair-build", "import", "fetch", "branch",
	"guest", "pair", "report",
};
#define NR_ORDER (int)(sizeof(order) / sizeof(order[0]))

struct stretch {
	int rank;	/* index in order[] */
	int key;	/* index in keys[] */
	double start, end;
};

struct key {
	int rank;
	char series[64];
	double wall, busy;
};

struct run {
	const char *path;
	struct stretch s[MAX_STRETCHES];
	int nr;
	struct key k[MAX_KEYS];
	int nr_keys;
	double start, end;	/* the matrix row's, else the stretches' */
	int has_matrix;
};

static int rank_of(const char *phase)
{
	int i;

	for (i = 0; i < NR_ORDER; i++)
		if (!strcmp(order[i], phase))
			return i;
	return -1;
}

static int key_of(struct run *r, int rank, const char *series)
{
	int i;

	for (i = 0; i < r->nr_keys; i++)
		if (r->k[i].rank == rank && !strcmp(r->k[i].series, series))
			return i;
	if (r->nr_keys == MAX_KEYS)
		return -1;
	r->k[i].rank = rank;
	snprintf(r->k[i].series, sizeof(r->k[i].series), "%s", series);
	return r->nr_keys++;
}

static int row(void *ctx, char **cols)
{
	struct run *r = ctx;
	double start = atof(cols[P_START]), end = atof(cols[P_END]);
	int rank = rank_of(cols[P_PHASE]);

	if (end < start) {
		fprintf(stderr, "phasetimes: %s: %s %s ends before it starts\n", r->path,
			cols[P_PHASE], cols[P_SERIES]);
		return -1;
	}
	if (!strcmp(cols[P_PHASE], "matrix")) {
		r->start = start;
		r->end = end;
		r->has_matrix = 1;
		return 0;
	}
	if (rank < 0) {
		fprintf(stderr, "phasetimes: %s: %s: not a phase of the matrix\n", r->path,
			cols[P_PHASE]);
		return -1;
	}
	if (r->nr == MAX_STRETCHES) {
		fprintf(stderr, "phasetimes: %s: more than %d stretches\n", r->path, MAX_STRETCHES);
		return -1;
	}
	r->s[r->nr].rank = rank;
	r->s[r->nr].key = key_of(r, rank, cols[P_SERIES]);
	if (r->s[r->nr].key < 0) {
		fprintf(stderr, "phasetimes: %s: too many phases and series\n", r->path);
		return -1;
	}
	r->s[r->nr].start = start;
	r->s[r->nr].end = end;
	r->nr++;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Each second between two boundaries to the first-ranked stretch then. */
static double attribute(struct run *r)
{
	double *t = malloc(sizeof(*t) * (2 * r->nr + 2)), other = 0;
	int n = 0, i, j;

	if (!t)
		return 0;
	t[n++] = r->start;
	t[n++] = r->end;
	for (i = 0; i < r->nr; i++) {
		struct stretch *s = &r->s[i];

		r->k[s->key].busy += s->end - s->start;
		if (s->start > r->start && s->start < r->end)
			t[n++] = s->start;
		if (s->end > r->start && s->end < r->end)
			t[n++] = s->end;
	}
	qsort(t, n, sizeof(*t), cmp_double);
	for (i = 0; i + 1 < n; i++) {
		int best = -1;

		if (t[i + 1] <= t[i])
			continue;
		for (j = 0; j < r->nr; j++)
			if (r->s[j].start <= t[i] && r->s[j].end >= t[i + 1] &&
			    (best < 0 || r->s[j].rank < r->s[best].rank))
				best = j;
		if (best < 0)
			other += t[i + 1] - t[i];
		else
			r->k[r->s[best].key].wall += t[i + 1] - t[i];
	}
	free(t);
	return other;
}

static void line(const char *phase, const char *series, double wall, double total,
		 double busy, int bold)
{
	const char *b = bold ? "**" : "";

	printf("| %s%s%s | %s | %.0f | %.1f%% | ", b, phase, b, series, wall,
	       total > 0 ? 100 * wall / total : 0);
	if (busy < 0)
		printf("- |\n");
	else
		printf("%.0f |\n", busy);
}

int main(int argc, char **argv)
{
	static struct run r;
	double other, total, base = 0;
	int i, j;

	if (argc != 2) {
		fputs("usage: phasetimes RUN/phases.tsv\n", stderr);
		return 2;
	}
	r.path = argv[1];
	if (tsv_read(r.path, "phasetimes", phase_names, P_NCOLS, TSV_EXACT, row, &r))
		return 2;
	if (!r.has_matrix) {
		r.start = r.nr ? r.s[0].start : 0;
		for (i = 0; i < r.nr; i++) {
			if (r.s[i].start < r.start)
				r.start = r.s[i].start;
			if (r.s[i].end > r.end)
				r.end = r.s[i].end;
		}
	}
	total = r.end - r.start;
	other = attribute(&r);
	printf("| phase | series | wall s | share of the run | busy s |\n|---|---|---:|---:|---:|\n");
	for (i = 0; i < NR_ORDER; i++) {
		double wall = 0, busy = 0;
		int some = 0;

		for (j = 0; j < r.nr_keys; j++) {
			if (r.k[j].rank != i)
				continue;
			line(order[i], r.k[j].series, r.k[j].wall, total, r.k[j].busy, 0);
			wall += r.k[j].wall;
			busy += r.k[j].busy;
			some = 1;
		}
		if (some)
			line(order[i], "all", wall, total, busy, 1);
		if (i == 0)
			base = busy;
	}
	line("other", "-", other, total, -1, 1);
	line("the run", r.has_matrix ? "-" : "- (no matrix row: first to last stretch)",
	     total, total, -1, 1);
	printf("\nwall %.0f s; base builds %.0f s busy", total, base);
	if (base > 0)
		printf("; the run is %.2f x its base builds", total / base);
	printf("\n");
	return 0;
}
