// SPDX-License-Identifier: GPL-2.0
/*
 * A gate's regressions in its kcidb.json: each row of RUN/gate.tsv whose
 * verdict is regression is a KCIDB issue (the check that broke; its
 * culprit is the code, and the queue's patch it was bisected to, when the
 * gate found it, is in misc) and an incident (that issue present in the
 * candidate's build and in its test of the check).  The ids are those
 * kcidbrun.c gives the candidate's build and tests.
 */
#include <stdio.h>
#include <string.h>

#include "gatejudge.h"
#include "gaterun.h"
#include "kcidb.h"

struct gate_kcidb {
	struct jw *w;
	const char *run;
	char **culprit;		/* the gate's culprit; culprit[0] NULL: none */
};

static void issue(struct gate_kcidb *g, char **r)
{
	char id[512], part[512], buf[2048];

	jw_open(g->w, NULL, '{');
	snprintf(part, sizeof(part), "gate/%s/%s", r[G_SERIES], r[G_CHECK]);
	jw_str(g->w, "id", kcidb_id(id, sizeof(id), g->run, part));
	jw_int(g->w, "version", 1);
	jw_str(g->w, "origin", KCIDB_ORIGIN);
	snprintf(buf, sizeof(buf), "%s: %s regressed in %s", r[G_SERIES], r[G_CHECK], r[G_VARIANT]);
	jw_str(g->w, "report_subject", buf);
	jw_open(g->w, "culprit", '{');
	jw_bool(g->w, "code", 1);
	jw_close(g->w, '}');
	snprintf(buf, sizeof(buf), "%s on the previous release, %s on the candidate: %s",
		 r[G_PREVIOUS], r[G_CANDIDATE], r[G_REASON]);
	jw_str(g->w, "comment", buf);
	jw_open(g->w, "misc", '{');
	jw_str(g->w, "previous", r[G_PREVIOUS]);
	jw_str(g->w, "candidate", r[G_CANDIDATE]);
	if (strcmp(r[G_RATE], "-"))
		jw_str(g->w, "rate", r[G_RATE]);
	if (g->culprit[0]) {
		jw_str(g->w, "patch_number", g->culprit[CU_NUMBER]);
		jw_str(g->w, "patch", g->culprit[CU_PATCH]);
		jw_str(g->w, "patch_subject", g->culprit[CU_SUBJECT]);
		jw_str(g->w, "upstream", g->culprit[CU_UPSTREAM]);
		jw_str(g->w, "verified", g->culprit[CU_VERIFIED]);
	}
	jw_close(g->w, '}');
	jw_close(g->w, '}');
}

static void incident(struct gate_kcidb *g, char **r)
{
	char id[512], part[512];

	jw_open(g->w, NULL, '{');
	snprintf(part, sizeof(part), "gate/%s/%s/incident", r[G_SERIES], r[G_CHECK]);
	jw_str(g->w, "id", kcidb_id(id, sizeof(id), g->run, part));
	jw_str(g->w, "origin", KCIDB_ORIGIN);
	snprintf(part, sizeof(part), "gate/%s/%s", r[G_SERIES], r[G_CHECK]);
	jw_str(g->w, "issue_id", kcidb_id(id, sizeof(id), g->run, part));
	jw_int(g->w, "issue_version", 1);
	snprintf(part, sizeof(part), "%s/%s", r[G_SERIES], r[G_VARIANT]);
	jw_str(g->w, "build_id", kcidb_id(id, sizeof(id), g->run, part));
	snprintf(part, sizeof(part), "%s/%s/%s", r[G_SERIES], r[G_VARIANT], r[G_CHECK]);
	jw_str(g->w, "test_id", kcidb_id(id, sizeof(id), g->run, part));
	jw_bool(g->w, "present", 1);
	jw_close(g->w, '}');
}

/* A regression of a check (a pair's row is none). */
static int regressed(char **r)
{
	return gate_is_regression(r[G_VERDICT]) && !strcmp(r[G_WRITER], "-");
}

int kcidb_gate(struct jw *w, const struct gate_run *gr, const char *run)
{
	struct gate_kcidb g = { .w = w, .run = run, .culprit = (char **)gr->culprit };
	int i;

	jw_open(w, "issues", '[');
	for (i = 0; i < gr->nr; i++)
		if (regressed(gr->rows[i]))
			issue(&g, gr->rows[i]);
	jw_close(w, ']');
	jw_open(w, "incidents", '[');
	for (i = 0; i < gr->nr; i++)
		if (regressed(gr->rows[i]))
			incident(&g, gr->rows[i]);
	jw_close(w, ']');
	return 0;
}
