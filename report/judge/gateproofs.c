// SPDX-License-Identifier: GPL-2.0
/*
 * Each proof's outcome, from what its tries said (gatejudge.h's rule):
 *
 *	without  with
 *	FAIL     PASS	proven: it fixes what its check shows
 *	PASS     PASS	not reached: the check does not reach the bug here
 *	FAIL     FAIL	not fixed
 *	PASS     FAIL	inverted: the patch breaks the check
 *	else		untestable, and why (the revert did not apply, or the
 *			check did not run: the gate row's reason)
 *
 * "with" is the candidate's tries in the gate, then the proof's own
 * (each try a run folder: gate_proof_tries()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gatejudge.h"
#include "gatenext.h"
#include "gateproofs.h"
#include "gaterun.h"
#include "outfile.h"
#include "tsv.h"

struct judged {
	char without[512], with[512], note[1024];
	const char *outcome;
};

static struct tsv_table plan;
static struct judged *judged;
static struct gate_run gate;

/* Why a proof is untestable: its note, else what the tries and the gate's row said. */
static void untestable(struct judged *j, char **p, char **g)
{
	const char *why = g ? g[G_REASON] : "-";

	if (strcmp(p[PP_NOTE], "-")) {
		snprintf(j->note, sizeof(j->note), "%s", p[PP_NOTE]);
		return;
	}
	if (!strncmp(why, "seed=", 5) && strchr(why, ' '))
		why = strchr(why, ' ') + 1;
	snprintf(j->note, sizeof(j->note), "without it: %s; with it: %s%s%s%s", j->without[0] ? j->without : "-",
		 j->with[0] ? j->with : "-", strcmp(why, "-") ? " (" : "", strcmp(why, "-") ? why : "",
		 strcmp(why, "-") ? ")" : "");
}

static void judge(struct judged *j, char **p)
{
	char **g = gate_run_row(&gate, p[PP_CHECK]);
	const char *without, *with;

	gate_proof_tries(p[PP_DIR], p[PP_CHECK], 0, NULL, j->without, sizeof(j->without));
	gate_proof_tries(p[PP_DIR], p[PP_CHECK], 1, g ? g[G_CANDIDATE] : NULL, j->with,
			 sizeof(j->with));
	without = gate_tries_said(j->without);
	with = gate_tries_said(j->with);
	snprintf(j->note, sizeof(j->note), "-");
	if (!strcmp(without, "FAIL") && !strcmp(with, "PASS"))
		j->outcome = "proven";
	else if (!strcmp(without, "PASS") && !strcmp(with, "PASS"))
		j->outcome = "not reached";
	else if (!strcmp(without, "FAIL") && !strcmp(with, "FAIL"))
		j->outcome = "not fixed";
	else if (!strcmp(without, "PASS") && !strcmp(with, "FAIL"))
		j->outcome = "inverted";
	else {
		j->outcome = "untestable";
		untestable(j, p, g);
	}
}

static void write_proofs(FILE *f)
{
	const struct runfile_kind *k = runfile_kind("proof");
	int i;

	runfile_put_header(f, k);
	for (i = 0; i < plan.nr; i++) {
		char **p = plan.rows[i];
		const char *values[PR_NCOLS] = {
			[PR_NUMBER] = p[PP_NUMBER], [PR_PATCH] = p[PP_PATCH],
			[PR_UPSTREAM] = p[PP_UPSTREAM], [PR_CHECK] = p[PP_CHECK],
			[PR_WITHOUT] = judged[i].without, [PR_WITH] = judged[i].with,
			[PR_OUTCOME] = judged[i].outcome, [PR_NOTE] = judged[i].note,
		};

		runfile_put_row(f, k, values);
	}
}

/* "3 proof(s) of 2 patch(es): 1 inverted, 2 proven" */
static void summary(void)
{
	static const char *const outcomes[] = {
		"inverted", "not fixed", "not reached", "proven", "untestable",
	};
	int i, k, n, patches = 0;

	for (i = 0; i < plan.nr; i++)
		patches += !i || strcmp(plan.rows[i][PP_NUMBER], plan.rows[i - 1][PP_NUMBER]);
	printf("%d proof(s) of %d patch(es):", plan.nr, patches);
	for (k = 0, n = 0; k < (int)(sizeof(outcomes) / sizeof(outcomes[0])); k++) {
		int c = 0;

		for (i = 0; i < plan.nr; i++)
			c += !strcmp(judged[i].outcome, outcomes[k]);
		if (c)
			printf("%s %d %s", n++ ? "," : "", c, outcomes[k]);
	}
	putchar('\n');
}

int gate_proofs(const char *run)
{
	char path[4096];
	int i, inverted = 0;

	snprintf(path, sizeof(path), "%s/proof-plan", run);
	if (tsv_table_read(&plan, path, "report --gate", proofplan_names, PP_NCOLS, 1) ||
	    gate_run_load(&gate, run, "report --gate"))
		return 2;
	judged = calloc(plan.nr + 1, sizeof(*judged));
	if (!judged)
		return 2;
	for (i = 0; i < plan.nr; i++) {
		judge(&judged[i], plan.rows[i]);
		inverted += !strcmp(judged[i].outcome, "inverted");
	}
	if (write_file("report --gate", run, "proofs", write_proofs))
		return 2;
	if (plan.nr)
		summary();
	gate_run_free(&gate);
	return inverted ? 1 : 0;
}
