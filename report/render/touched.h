/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the gate ran for each file the queue touches (RUN/touched.tsv,
 * sgconf pathmap): the checks and fstests tests of the path map that
 * the gate compared, files with the same ones together, and the touched
 * files nothing reached, said as not covered.  For gate.md and the reply.
 */
#ifndef SG_TOUCHED_H
#define SG_TOUCHED_H

#include <stdio.h>

#include "gaterun.h"

enum touched_style { TOUCHED_MD, TOUCHED_TEXT };

/* Nothing when the run has no touched.tsv (a gate before the path map). */
void touched_said(FILE *f, const char *run, const struct gate_run *g, enum touched_style style);

#endif
