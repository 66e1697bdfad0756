/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_COMPARE_H
#define SG_COMPARE_H

/*
 * report --compare OUT PREVIOUS CANDIDATE: the run folders of the previous
 * release and of the candidate (each a comma-separated list, a run a
 * try; RUN@VARIANT: that variant's rows of RUN alone), row by row, into OUT/gate.tsv and OUT/gate.md; the summary line
 * printed.  0 no regression, 1 a regression, 2 bad input (said).  The
 * lists are cut at their commas.
 */
int compare_runs(const char *out, char *previous, char *candidate);

#endif
