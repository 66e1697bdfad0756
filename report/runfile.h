/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run files: every tab-separated file a run folder keeps, each a
 * header line naming its columns, then rows.  Their schemas are defined
 * here and nowhere else; the C tools read them through tsv_read() with
 * these names, and shell writes and reads them only through the runfile
 * tool (report/runfile-tool.c): by column name, never by position.
 *
 *	results		a run's results.tsv (report/results.h names its columns)
 *	steps		a bisection's steps.tsv, a row a step
 *	verdicts	LOG.verdicts: logread's verdict per check of one boot
 *	outcome		LOG.outcome: logread's verdict over the boot's checks
 *	images		a bisection's images: each judged bzImage's verdict
 *	checkout	a matrix run's kernels/<series>/.checkout: what its
 *			stable/<series> was (for kcidb.json)
 *	phases		a run's phases.tsv: where the matrix spent its time
 *	plan		a run's plan: which shard runs which series
 */
#ifndef SG_RUNFILE_H
#define SG_RUNFILE_H

#include <stdio.h>

#include "results.h"

enum step_col {
	S_STEP, S_ROLE, S_COMMIT, S_SUBJECT, S_BUILD, S_TRIES, S_SECS,
	S_FIRST_BAD, S_VERDICT, S_NOTE, S_NCOLS
};

/* A boot's verdict per check, as logread judged it. */
enum verdict_col {
	V_CHECK, V_OBSERVED, V_SECS, V_COMPLAINT, V_REASON, V_LINE, V_NCOLS
};

/* A boot's verdict over its checks: FAIL if one failed, else ERROR if
 * one did not pass, else PASS; the first failing check and its bad
 * line; whether the guest got to its end; QEMU's exit status (boot.sh:
 * 124 timed out, 125 went silent). */
enum outcome_col { O_OUTCOME, O_FIRST_BAD, O_DONE, O_STATUS, O_NCOLS };

enum image_col { I_SHA256, I_VERDICT, I_COMMIT, I_NCOLS };

/* The commit of stable/<series>, the branch, the config fragments
 * (base.config+...), the compiler's --version line. */
enum checkout_col { C_COMMIT, C_BRANCH, C_CONFIG, C_COMPILER, C_NCOLS };
/*
 * One stretch of a matrix run's work: phase (fetch, import, branch,
 * base-build, build, pair-build, guest, pair, report, matrix: the whole
 * run), its series ("-" for the whole run; "W→R" for a pair), what
 * (the variant, the pair's name, or "-"), and when it began and ended,
 * in seconds since the epoch (two decimals).  Stretches overlap: the
 * pipeline runs guests beside builds and the next series' import beside
 * this one's builds (report/phasetimes.c says whose the wall time is).
 */
enum phase_col { P_PHASE, P_SERIES, P_WHAT, P_START, P_END, P_NCOLS };

/*
 * Which shard of SHARD=K/N runs a series (config/shardplan.c): its cost
 * in seconds as the plan counted it (the series' builds and guests), and
 * whether that came from the timings of earlier runs or the fallback.
 */
enum plan_col { PL_SERIES, PL_SHARD, PL_COST, PL_FROM, PL_NCOLS };

extern const char *const step_names[S_NCOLS];
extern const char *const verdict_names[V_NCOLS];
extern const char *const outcome_names[O_NCOLS];
extern const char *const image_names[I_NCOLS];
extern const char *const checkout_names[C_NCOLS];
extern const char *const phase_names[P_NCOLS];
extern const char *const plan_names[PL_NCOLS];

struct runfile_kind {
	const char *name;
	const char *const *cols;
	int n;
};

/* The kind called name, or NULL. */
const struct runfile_kind *runfile_kind(const char *name);
/* The kind whose header is exactly this line (no line end), or NULL. */
const struct runfile_kind *runfile_kind_of(const char *header);
/* Every kind's name, space-separated, for messages. */
const char *runfile_kinds(void);

/* The header line of a kind, with its newline, to f. */
void runfile_put_header(FILE *f, const struct runfile_kind *k);
/*
 * One row to f from values[i] for cols[i]: tabs and line ends in a value
 * become spaces, an empty or NULL value is "-".
 */
void runfile_put_row(FILE *f, const struct runfile_kind *k, const char *const *values);
/*
 * values[] from NAME=VALUE arguments, every column of k named once;
 * 0, or -1 after saying why on stderr as "who: ...".
 */
int runfile_parse_row(const char *who, const struct runfile_kind *k, int argc,
		      char **argv, const char **values);

#endif
