// SPDX-License-Identifier: GPL-2.0
/*
 * coverage.h.  A patch is not exercised when some file of it has code
 * (gcov says so) and no check ran any of that code in any of its files.
 */
#include <string.h>

#include "coverage.h"
#include "runfile.h"
#include "tsv.h"

static int load(struct tsv_table *t, const char *run)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/coverage.tsv", run);
	if (tsv_table_read(t, path, "report", coverage_names, COV_NCOLS, 1) || !t->nr) {
		tsv_table_free(t);
		return -1;
	}
	return 0;
}

/* "1 line", "7 lines" */
static const char *lines(const char *n)
{
	return strcmp(n, "1") ? "lines" : "line";
}

static void text_row(FILE *f, char **r)
{
	const char *s = r[COV_STATUS];

	if (!strcmp(s, "no line left")) {
		fprintf(f, "  patch %s: no line of its own left (it only removes)\n", r[COV_NUMBER]);
		return;
	}
	fprintf(f, "  patch %s %s: ", r[COV_NUMBER], r[COV_FILE]);
	if (!strcmp(s, "not measured"))
		fprintf(f, "not measured (%s %s; no gcov data of it)\n", r[COV_LINES],
			lines(r[COV_LINES]));
	else if (!strcmp(s, "not built"))
		fprintf(f, "not built into this kernel (%s %s): not exercised\n", r[COV_LINES],
			lines(r[COV_LINES]));
	else if (!strcmp(s, "no code"))
		fprintf(f, "no code among its %s %s\n", r[COV_LINES], lines(r[COV_LINES]));
	else
		fprintf(f, "%s of %s changed %s executed%s%s%s\n", r[COV_EXECUTED], r[COV_CODE],
			lines(r[COV_CODE]),
			strcmp(r[COV_CHECKS], "-") ? " (" : "",
			strcmp(r[COV_CHECKS], "-") ? r[COV_CHECKS] : "",
			strcmp(r[COV_CHECKS], "-") ? ")" : ": not exercised");
}

static void md_row(FILE *f, char **r)
{
	fprintf(f, "| %s | %s | `%s` | %s of %s | %s | %s |\n", r[COV_NUMBER], r[COV_PATCH],
		r[COV_FILE], r[COV_EXECUTED], r[COV_CODE], r[COV_CHECKS], r[COV_STATUS]);
}

/* Why the gate has no coverage, its coverage.err's last line: said. */
static void why_none(FILE *f, const char *run)
{
	char path[4096], line[512], last[512] = "";
	FILE *e;

	snprintf(path, sizeof(path), "%s/coverage.err", run);
	e = fopen(path, "r");
	while (e && fgets(line, sizeof(line), e))
		if (line[0] != '\n')
			snprintf(last, sizeof(last), "%s", line);
	if (e)
		fclose(e);
	if (last[0])
		fprintf(f, "\nThe queue's changed lines were not measured: %s", last);
}

void coverage_said(FILE *f, const char *run, enum coverage_style style)
{
	struct tsv_table t;
	int i;

	if (load(&t, run)) {
		why_none(f, run);
		return;
	}
	if (style == COVERAGE_MD)
		fputs("\n| patch | file name | changed file | code lines executed | by | status |\n"
		      "|---|---|---|---|---|---|\n", f);
	else
		fputs("\nThe queue's changed lines the checks executed (gcov, patch by patch):\n", f);
	for (i = 0; i < t.nr; i++)
		(style == COVERAGE_MD ? md_row : text_row)(f, t.rows[i]);
	tsv_table_free(&t);
}

/* Patch i's rows: any executed; any not exercised. */
static void patch_state(struct tsv_table *t, const char *number, int *ran, int *idle)
{
	int i;

	*ran = *idle = 0;
	for (i = 0; i < t->nr; i++) {
		if (strcmp(t->rows[i][COV_NUMBER], number))
			continue;
		*ran |= !strcmp(t->rows[i][COV_STATUS], "executed");
		*idle |= !strcmp(t->rows[i][COV_STATUS], "not exercised") ||
			 !strcmp(t->rows[i][COV_STATUS], "not built");
	}
}

int coverage_not_exercised(FILE *f, const char *run)
{
	struct tsv_table t;
	int i, ran, idle, n = 0;

	if (load(&t, run))
		return 0;
	for (i = 0; i < t.nr; i++) {
		char **r = t.rows[i];

		if (strcmp(r[COV_STATUS], "not exercised") && strcmp(r[COV_STATUS], "not built"))
			continue;
		patch_state(&t, r[COV_NUMBER], &ran, &idle);
		if (ran)
			continue;
		if (!strcmp(r[COV_STATUS], "not built"))
			fprintf(f, "%spatch %s (%s: not built into this kernel)", n++ ? ", " : "",
				r[COV_NUMBER], r[COV_FILE]);
		else
			fprintf(f, "%spatch %s (%s: 0 of %s changed %s)", n++ ? ", " : "",
				r[COV_NUMBER], r[COV_FILE], r[COV_CODE], lines(r[COV_CODE]));
	}
	tsv_table_free(&t);
	return n;
}
