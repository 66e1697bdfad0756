/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gate's run files, read once for whoever renders them (the reply, the
 * page, kcidb.json, results.json): gate.tsv's rows, and the one-row files
 * the gate writes when it has them (culprit, thread, narrow), and proofs.
 */
#ifndef SG_GATERUN_H
#define SG_GATERUN_H

#include "runfile.h"
#include "tsv.h"

struct gate_run {
	int has_gate;			/* DIR/gate.tsv is there */
	char *(*rows)[32];		/* gate.tsv, regressions first (tsv.h's table) */
	int nr;
	char *culprit[CU_NCOLS];	/* culprit[0] NULL: no such file */
	char *thread[TH_NCOLS];
	char *narrow[NA_NCOLS];
	char *(*proofs)[32];
	int nr_proofs;
};

/* Reads DIR's gate files (none there: no rows); 0, or -1 after saying why. */
int gate_run_load(struct gate_run *g, const char *dir, const char *who);
void gate_run_free(struct gate_run *g);
/* gate.tsv's row of CHECK (a check's or a test's, not a pair's), or NULL. */
char **gate_run_row(const struct gate_run *g, const char *check);
/* How many of gate.tsv's rows have that verdict. */
int gate_run_count(const struct gate_run *g, const char *verdict);

#endif
