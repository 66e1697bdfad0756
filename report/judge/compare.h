/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_COMPARE_H
#define SG_COMPARE_H

/*
 * report --compare OUT PREVIOUS CANDIDATE: the run folders of the previous
 * release and of the candidate (each a comma-separated list, a run a
 * try; RUN@VARIANT: that variant's rows of RUN alone), row by row, into OUT/gate.tsv and OUT/judgement; the summary line
 * printed.  0 no regression, 1 a regression, 2 bad input (said).  The
 * lists are cut at their commas.
 */
int compare_runs(const char *out, char *previous, char *candidate);
/*
 * OUT/results.tsv: the rows of RUN[@VARIANT],... one after the other (a
 * gate's two sides, booted by jobs of their own); 0, or 2 after saying why.
 */
int compare_union(const char *out, char *runs);

#endif
