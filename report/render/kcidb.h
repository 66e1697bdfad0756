/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcidb.json: a run in KernelCI's KCIDB I/O schema (kcidb-io), version
 * KCIDB_MAJOR.KCIDB_MINOR, the one its schema package names LATEST: the
 * checkouts (a series' stable/S, or a bisection step's commit), builds
 * (a variant's kernel, a step's) and tests (a check's outcome, a boot of
 * a step), every id "stableguard:<run>/...".  kcidbcheck validates it.
 *
 * Our outcomes as KCIDB statuses: PASS, FAIL, ERROR and SKIP as they are;
 * REFUSED (a cross-era pair's reader would not assemble the array) is
 * DONE, "completed, no verdict on the code": misc.observed keeps the word,
 * and misc.expected and misc.as_expected the judge's view of every test.
 *
 * log_url is SG_KCIDB_URL (where the run folder is published) joined with
 * the log's path in the run folder, else a file:// URL of it here.
 */
#ifndef SG_KCIDB_H
#define SG_KCIDB_H

#include <stddef.h>

#include "bisectrun.h"
#include "jsonw.h"
#include "results.h"
#include "run.h"

#define KCIDB_ORIGIN "stableguard"
#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3

/* Our observed outcome as a KCIDB status. */
const char *kcidb_status(const char *observed);
/* The KCIDB document's start: its version, in an open object. */
void kcidb_begin(struct jw *w, FILE *f);
/* "stableguard:RUN/PART" in buf. */
const char *kcidb_id(char *buf, size_t len, const char *run, const char *part);
/* The URL of rel, a path in the run folder dir. */
const char *kcidb_url(char *buf, size_t len, const char *dir, const char *rel);
/* A number written in a column ("3.0"), or -1 when it is not one. */
double kcidb_secs(const char *col);

/* dir/kcidb.json of a matrix run's rows; 0, or -1 after saying why. */
int kcidb_matrix(const struct run *run);
/* A gate's regressions (its gate.tsv's rows) as "issues" and "incidents"; 0. */
int kcidb_gate(struct jw *w, const struct gate_run *g, const char *run);
/* dir/kcidb.json of a bisection; 0, or -1 after saying why. */
int kcidb_bisect(const char *dir, const struct bisect_run *b);

#endif
