/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The queue's changed lines the checks executed (RUN/coverage.tsv,
 * covmap): a line a patch and file for gate.md and the reply, and the
 * patches no check exercised, said beside the Tested-by.
 */
#ifndef SG_COVERAGE_H
#define SG_COVERAGE_H

#include <stdio.h>

enum coverage_style { COVERAGE_MD, COVERAGE_TEXT };

/*
 * Nothing when the run has no coverage.tsv (GATE_COVERAGE=0); why, when
 * its coverage.err says why there is none.
 */
void coverage_said(FILE *f, const char *run, enum coverage_style style);
/*
 * "patch 007/016 (drivers/block/loop.c: 0 of 9 changed lines), ..." of
 * the patches with code no check ran and none that did: 0 when there is
 * none.
 */
int coverage_not_exercised(FILE *f, const char *run);

#endif
