/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tab-separated file whose first line names its columns, read by the
 * names its reader wants: a run's results.tsv (report and relnotes,
 * through results_load()) and a bisection's steps.tsv (bisectmd).  Every
 * row has as many columns as the header; an empty file has no rows.
 *
 * TSV_EXACT: the header must be the names, in their order (results.tsv:
 * one schema, written by the join alone: report/judge/join.c).  TSV_BY_NAME: the names
 * are found in the header in any order and other columns are passed over
 * (steps.tsv, written by the shell of maintain/bisect*.sh).
 */
#ifndef SG_TSV_H
#define SG_TSV_H

#include <stddef.h>

enum tsv_header { TSV_EXACT, TSV_BY_NAME };

/*
 * Calls row(ctx, cols) for each row after the header, cols[i] the value
 * of column names[i] (valid during the call: tsv_copy() keeps it).
 * Returns 0; or -1 after saying "who: path:line: ..." on stderr, or when
 * row returned non-zero (row says why).
 */
int tsv_read(const char *path, const char *who, const char *const *names, int n,
	     enum tsv_header mode, int (*row)(void *ctx, char **cols), void *ctx);
/* tsv_read() of a file a job may not have written: none is no row. */
int tsv_read_optional(const char *path, const char *who, const char *const *names, int n,
		      enum tsv_header mode, int (*row)(void *ctx, char **cols), void *ctx);
/* cols[0..n) into one allocation: out[i] the copy of cols[i]; free(out[0]). */
int tsv_copy(char *const *cols, int n, char **out);
/* A whole run file in memory: rows[i][j] the value of names[j]. */
struct tsv_table {
	char *(*rows)[32];
	int nr;
	int n;		/* columns, at most 32 */
};

/*
 * The whole file into t (TSV_EXACT), by tsv_read(), or with optional by
 * tsv_read_optional() (no file: no rows); 0 or -1.
 */
int tsv_table_read(struct tsv_table *t, const char *path, const char *who,
		   const char *const *names, int n, int optional);
void tsv_table_free(struct tsv_table *t);

/* names joined by tabs into buf (a header line, without its newline). */
const char *tsv_join(const char *const *names, int n, char *buf, size_t len);

#endif
