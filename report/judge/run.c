// SPDX-License-Identifier: GPL-2.0
/* A run folder read once for its renderers (run.h). */
#include <stdio.h>
#include <string.h>

#include "run.h"

int run_load(struct run *r, const char *dir, const char *who)
{
	char path[4096];

	memset(r, 0, sizeof(*r));
	r->dir = dir;
	snprintf(path, sizeof(path), "%s/results.tsv", dir);
	if (results_load(path, who, &r->rows, &r->nr))
		return -1;
	return gate_run_load(&r->gate, dir, who);
}

void run_free(struct run *r)
{
	results_free(r->rows, r->nr);
	gate_run_free(&r->gate);
	memset(r, 0, sizeof(*r));
}
