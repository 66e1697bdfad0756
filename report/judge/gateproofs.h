/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gate's proofs judged: each patch's check or test on the candidate
 * without the patch and with it, over the tries the gate booted, as one
 * outcome (report --gate calls it once the proofs' tries are booted).
 */
#ifndef SG_GATEPROOFS_H
#define SG_GATEPROOFS_H

/*
 * RUN/proofs (run file kind proof) from RUN/proof-plan, the tries' raw
 * outcomes beside it and RUN/gate.tsv (the candidate's own tries); the
 * summary on stdout.  0, 1 when a proof is inverted (a regression of
 * that patch), 2 on bad input.
 */
int gate_proofs(const char *run);

#endif
