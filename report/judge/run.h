/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run folder as report renders it, read once: its judged rows (and
 * their run's policy, results_load()) and, for a gate, its gate files
 * (gaterun.h).  report loads it and hands the same one to every renderer
 * (tables, kcidb.json, the page); none reads the folder's rows again.
 */
#ifndef SG_RUN_H
#define SG_RUN_H

#include "gaterun.h"
#include "results.h"

struct run {
	const char *dir;
	struct result *rows;
	int nr;
	struct gate_run gate;	/* gate.has_gate: the run is a gate's */
};

/* DIR/results.tsv and DIR's gate files; 0, or -1 after saying why as who. */
int run_load(struct run *r, const char *dir, const char *who);
void run_free(struct run *r);

#endif
