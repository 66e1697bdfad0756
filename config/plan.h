/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A job's facts and plan, written once from branches.yaml as run files
 * (lib/runfile.h).  SERIES: the series named (argv), every series
 * when none; one branches.yaml does not know is named with the known
 * ones, and nothing is written (exit 2).
 */
#ifndef SG_PLAN_H
#define SG_PLAN_H

#include <stdio.h>

#include "yamldoc.h"

/* 0 when every series named is one of branches.yaml's, else 2, named. */
int plan_known(struct ydoc *y, int argc, char **argv);
/* dir/series and dir/variants: the facts of SERIES. */
int plan_facts(struct ydoc *y, const char *dir, int argc, char **argv);
/* The facts, dir/plan (checks of SERIES, pairs among them) and dir/cross.list. */
int plan_write(struct ydoc *y, const char *dir, int argc, char **argv);
/*
 * dir/plan of a gate (kind gate, PASS expected: the comparison judges):
 * every check of branches.yaml, or those of the comma-separated only, on
 * each of the comma-separated variants of series.
 */
/* paths: as a run file of kind checkpath (check, path), to stdout; 0. */
int plan_paths(struct ydoc *y);
int plan_gate(struct ydoc *y, const char *dir, const char *series, const char *variants,
	      const char *only);
/* Every pair's row of kind pairs, to f (the caller writes the header). */
void plan_pairs(struct ydoc *y, FILE *f);

#endif
