/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RUN/gate.md, the gate for people: led by its verdict, then the table
 * of the comparison (report --compare writes it), then what the gate
 * found after it: the narrowing, and each patch's proof.
 */
#ifndef SG_GATEMD_H
#define SG_GATEMD_H

#include <stdio.h>

#include "gatejudge.h"

/* gate.md's first line: the verdict, and why there is no Tested-by. */
void gate_md_lead(FILE *f, const struct gate_judgement *j);
/*
 * RUN/gate.md again, the gate done: led by j, the comparison's table as
 * report --compare wrote it, then g's narrowing and proofs; 0, or -1.
 */
int gate_md_finish(const struct gate_judgement *j, const struct gate_run *g, const char *run,
		   const char *who);

#endif
