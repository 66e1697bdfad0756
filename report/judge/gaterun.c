// SPDX-License-Identifier: GPL-2.0
/*
 * A gate's run files (gaterun.h), each read by name through its one
 * schema (lib/runfile.h): gate.tsv, culprit, thread, narrow, proofs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaterun.h"
#include "tsv.h"

/* A file of one row: its first, into the columns ctx points to. */
struct one_row {
	char **cols;
	int n;
};

static int first_row(void *ctx, char **cols)
{
	struct one_row *o = ctx;

	return o->cols[0] ? 0 : tsv_copy(cols, o->n, o->cols);
}

static int read_one(const char *dir, const char *name, const char *who,
		    const char *const *names, int n, char **cols)
{
	struct one_row o = { cols, n };
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return tsv_read_optional(path, who, names, n, TSV_EXACT, first_row, &o);
}

int gate_run_load(struct gate_run *g, const char *dir, const char *who)
{
	struct tsv_table rows, proofs;
	char path[4096];
	FILE *f;

	memset(g, 0, sizeof(*g));
	snprintf(path, sizeof(path), "%s/gate.tsv", dir);
	f = fopen(path, "r");
	g->has_gate = f != NULL;
	if (f)
		fclose(f);
	if (tsv_table_read(&rows, path, who, gate_names, G_NCOLS, 1))
		return -1;
	g->rows = rows.rows;
	g->nr = rows.nr;
	if (read_one(dir, "culprit", who, culprit_names, CU_NCOLS, g->culprit) ||
	    read_one(dir, "thread", who, thread_names, TH_NCOLS, g->thread) ||
	    read_one(dir, "narrow", who, narrow_names, NA_NCOLS, g->narrow))
		return -1;
	snprintf(path, sizeof(path), "%s/proofs", dir);
	if (tsv_table_read(&proofs, path, who, proof_names, PR_NCOLS, 1))
		return -1;
	g->proofs = proofs.rows;
	g->nr_proofs = proofs.nr;
	return 0;
}

void gate_run_free(struct gate_run *g)
{
	int i;

	for (i = 0; i < g->nr; i++)
		free(g->rows[i][0]);
	for (i = 0; i < g->nr_proofs; i++)
		free(g->proofs[i][0]);
	free(g->rows);
	free(g->proofs);
	free(g->culprit[0]);
	free(g->thread[0]);
	free(g->narrow[0]);
	memset(g, 0, sizeof(*g));
}

int gate_run_count(const struct gate_run *g, const char *verdict)
{
	int i, n = 0;

	for (i = 0; i < g->nr; i++)
		n += !strcmp(g->rows[i][G_VERDICT], verdict);
	return n;
}

char **gate_run_row(const struct gate_run *g, const char *check)
{
	int i;

	for (i = 0; i < g->nr; i++)
		if (!strcmp(g->rows[i][G_CHECK], check) && !strcmp(g->rows[i][G_WRITER], "-"))
			return g->rows[i];
	return NULL;
}
