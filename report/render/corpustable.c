// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "corpustable.h"
#include "gatejudge.h"
#include "runfile.h"
#include "tsv.h"

/* What one gate of a case said. */
struct gate_said {
	const char *run;	/* its folder, or "-" */
	int ran;		/* a judgement was written */
	int regression;		/* its verdict */
	char checks[512];	/* the rows it called regressions */
	char culprit[256];	/* the bisected patch, "(verified)" or not */
	int verified;
	double secs;
};

static const char *const *runrow(const struct tsv_table *runs, const char *name,
				 const char *queue)
{
	int i;

	for (i = 0; i < runs->nr; i++)
		if (!strcmp(runs->rows[i][CR_CASE], name) && !strcmp(runs->rows[i][CR_QUEUE], queue))
			return (const char *const *)runs->rows[i];
	return NULL;
}

static void read_checks(struct gate_said *g, const char *path)
{
	struct tsv_table t;
	int i;

	if (tsv_table_read(&t, path, "report --corpus", gate_names, G_NCOLS, 1))
		return;
	/* "md-redundancy (boot)": a guest that died is a regression too */
	for (i = 0; i < t.nr; i++)
		if (gate_is_regression(t.rows[i][G_VERDICT]) && !strstr(g->checks, t.rows[i][G_CHECK]))
			snprintf(g->checks + strlen(g->checks), sizeof(g->checks) - strlen(g->checks),
				 "%s%s%s", *g->checks ? ", " : "", t.rows[i][G_CHECK],
				 t.rows[i][G_VERDICT] + strlen("regression"));
	tsv_table_free(&t);
}

static void read_culprit(struct gate_said *g, const char *path)
{
	struct tsv_table t;

	if (tsv_table_read(&t, path, "report --corpus", culprit_names, CU_NCOLS, 1))
		return;
	if (t.nr) {
		g->verified = !strcmp(t.rows[0][CU_VERIFIED], "verified");
		snprintf(g->culprit, sizeof(g->culprit), "%s %s", t.rows[0][CU_NUMBER],
			 g->verified ? "(verified)" : "(not verified)");
	}
	tsv_table_free(&t);
}

static void read_gate(struct gate_said *g, const char *const *row)
{
	char path[8192];
	struct tsv_table t;

	memset(g, 0, sizeof(*g));
	g->run = row ? row[CR_RUN] : "-";
	if (row)
		sscanf(row[CR_SECS], "%lf", &g->secs);
	if (!row || !strcmp(g->run, "-"))
		return;
	snprintf(path, sizeof(path), "%s/judgement", g->run);
	if (tsv_table_read(&t, path, "report --corpus", judgement_names, J_NCOLS, 1) || !t.nr)
		return;
	g->ran = 1;
	g->regression = !strcmp(t.rows[0][J_VERDICT], "regression");
	tsv_table_free(&t);
	snprintf(path, sizeof(path), "%s/gate.tsv", g->run);
	read_checks(g, path);
	snprintf(path, sizeof(path), "%s/culprit", g->run);
	read_culprit(g, path);
}

/* One case's row; 1 when it is all the corpus wants. */
static int case_row(char *const *c, const struct tsv_table *runs)
{
	struct gate_said bad, fixed;

	read_gate(&bad, runrow(runs, c[CO_CASE], "queue"));
	read_gate(&fixed, runrow(runs, c[CO_CASE], "fixed"));
	printf("| %s | %s | %.12s in %s, %.12s in %s | %s | %s | %s | %s | %.0f |\n",
	       c[CO_CASE], c[CO_SERIES], c[CO_BAD], c[CO_SHIPPED], c[CO_FIX], c[CO_FIXED_IN],
	       !bad.ran ? "not judged" : bad.regression ? "yes" : "no",
	       *bad.checks ? bad.checks : "-", *bad.culprit ? bad.culprit : "-",
	       !fixed.ran ? "not judged" : fixed.regression ? "yes" : "no",
	       bad.secs + fixed.secs);
	return bad.regression && bad.verified && fixed.ran && !fixed.regression;
}

int corpus_table(const char *cases, const char *runs)
{
	struct tsv_table c, r;
	int i, good = 0, all;

	if (tsv_table_read(&c, cases, "report --corpus", corpus_names, CO_NCOLS, 0))
		return 2;
	if (tsv_table_read(&r, runs, "report --corpus", corpusrun_names, CR_NCOLS, 0)) {
		tsv_table_free(&c);
		return 2;
	}
	printf("| case | series | bad change, fix (shipped in) | flagged | caught by | culprit | false alarm on the fixed queue | seconds |\n");
	printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
	for (i = 0; i < c.nr; i++)
		good += case_row(c.rows[i], &r);
	printf("\n%d of %d cases flagged, the culprit verified, no false alarm on the fixed queue\n",
	       good, c.nr);
	all = good == c.nr;
	tsv_table_free(&c);
	tsv_table_free(&r);
	return all ? 0 : 1;
}
