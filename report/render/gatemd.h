/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RUN/gate.md, the gate for people: led by its verdict, then the table
 * of the comparison, then what the gate found after it: the narrowing,
 * and each patch's proof.
 */
#ifndef SG_GATEMD_H
#define SG_GATEMD_H

#include <stdio.h>

#include "gatejudge.h"

/*
 * RUN/gate.md, the one writer of it, from the gate's run files as g holds
 * them (gate.tsv's rows, the narrowing, the proofs), led by j: written by
 * report --compare and again by report --reply, once the proofs are in;
 * 0, or -1.
 */
int gate_md_write(const struct gate_judgement *j, const struct gate_run *g, const char *run,
		  const char *who);

#endif
