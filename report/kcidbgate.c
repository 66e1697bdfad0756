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
#include <stdlib.h>
#include <string.h>

#include "kcidb.h"
#include "runfile.h"
#include "tsv.h"

struct gate_kcidb {
	struct jw *w;
	const char *run;
	char *culprit[CU_NCOLS];
	int incidents;		/* 0: the issues; 1: the incidents */
};

static int culprit_row(void *ctx, char **cols)
{
	struct gate_kcidb *g = ctx;

	return g->culprit[0] ? 0 : tsv_copy(cols, CU_NCOLS, g->culprit);
}

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

static int gate_row(void *ctx, char **r)
{
	struct gate_kcidb *g = ctx;

	if (strcmp(r[G_VERDICT], "regression") || strcmp(r[G_WRITER], "-"))
		return 0;
	if (g->incidents)
		incident(g, r);
	else
		issue(g, r);
	return 0;
}

int kcidb_gate(struct jw *w, const char *dir, const char *run)
{
	struct gate_kcidb g = { .w = w, .run = run };
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/culprit", dir);
	if (tsv_read_optional(path, "report --kcidb", culprit_names, CU_NCOLS, TSV_EXACT,
			      culprit_row, &g))
		return -1;
	snprintf(path, sizeof(path), "%s/gate.tsv", dir);
	jw_open(w, "issues", '[');
	ret = tsv_read(path, "report --kcidb", gate_names, G_NCOLS, TSV_EXACT, gate_row, &g);
	jw_close(w, ']');
	g.incidents = 1;
	jw_open(w, "incidents", '[');
	ret |= tsv_read(path, "report --kcidb", gate_names, G_NCOLS, TSV_EXACT, gate_row, &g);
	jw_close(w, ']');
	free(g.culprit[0]);
	return ret;
}
