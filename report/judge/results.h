/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one schema of a run's results.tsv: a header line naming the
 * columns, then one row per row of the run's plan, tab-separated.  The
 * join (report --join, join.c) writes it from the plan and the raw
 * verdicts; report and relnotes read it through results_load(); shell
 * reads columns by name (runfile get).
 *
 *	series variant check	which outcome (a pair's series is "-")
 *	expected		PASS | FAIL | REFUSED (a cross-era pair) | SKIP
 *	observed		PASS | FAIL | REFUSED | ERROR | SKIP
 *	seconds			the check's time by the guest clock
 *	kernel patchset		what ran: kernel version, patch-set id (a
 *				pair's: the writer's and the reader's, W→R)
 *	seed			the run's seed, given to the guest (sg_seed=)
 *	complaint		the first kernel complaint (WARNING, Oops, ...)
 *				printed while the check ran, or "-"
 *	log reason		the serial log, and the check's own detail
 *	kind			the plan's kind: check, pair, fstests, ...
 *	writer reader		a cross-era pair's two series ("-" otherwise)
 *	log_tail		an ERROR's last lines of the serial log, or "-"
 *	image		the sha256 of the bzImage the row booted, or "-"
 *
 * The one judge of a row and of a run is here too: results_match() and
 * results_green(), by the run's policy (its policy file, which
 * results_load() reads beside results.tsv): report, relnotes and
 * (through "report --judge") the shell use no other.
 */
#ifndef SG_RESULTS_H
#define SG_RESULTS_H

#include <stdio.h>

#include "runfile.h"

struct result {
	char *col[R_NCOLS];
	int strict;	/* its run's policy: 1, a SKIP is not as expected */
};

/* A cross-era pair's reader series, or NULL when the row is no pair's. */
const char *results_pair_reader(const struct result *r);
/* A pair's writer series, or NULL. */
const char *results_pair_writer(const struct result *r);
/* The row's series as people read it: "WRITER→READER" for a pair, in buf. */
const char *results_label(const struct result *r, char *buf, size_t len);

/* The row's first bad line: its reason, in buf. */
const char *results_first_bad(const struct result *r, char *buf, size_t len);
/* The log tail's lines of an ERROR row, or NULL. */
const char *results_log_tail(const struct result *r);

/* Whether a row is a cross-era pair's. */
int results_is_pair(const struct result *r);
/* Whether the row is a pair with series as its writer or reader. */
int results_pair_has(const struct result *r, const char *series);

/*
 * Whether a row is as expected: observed is expected, or observed is SKIP
 * (a series without its tree) and the run's policy is not strict.
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

/*
 * Loads path into *rows (malloc'd; each row one allocation), read by
 * tsv_read() (lib/tsv.h) against this header, and the policy of the
 * run folder path is in (its policy file; none: not strict).  Errors go
 * to stderr as "who: path:line: ..." and return -1: a missing or
 * different header, a row without R_NCOLS columns.
 */
int results_load(const char *path, const char *who, struct result **rows, int *nr);
void results_free(struct result *rows, int nr);


#endif
