// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gatejudge.h"
#include "outfile.h"

/*
 * The matrix says why a unit has no kernel ("build failed: ...", "branch
 * failed: ...", "cannot check out ...") and fstests that it found none
 * ("no kernel ..."); any other ERROR is the guest's.
 */
const char *gate_error_kind(const char *reason)
{
	static const char *const build[] = {
		"build failed", "branch failed", "cannot ", "no kernel",
	};
	size_t i;

	for (i = 0; i < sizeof(build) / sizeof(build[0]); i++)
		if (!strncmp(reason, build[i], strlen(build[i])))
			return "build";
	return "boot";
}

const char *gate_tries_said(const char *tries)
{
	static char first[32];
	const char *p;
	int all_pass = 1;

	if (!*tries || !strcmp(tries, "-"))
		return "-";
	for (p = tries; *p; p += strcspn(p, ","), p += *p == ',') {
		if (!strncmp(p, "FAIL", 4) && (p[4] == ',' || !p[4]))
			return "FAIL";
		all_pass &= !strncmp(p, "PASS", 4) && (p[4] == ',' || !p[4]);
	}
	if (all_pass)
		return "PASS";
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(tries, ","), tries);
	return first;
}

const char *const gate_verdicts[] = {
	"regression", "regression (build)", "regression (boot)", "not run", "fixed",
	"fixed (boot)", "fixed (build)", "still failing (changed)", "still failing", "flaky",
	"pass", "skip",
};
const int gate_nr_verdicts = sizeof(gate_verdicts) / sizeof(gate_verdicts[0]);

const char *gate_summary(const struct gate_run *g, char *buf, size_t len)
{
	size_t at;
	int k, n;

	at = snprintf(buf, len, "%d rows:", g->nr);
	for (k = 0; k < gate_nr_verdicts && at < len; k++) {
		n = gate_run_count(g, gate_verdicts[k]);
		if (n)
			at += snprintf(buf + at, len - at, " %d %s%s,", n, gate_verdicts[k],
				       n > 1 && !strcmp(gate_verdicts[k], "regression") ? "s" : "");
	}
	if (at < len && buf[at - 1] == ',')
		buf[at - 1] = '\0';
	return buf;
}

int gate_is_regression(const char *verdict)
{
	return !strncmp(verdict, "regression", 10);
}

int gate_ran_both(char *const *row)
{
	return !strstr(row[G_PREVIOUS], "ERROR") && !strstr(row[G_CANDIDATE], "ERROR") &&
	       strcmp(row[G_PREVIOUS], "-") && strcmp(row[G_CANDIDATE], "-");
}

/* Whether a side's tries ("PASS,ERROR,PASS") hold one that ran. */
static int ran_a_try(const char *tries)
{
	size_t n;

	for (; *tries; tries += n + (tries[n] == ',')) {
		n = strcspn(tries, ",");
		if (strncmp(tries, "ERROR", n) && strncmp(tries, "-", n))
			return 1;
	}
	return 0;
}

/* The previous release ran no row: it did not build, or never booted. */
static int previous_ran_nothing(const struct gate_run *g, char *why, size_t len)
{
	const char *error = NULL;	/* the first ERROR's reason */
	int i;

	for (i = 0; i < g->nr; i++) {
		if (ran_a_try(g->rows[i][G_PREVIOUS]))
			return 0;
		if (!error && strstr(g->rows[i][G_PREVIOUS], "ERROR"))
			error = g->rows[i][G_PREVIOUS_REASON];
	}
	if (!error)
		snprintf(why, len, "the previous release ran no check");
	else
		snprintf(why, len, "the previous release does not %s: %s",
			 strcmp(gate_error_kind(error), "build") ? "boot" : "build", error);
	return 1;
}

static int inverted_proofs(const struct gate_run *g)
{
	int i, n = 0;

	for (i = 0; i < g->nr_proofs; i++)
		n += !strcmp(g->proofs[i][PR_OUTCOME], "inverted");
	return n;
}

void gate_judge(const struct gate_run *g, struct gate_judgement *j)
{
	int i, unran = 0;

	j->tested = j->regressions = 0;
	j->inverted = inverted_proofs(g);
	j->why[0] = '\0';
	if (!g->nr) {
		j->verdict = "cannot judge";
		snprintf(j->why, sizeof(j->why), "no row was compared");
		return;
	}
	if (previous_ran_nothing(g, j->why, sizeof(j->why))) {
		j->verdict = "cannot judge";
		return;
	}
	for (i = 0; i < g->nr; i++) {
		j->regressions += gate_is_regression(g->rows[i][G_VERDICT]);
		unran += !gate_ran_both(g->rows[i]);
	}
	if (j->regressions || j->inverted) {
		j->verdict = "regression";
		snprintf(j->why, sizeof(j->why), "a regression");
		return;
	}
	j->verdict = "no regression";
	if (unran) {
		snprintf(j->why, sizeof(j->why), "%d of %d rows did not run on both kernels", unran,
			 g->nr);
		return;
	}
	j->tested = 1;
}

const char *gate_judgement_said(const struct gate_judgement *j, char *buf, size_t len)
{
	if (!strcmp(j->verdict, "cannot judge"))
		snprintf(buf, len, "%s. No verdict, no Tested-by.", j->why);
	else if (!strcmp(j->verdict, "regression"))
		snprintf(buf, len, "not safe to release; no Tested-by.");
	else if (!j->tested)
		snprintf(buf, len, "but no Tested-by: %s.", j->why);
	else
		snprintf(buf, len, "every row ran on both kernels; Tested-by.");
	return buf;
}

static const struct gate_judgement *writing;

static void put_judgement(FILE *f)
{
	const char *values[J_NCOLS] = {
		[J_VERDICT] = writing->verdict, [J_TESTED] = writing->tested ? "yes" : "no",
		[J_WHY] = writing->why,
	};

	runfile_put_header(f, runfile_kind("judgement"));
	runfile_put_row(f, runfile_kind("judgement"), values);
}

int gate_judgement_write(const struct gate_judgement *j, const char *dir, const char *who)
{
	writing = j;
	return write_file(who, dir, "judgement", put_judgement) ? -1 : 0;
}
