// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "gatemd.h"
#include "outfile.h"
#include "tables.h"

void gate_md_lead(FILE *f, const struct gate_judgement *j)
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
	const char *table;	/* the comparison's, its summary line last */
} md;

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
	fputs(md.table, f);
	narrowing(f);
	proofs(f);
}

/*
 * The comparison's table in gate.md's text: after the lead and its blank
 * line, up to and with the summary line ("N rows: ...").
 */
static char *comparison(char *text)
{
	char *p = text, *line, *nl;

	if (!strncmp(p, "**", 2)) {
		p = strchr(p, '\n');
		p = p ? p + 1 : text + strlen(text);
		p += *p == '\n';
	}
	for (line = p; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			break;
		if (line[0] >= '0' && line[0] <= '9' && strstr(line, " rows:") &&
		    strstr(line, " rows:") < nl) {
			nl[1] = '\0';
			break;
		}
	}
	return p;
}

int gate_md_finish(const struct gate_judgement *j, const struct gate_run *g, const char *run,
		   const char *who)
{
	char path[4096], *text;
	long n;
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s/gate.md", run);
	f = fopen(path, "r");
	if (!f)
		return 0;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, n + 1);
	if (!text || fread(text, 1, n, f) != (size_t)n) {
		fclose(f);
		free(text);
		fprintf(stderr, "%s: %s: cannot read\n", who, path);
		return -1;
	}
	fclose(f);
	md.j = j;
	md.g = g;
	md.table = comparison(text);
	rc = write_file(who, run, "gate.md", put_md) ? -1 : 0;
	free(text);
	return rc;
}
