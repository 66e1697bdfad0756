/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gate's trust rules, in one place: what a row's verdict is when a
 * side did not run it, which verdicts are regressions, and when the gate
 * may say Tested-by.  compare.c judges rows by them; the reply, the page
 * and kcidb.json say what they decide.
 *
 * A row runs on a kernel when it said PASS, FAIL or SKIP there.  ERROR
 * (the kernel did not build, no kernel, the guest hung or panicked, the
 * check did not start) is not a result: it is never a pass, nor a known
 * failure, and it is kept apart from FAIL:
 *
 *	regression (build)	the previous release ran it; the candidate
 *				did not build
 *	regression (boot)	the previous release ran it; the candidate's
 *				guest died (some tries: its rate)
 *	fixed (boot)		the candidate ran it; the previous release's
 *				guest died in every try: nothing to compare
 *				it with (a try it ran is its evidence: the
 *				row is judged on those, never "fixed")
 *	fixed (build)		the candidate ran it; the previous release did
 *				not build
 *	not run			neither kernel ran it
 *
 * The gate cannot judge when the previous release ran no row at all (it
 * did not build, or never booted): no verdict, no Tested-by.  Tested-by
 * is earned only when nothing regressed, no proof is inverted, and every
 * row ran on both kernels, on every try.
 */
#ifndef SG_GATEJUDGE_H
#define SG_GATEJUDGE_H

#include <stddef.h>

#include "gaterun.h"

/* Why a side's row did not run: "build" (no kernel) or "boot". */
const char *gate_error_kind(const char *reason);
/*
 * A check over its tries ("PASS,FAIL,PASS"): FAIL when a try failed,
 * PASS when every one passed, "-" for none, else the first (SKIP,
 * ERROR): the one rule of the gate's tries (its proofs, the reply).
 */
const char *gate_tries_said(const char *tries);
/* regression, regression (build), regression (boot). */
int gate_is_regression(const char *verdict);
/* The row ran on both kernels: no ERROR on either side, on any try. */
int gate_ran_both(char *const *row);

/* Every verdict a row can have, in the order the gate lists them. */
extern const char *const gate_verdicts[];
extern const int gate_nr_verdicts;
/* "6 rows: 4 regressions, 2 pass" of g's rows, into buf. */
const char *gate_summary(const struct gate_run *g, char *buf, size_t len);

struct gate_judgement {
	const char *verdict;	/* "no regression", "regression", "cannot judge" */
	int tested;		/* a Tested-by is earned */
	int regressions;	/* rows whose verdict is a regression */
	int inverted;		/* proofs inverted: a patch that breaks its check */
	char why[1024];		/* when not: why, one sentence */
};

/* The gate's judgement over its run files (rows, proofs). */
void gate_judge(const struct gate_run *g, struct gate_judgement *j);
/* What follows the verdict's word wherever the gate is said (gate.md, the page). */
const char *gate_judgement_said(const struct gate_judgement *j, char *buf, size_t len);
/* DIR/judgement (run file kind judgement); 0, or -1 after saying why. */
int gate_judgement_write(const struct gate_judgement *j, const char *dir, const char *who);

#endif
