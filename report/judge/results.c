// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results.h"
#include "runfile.h"
#include "tsv.h"

int results_skipped(const struct result *r)
{
	return !strcmp(r->col[R_OBSERVED], "SKIP");
}

int results_series_skipped(const struct result *r)
{
	return results_skipped(r) && !strcmp(r->col[R_KERNEL], "-");
}

int results_match(const struct result *r)
{
	/* A row the plan left out is as expected, strict or not. */
	if (results_skipped(r))
		return !r->strict || !strcmp(r->col[R_EXPECTED], "SKIP");
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

/* The rows results_load() has read so far. */
struct loaded {
	const char *who;
	struct result *rows;
	int nr, cap;
	int strict;	/* the run's policy, each row's */
};

static int add_row(void *ctx, char **cols)
{
	struct loaded *l = ctx;
	struct result *r;

	if (l->nr == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		r = realloc(l->rows, l->cap * sizeof(*r));
		if (!r)
			goto oom;
		l->rows = r;
	}
	if (tsv_copy(cols, R_NCOLS, l->rows[l->nr].col))
		goto oom;
	l->rows[l->nr].strict = l->strict;
	l->nr++;
	return 0;
oom:
	fprintf(stderr, "%s: out of memory\n", l->who);
	return -1;
}

static int policy_row(void *ctx, char **cols)
{
	*(int *)ctx = !strcmp(cols[PO_STRICT], "1");
	return 0;
}

/* The policy file beside path: strict or not (*strict); none, not strict. */
static int load_policy(const char *path, const char *who, int *strict)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	int s = 0;

	snprintf(dir, sizeof(dir), "%.*s/policy", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	if (access(dir, F_OK))
		return 0;
	if (tsv_read(dir, who, policy_names, PO_NCOLS, TSV_EXACT, policy_row, &s))
		return -1;
	*strict = s;
	return 0;
}

int results_load(const char *path, const char *who, struct result **rows, int *nr)
{
	struct loaded l = { .who = who };

	if (load_policy(path, who, &l.strict))
		return -1;
	*rows = NULL;
	*nr = 0;
	if (tsv_read(path, who, result_names, R_NCOLS, TSV_EXACT, add_row, &l)) {
		results_free(l.rows, l.nr);
		return -1;
	}
	*rows = l.rows;
	*nr = l.nr;
	return 0;
}

void results_free(struct result *rows, int nr)
{
	int i;

	/* Each row is one allocation (tsv_copy), starting at its first column. */
	for (i = 0; i < nr; i++)
		free(rows[i].col[0]);
	free(rows);
}

const char *results_pair_reader(const struct result *r)
{
	return results_is_pair(r) ? r->col[R_READER] : NULL;
}

const char *results_pair_writer(const struct result *r)
{
	return results_is_pair(r) ? r->col[R_WRITER] : NULL;
}

const char *results_label(const struct result *r, char *buf, size_t len)
{
	if (results_is_pair(r))
		snprintf(buf, len, "%s→%s", r->col[R_WRITER], r->col[R_READER]);
	else
		snprintf(buf, len, "%s", r->col[R_SERIES]);
	return buf;
}

int results_pair_has(const struct result *r, const char *series)
{
	return results_is_pair(r) &&
	       (!strcmp(r->col[R_WRITER], series) || !strcmp(r->col[R_READER], series));
}

const char *results_first_bad(const struct result *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s", r->col[R_REASON]);
	return buf;
}

const char *results_log_tail(const struct result *r)
{
	return strcmp(r->col[R_LOG_TAIL], "-") ? r->col[R_LOG_TAIL] : NULL;
}

int results_is_pair(const struct result *r)
{
	return r->col[R_KIND] && !strcmp(r->col[R_KIND], "pair");
}

/*
 * Series in the run, how many of them were skipped (rows come grouped),
 * and the cross-era pairs.
 */
static void count_series(const struct result *rows, int nr, int *all, int *skipped_series,
			 int *pairs)
{
	int i;

	*all = *skipped_series = *pairs = 0;
	for (i = 0; i < nr; i++) {
		if (results_is_pair(&rows[i])) {
			(*pairs)++;
			continue;
		}
		if (i && !strcmp(rows[i - 1].col[R_SERIES], rows[i].col[R_SERIES]))
			continue;
		(*all)++;
		*skipped_series += results_series_skipped(&rows[i]);
	}
}

int results_summary(const struct result *rows, int nr, char *buf, size_t len)
{
	int i, skips = 0, test_skips = 0, planned = 0, ok = 0, series, skipped_series, pairs;
	int green = results_green(rows, nr);
	size_t at;

	if (!nr) {
		snprintf(buf, len, "no results: nothing was run");
		return 0;
	}
	for (i = 0; i < nr; i++) {
		int left_out = results_skipped(&rows[i]) && !strcmp(rows[i].col[R_EXPECTED], "SKIP");

		skips += results_skipped(&rows[i]);
		planned += left_out;
		test_skips += results_skipped(&rows[i]) && !results_series_skipped(&rows[i]) &&
			      !results_is_pair(&rows[i]) && !left_out;
		ok += !results_skipped(&rows[i]) && results_match(&rows[i]);
	}
	count_series(rows, nr, &series, &skipped_series, &pairs);
	at = snprintf(buf, len, "%d of %d series run", series - skipped_series, series);
	if (pairs && at < len)
		at += snprintf(buf + at, len - at, ", %d cross-era pair%s", pairs, pairs == 1 ? "" : "s");
	if (at < len)
		at += snprintf(buf + at, len - at, ", %d of %d outcomes as expected", ok, nr - skips);
	if (test_skips && at < len)
		at += snprintf(buf + at, len - at, ", %d test%s SKIP (not run on its kernel)",
			       test_skips, test_skips == 1 ? "" : "s");
	if (planned && at < len)
		at += snprintf(buf + at, len - at, ", %d row%s left out by the plan", planned,
			       planned == 1 ? "" : "s");
	if (at >= len)
		return green;
	if (skipped_series)
		snprintf(buf + at, len - at, "; %d series SKIP (no tree)", skipped_series);
	else
		snprintf(buf + at, len - at, "%s", green ? "; matrix OK" : "");
	return green;
}
