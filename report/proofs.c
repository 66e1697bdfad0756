// SPDX-License-Identifier: GPL-2.0
/*
 * A gate's proofs (RUN/proofs, run file proof: each patch of the queue
 * proven with and without it) beside the candidate's rows in the run's
 * JSON: results.json and kcidb.json give a candidate's row of a check
 * the proofs of that check, as "proofs": [{number, patch, upstream,
 * without, with, outcome, note}].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proofs.h"
#include "runfile.h"
#include "tsv.h"

#define MAX_PROOFS 512

static char *proofs[MAX_PROOFS][PR_NCOLS];
static int nr_proofs;

static int proof_row(void *ctx, char **cols)
{
	(void)ctx;
	return nr_proofs == MAX_PROOFS ? 0 : tsv_copy(cols, PR_NCOLS, proofs[nr_proofs++]);
}

int proofs_load(const char *dir)
{
	char path[4096];

	while (nr_proofs)
		free(proofs[--nr_proofs][0]);
	snprintf(path, sizeof(path), "%s/proofs", dir);
	return tsv_read_optional(path, "report", proof_names, PR_NCOLS, TSV_EXACT, proof_row, NULL);
}

void proofs_json(struct jw *w, const char *variant, const char *check)
{
	static const int keys[] = {
		PR_NUMBER, PR_PATCH, PR_UPSTREAM, PR_WITHOUT, PR_WITH, PR_OUTCOME, PR_NOTE,
	};
	int i, opened = 0;
	size_t k;

	if (strncmp(variant, "candidate", 9))
		return;
	for (i = 0; i < nr_proofs; i++) {
		if (strcmp(proofs[i][PR_CHECK], check))
			continue;
		if (!opened++)
			jw_open(w, "proofs", '[');
		jw_open(w, NULL, '{');
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			jw_str(w, proof_names[keys[k]], proofs[i][keys[k]]);
		jw_close(w, '}');
	}
	if (opened)
		jw_close(w, ']');
}
