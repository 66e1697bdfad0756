/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gate's sub-runs: the folders it boots beyond its own two kernels (the
 * tries of the rows that differ, the narrowing's chunks, the narrowed
 * gate, each proof's tries), planned from the gate's own plan and read
 * back, row by row.
 */
#ifndef SG_GATESUB_H
#define SG_GATESUB_H

#include <stddef.h>

#include "tsv.h"

struct gate_ctx {
	const char *run;
	int tries;			/* SG_GATE_TRIES: boots of a row that differs */
	unsigned long seed;		/* the gate's; try K boots seed + K - 1 */
	struct tsv_table series;	/* the gate's run files */
	struct tsv_table variants;
	struct tsv_table plan;
	const char *name;		/* the series */
	const char *chunks;		/* the guest's, all of them */
	const char *cand;		/* the candidate's variant */
	int fstests;			/* the gate ran fstests on both */
};

/* The gate's run files; 0, or -1 after saying why. */
int gate_ctx_load(struct gate_ctx *g, const char *run, int tries);
void gate_ctx_free(struct gate_ctx *g);

/*
 * DIR planned as a run matrix.sh or boot-run.sh boots: its kind, the
 * series' facts (the guest's chunks CHUNKS, "" all), VARIANTS (comma-
 * separated: previous, the candidate, without-NNN: the candidate without
 * patch NNN) and the plan's rows of CHECKS (comma-separated; "" every
 * one, "-" none) on each.  0, or -1 after saying why.
 */
int gate_sub_plan(const struct gate_ctx *g, const char *dir, const char *variants,
		  const char *checks, const char *chunks);
/*
 * CHECK's outcome in the run folder DIR (its fstests/results.tsv for a
 * test, "generic/001"), into buf; NULL when DIR has no such row.
 */
const char *gate_sub_outcome(const char *dir, const char *check, char *buf, size_t len);
/* NAME is one of the comma-separated LIST. */
int gate_sub_listed(const char *list, const char *name);
/* DIR has booted what it was planned for: its results (with TESTS, fstests' too). */
int gate_sub_done(const char *dir, int checks, int tests);

#endif
