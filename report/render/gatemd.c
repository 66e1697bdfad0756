// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "gatemd.h"
#include "outfile.h"
#include "tables.h"
#include "touched.h"
#include "coverage.h"

/* gate.md's first line: the verdict, and why there is no Tested-by. */
static void gate_md_lead(FILE *f, const struct gate_judgement *j)
{
	char said[1280];

	/* "**No regression**, but no Tested-by: ...", else "**Verdict**: ..." */
	int but = !strcmp(j->verdict, "no regression") && !j->tested;

	fprintf(f, "**%c%s**%s %s\n\n", j->verdict[0] - 'a' + 'A', j->verdict + 1, but ? "," : ":",
		gate_judgement_said(j, said, sizeof(said)));
}

static struct {
	const struct gate_judgement *j;
	const struct gate_run *g;
	const char *run;
} md;

/* A row of the table: a regression in bold, the rate beside the verdict. */
static void table_row(FILE *f, char **r)
{
	const char *bold = gate_is_regression(r[G_VERDICT]) ? "**" : "";
	int rate = strcmp(r[G_RATE], "-") != 0;
	char both[2048];

	fprintf(f, "| ");
	if (strcmp(r[G_WRITER], "-"))	/* a cross-era pair: its two series */
		fprintf(f, "%s→%s", r[G_WRITER], r[G_READER]);
	else
		fputs(r[G_SERIES], f);
	fprintf(f, " | %s | %s | %s | %s | %s%s%s%s%s | ", r[G_VARIANT], r[G_CHECK], r[G_PREVIOUS],
		r[G_CANDIDATE], bold, r[G_VERDICT], rate ? " " : "", rate ? r[G_RATE] : "", bold);
	if (!strcmp(r[G_VERDICT], "still failing (changed)")) {
		snprintf(both, sizeof(both), "was: %s; now: %s", r[G_PREVIOUS_REASON], r[G_REASON]);
		tables_md_cell(f, both, 320);
	} else {
		tables_md_cell(f, r[G_REASON], 160);
	}
	fputs(" |\n", f);
}

/* The rows, in the gate's order of verdicts, and the summary line. */
static void table(FILE *f)
{
	char line[512];
	int i, k;

	fputs("| series | variant | check | previous | candidate | verdict | first bad line |\n", f);
	fputs("|---|---|---|---|---|---|---|\n", f);
	for (k = 0; k < gate_nr_verdicts; k++)
		for (i = 0; i < md.g->nr; i++)
			if (!strcmp(md.g->rows[i][G_VERDICT], gate_verdicts[k]))
				table_row(f, md.g->rows[i]);
	fprintf(f, "\n%s\n", gate_summary(md.g, line, sizeof(line)));
}

static void narrowing(FILE *f)
{
	const char *const *n = (const char *const *)md.g->narrow;

	if (!n[0] || !strcmp(n[NA_KEPT], "-"))
		return;
	fprintf(f, "\nCompared with chunks %s only: the previous release fails %s with the others "
		"(%s; every chunk: gate-all-chunks.md).\n", n[NA_KEPT], n[NA_CHECKS], n[NA_CHUNKS]);
}

static void proofs(FILE *f)
{
	int i;

	if (!md.g->nr_proofs)
		return;
	fputs("\n| patch | file | upstream | check | without it | with it | proof |\n"
	      "|---|---|---|---|---|---|---|\n", f);
	for (i = 0; i < md.g->nr_proofs; i++) {
		char **p = md.g->proofs[i];

		fprintf(f, "| %s | ", p[PR_NUMBER]);
		tables_md_cell(f, p[PR_PATCH], 120);
		fprintf(f, " | %.12s | %s | %s | %s | %s |\n", p[PR_UPSTREAM], p[PR_CHECK],
			p[PR_WITHOUT], p[PR_WITH], p[PR_OUTCOME]);
	}
}

static void put_md(FILE *f)
{
	gate_md_lead(f, md.j);
	table(f);
	narrowing(f);
	touched_said(f, md.run, md.g, TOUCHED_MD);
	coverage_said(f, md.run, COVERAGE_MD);
	proofs(f);
}

int gate_md_write(const struct gate_judgement *j, const struct gate_run *g, const char *run,
		  const char *who)
{
	md.j = j;
	md.g = g;
	md.run = run;
	return write_file(who, run, "gate.md", put_md) ? -1 : 0;
}
