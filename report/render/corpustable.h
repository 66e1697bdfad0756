/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report --corpus CASES RUNS: make bench PHASE=corpus's table.  CASES is
 * the corpus (sgconf corpus: kind corpus), RUNS what the bench gated
 * (kind corpusrun: each case's queue and fixed queue, the gate's run
 * folder).  A row a case: flagged or not, the checks that caught it
 * (gate.tsv's regressions), the culprit named and verified (culprit), a
 * false alarm on the fixed queue or not (its judgement), seconds.  Exit
 * 0 when every case was flagged with its culprit verified and no fixed
 * queue was, 1 otherwise, 2 when a file could not be read.
 */
#ifndef SG_CORPUSTABLE_H
#define SG_CORPUSTABLE_H

int corpus_table(const char *cases, const char *runs);

#endif
