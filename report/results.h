/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one schema of a run's results.tsv: a header line naming the
 * columns, then one row per (series, variant, check), tab-separated.
 * The shell writes rows with "report --row NAME=VALUE..." (its header
 * from "report --header"); report and relnotes read it through
 * results_load(); shell reads columns by name.
 *
 *	series variant check	which outcome
 *	expected		PASS | FAIL | REFUSED (a cross-era pair)
 *	observed		PASS | FAIL | REFUSED | ERROR | SKIP
 *	seconds			the check's time by the guest clock
 *	kernel patchset		what ran: kernel version, patch-set id
 *	seed			the run's seed, given to the guest (sg_seed=)
 *	complaint		the first kernel complaint (WARNING, Oops, ...)
 *				printed while the check ran, or "-"
 *	log reason		the serial log, and the check's own detail
 *
 * The one judge of a row and of a run is here too: results_match() and
 * results_green(); report, relnotes and (through "report --judge" and
 * "report --match") the shell use no other.
 */
#ifndef SG_RESULTS_H
#define SG_RESULTS_H

#include <stdio.h>

enum result_col {
	R_SERIES, R_VARIANT, R_CHECK, R_EXPECTED, R_OBSERVED, R_SECONDS,
	R_KERNEL, R_PATCHSET, R_SEED, R_COMPLAINT, R_LOG, R_REASON, R_NCOLS
};

struct result {
	char *col[R_NCOLS];
};

extern const char *const result_names[R_NCOLS];

/*
 * A cross-era pair's series column, "WRITER→READER": the reader's part,
 * or NULL when series names one series.
 */
const char *results_pair_reader(const char *series);
/*
 * What logread adds to an ERROR's reason, before the serial log's last
 * lines; a reason up to it is the row's first bad line.
 */
#define RESULTS_LOG_TAIL " | log tail:"

/* The row's reason up to its log tail, in buf. */
const char *results_first_bad(const struct result *r, char *buf, size_t len);
/* The log tail's lines of the row's reason, or NULL. */
const char *results_log_tail(const struct result *r);

/* Whether a row is a cross-era pair's. */
int results_is_pair(const struct result *r);
/* The pair's writer's part, in buf. */
const char *results_pair_writer(const char *pair, char *buf, size_t len);
/* Whether the pair in column pair has series as its writer or reader. */
int results_pair_has(const char *pair, const char *series);

/*
 * Whether a row is as expected: observed is expected, or observed is SKIP
 * (a series without its tree) and SG_STRICT is not 1.
 */
int results_match(const struct result *r);
int results_skipped(const struct result *r);
/*
 * A SKIP row of a series that did not run at all (no tree: no kernel),
 * rather than of one test that did not apply to a kernel that ran
 * (fstests' _notrun, or a test the series' baseline leaves out).
 */
int results_series_skipped(const struct result *r);
/* Whether rows make a green run: at least one, and every one matches. */
int results_green(const struct result *rows, int nr);

/*
 * The run's summary line into buf: series run, cross-era pairs, outcomes
 * as expected, "matrix OK" or the series skipped.  Returns whether the run
 * is green.
 */
int results_summary(const struct result *rows, int nr, char *buf, size_t len);

/* The header line, without its newline. */
const char *results_header(void);
/*
 * Loads path into *rows (malloc'd; each row one allocation), read by
 * tsv_read() (report/tsv.h) against this header.  Errors go to stderr as
 * "who: path:line: ..." and return -1: a missing or different header, a
 * row without R_NCOLS columns.
 */
int results_load(const char *path, const char *who, struct result **rows, int *nr);
void results_free(struct result *rows, int nr);


#endif
