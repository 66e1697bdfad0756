// SPDX-License-Identifier: GPL-2.0
/*
 * touched.h's section.  A check or test counts for a file only when the
 * gate compared it (a row of gate.tsv): the map says what reaches the
 * code, the run says what ran.
 */
#include <stdlib.h>
#include <string.h>

#include "runfile.h"
#include "tables.h"
#include "touched.h"
#include "tsv.h"

#define RAN_LEN 4096

/* The names of csv that the gate compared, as "a, b, c". */
static void ran_of(const struct gate_run *g, const char *csv, char *out, size_t len)
{
	char *copy = strdup(csv), *name, *save = NULL;

	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save))
		if (gate_run_row(g, name))
			snprintf(out + strlen(out), len - strlen(out), "%s%s", *out ? ", " : "", name);
	free(copy);
}

/* What ran for row i: its checks, then its fstests tests. */
static void ran_for(const struct gate_run *g, char **row, char *out, size_t len)
{
	out[0] = '\0';
	ran_of(g, row[TO_CHECKS], out, len);
	ran_of(g, row[TO_FSTESTS], out, len);
}

/* The files of row i's group (the same checks ran), each as fmt says. */
static void group_files(FILE *f, struct tsv_table *t, char ran[][RAN_LEN], int i, const char *fmt)
{
	int k, n = 0;

	for (k = i; k < t->nr; k++) {
		if (strcmp(ran[k], ran[i]))
			continue;
		fputs(n++ ? ", " : "", f);
		fprintf(f, fmt, t->rows[k][TO_PATH]);
	}
}

static void md_group(FILE *f, struct tsv_table *t, char ran[][RAN_LEN], int i)
{
	fputs("| ", f);
	group_files(f, t, ran, i, "`%s`");
	fputs(" | ", f);
	tables_md_cell(f, ran[i], 400);
	fputs(" |\n", f);
}

static void text_group(FILE *f, struct tsv_table *t, char ran[][RAN_LEN], int i)
{
	fputs("  ", f);
	group_files(f, t, ran, i, "%s");
	fprintf(f, ":\n    %s\n", ran[i]);
}

/* A group's first file: no earlier file had the same checks. */
static int first_of_group(char ran[][RAN_LEN], int i)
{
	int k;

	for (k = 0; k < i; k++)
		if (!strcmp(ran[k], ran[i]))
			return 0;
	return 1;
}

static void uncovered(FILE *f, struct tsv_table *t, char ran[][RAN_LEN], enum touched_style s)
{
	int i, n = 0;

	for (i = 0; i < t->nr; i++) {
		if (ran[i][0])
			continue;
		if (!n++)
			fputs(s == TOUCHED_MD ?
			      "\nTouched, and reached by no check or test that ran (not covered by a Tested-by): " :
			      "Touched, and reached by no check or test that ran (not covered by this\nTested-by): ",
			      f);
		fprintf(f, s == TOUCHED_MD ? "%s`%s`" : "%s%s", n > 1 ? ", " : "", t->rows[i][TO_PATH]);
	}
	if (n)
		fputs("\n", f);
}

/* The map's tests the budget or the checkout left out, once. */
static void left_out(FILE *f, struct tsv_table *t, enum touched_style s)
{
	char seen[16384] = "";
	int i;

	for (i = 0; i < t->nr; i++) {
		char *copy, *w, *save = NULL;

		if (!strcmp(t->rows[i][TO_LEFT_OUT], "-"))
			continue;
		copy = strdup(t->rows[i][TO_LEFT_OUT]);
		for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
			if (strstr(seen, w))
				continue;
			snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), "%s%s",
				 *seen ? ", " : "", w);
		}
		free(copy);
	}
	if (seen[0])
		fprintf(f, s == TOUCHED_MD ? "\nfstests tests of the path map not run: %s\n" :
					     "fstests tests of the path map not run: %s\n", seen);
}

void touched_said(FILE *f, const char *run, const struct gate_run *g, enum touched_style s)
{
	static char ran[512][RAN_LEN];
	struct tsv_table t;
	char path[4096];
	int i;

	snprintf(path, sizeof(path), "%s/touched.tsv", run);
	if (tsv_table_read(&t, path, "report", touched_names, TO_NCOLS, 1) || !t.nr) {
		tsv_table_free(&t);
		return;
	}
	t.nr = t.nr < 512 ? t.nr : 512;
	for (i = 0; i < t.nr; i++)
		ran_for(g, t.rows[i], ran[i], RAN_LEN);
	if (s == TOUCHED_MD)
		fputs("\n| files the queue touches | the checks and fstests tests that ran through them |\n"
		      "|---|---|\n", f);
	else
		fputs("\nWhat ran through each file the queue touches (the path map):\n", f);
	for (i = 0; i < t.nr; i++)
		if (ran[i][0] && first_of_group(ran, i))
			(s == TOUCHED_MD ? md_group : text_group)(f, &t, ran, i);
	uncovered(f, &t, ran, s);
	left_out(f, &t, s);
	tsv_table_free(&t);
}
