/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gate's judge between its boots (report --gate RUN TRIES): what the
 * gate's kernels said so far decides what it boots next.
 */
#ifndef SG_GATENEXT_H
#define SG_GATENEXT_H

#include <stddef.h>

/* report --gate's status when RUN/needed lists boots still to make. */
#define GATE_NEEDS_BOOTS 10

/*
 * Judges RUN's next step, in order: the comparison of its two kernels;
 * the narrowing (where the previous release fails some of the guest's
 * chunks only); the tries of the rows that differ (TRIES boots in all);
 * with RUN/proof-plan, each proof's tries without its patch and with it.
 * Each step's boots go to RUN/needed, its sub-runs planned; once they
 * are booted the step is judged (report --compare's rules, gatejudge.h)
 * and the next one planned.  RUN/stages keeps the steps judged.
 *
 * Returns GATE_NEEDS_BOOTS while RUN/needed lists boots; else the last
 * step's status: 0 no regression, 1 a regression (the proofs: one is
 * inverted), 3 cannot judge (the previous release ran nothing), 2 bad
 * input, said.
 */
int gate_next(const char *run, int tries);

/*
 * A proof's tries of NAME (a check, or an fstests test), comma-separated
 * into buf: without the patch (PROOF, RUN/proof-NNN, then its -try-K), or
 * with it (FIRST, the candidate's own in the gate, then PROOF-with-try-K).
 */
void gate_proof_tries(const char *proof, const char *name, int with, const char *first,
		      char *buf, size_t len);

#endif
