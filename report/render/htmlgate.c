// SPDX-License-Identifier: GPL-2.0
/*
 * A gate's section of its run's page: the candidate beside the previous
 * release, check by check (RUN/gate.tsv, regressions first, as compare.c
 * ordered it), each side's tries, the verdict and the candidate's first
 * bad line; then the queue's patch the regressions were bisected to
 * (RUN/culprit), the arrays the comparison was narrowed to (RUN/narrow),
 * and each patch proven with and without it (RUN/proofs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gatejudge.h"
#include "gaterun.h"
#include "html.h"

static const struct gate_run *g;	/* the page's gate, set by html_gate() and html_gate_summary() */

/* A proof's colour: proven green, inverted or not fixed red, else grey. */
static const char *proof_class(const char *o)
{
	if (!strcmp(o, "proven"))
		return "ok";
	if (!strcmp(o, "inverted") || !strcmp(o, "not fixed"))
		return "bad";
	return "skip";
}

static void proofs(FILE *f)
{
	static const int col[] = { PR_NUMBER, PR_PATCH, PR_UPSTREAM, PR_CHECK, PR_WITHOUT, PR_WITH };
	char id[13];
	size_t c;
	int i;

	if (!g->nr_proofs)
		return;
	fputs("<h3>Each backport proven: the candidate with the patch reverted</h3>\n"
	      "<table class=\"grid full\">\n<tr><th>patch</th><th>file</th><th>upstream</th>"
	      "<th>check</th><th>without it</th><th>with it</th><th>proof</th></tr>\n", f);
	for (i = 0; i < g->nr_proofs; i++) {
		char **p = g->proofs[i];

		fputs("<tr>", f);
		for (c = 0; c < sizeof(col) / sizeof(col[0]); c++) {
			fputs("<td class=\"mono\">", f);
			snprintf(id, sizeof(id), "%s", p[col[c]]);
			/* an id shortened as git does */
			html_textn(f, col[c] == PR_UPSTREAM ? id : p[col[c]], 200);
			fputs("</td>", f);
		}
		fprintf(f, "<td class=\"cell %s\"><span class=\"v\">", proof_class(p[PR_OUTCOME]));
		html_text(f, p[PR_OUTCOME]);
		fputs("</span>", f);
		if (strcmp(p[PR_NOTE], "-")) {
			fputs("<span class=\"meta\">", f);
			html_textn(f, p[PR_NOTE], 300);
			fputs("</span>", f);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* A verdict's colour: a regression red, a fix or a pass green, else grey. */
static const char *verdict_class(const char *v)
{
	if (gate_is_regression(v))
		return "bad";
	if (!strcmp(v, "pass") || !strcmp(v, "fixed"))
		return "ok";
	return "skip";
}

static void row(FILE *f, char **r)
{
	const char *c = verdict_class(r[G_VERDICT]);

	fputs("<tr><td class=\"mono\">", f);
	html_text(f, r[G_CHECK]);
	if (strcmp(r[G_WRITER], "-")) {
		fputs(" (", f);
		html_text(f, r[G_WRITER]);
		fputs(" &rarr; ", f);
		html_text(f, r[G_READER]);
		fputs(")", f);
	}
	fputs("</td><td class=\"mono\">", f);
	html_text(f, r[G_PREVIOUS]);
	fputs("</td><td class=\"mono\">", f);
	html_text(f, r[G_CANDIDATE]);
	fprintf(f, "</td><td class=\"cell %s\"><span class=\"v\">", c);
	html_text(f, r[G_VERDICT]);
	if (strcmp(r[G_RATE], "-")) {
		fputs(" ", f);
		html_text(f, r[G_RATE]);
	}
	fputs("</span></td><td class=\"wide small\">", f);
	/* Failing on both, differently: both lines. */
	if (!strcmp(r[G_VERDICT], "still failing (changed)")) {
		fputs("was: ", f);
		html_textn(f, r[G_PREVIOUS_REASON], 300);
		fputs("<br>now: ", f);
	}
	if (strcmp(r[G_VERDICT], "pass") && strcmp(r[G_REASON], "-"))
		html_textn(f, r[G_REASON], 400);
	fputs("</td></tr>\n", f);
}

static void culprit(FILE *f)
{
	char *const *c = g->culprit;

	if (!c[0])
		return;
	fputs("<p id=\"culprit\"><strong>Bisected to patch ", f);
	html_text(f, c[CU_NUMBER]);
	fputs("</strong>, <span class=\"mono\">", f);
	html_text(f, c[CU_PATCH]);
	fputs("</span>: ", f);
	html_text(f, c[CU_SUBJECT]);
	fputs(" (commit <span class=\"mono\">", f);
	html_text(f, c[CU_UPSTREAM]);
	fputs("</span> upstream); ", f);
	html_text(f, c[CU_VERIFIED]);
	if (strcmp(c[CU_FIXED_BY], "-")) {
		fputs("; known fix: ", f);
		html_text(f, c[CU_FIXED_BY]);
	}
	fputs(".</p>\n", f);
}

static void narrowed(FILE *f)
{
	char *const *n = g->narrow;

	if (!n[0] || !strcmp(n[NA_KEPT], "-"))
		return;
	fputs("<p>The previous release fails ", f);
	html_text(f, n[NA_CHECKS]);
	fputs(" with RAID0 chunks other than ", f);
	html_text(f, n[NA_KEPT]);
	fputs(" KiB before any patch: both kernels compared with those only (all: ", f);
	html_text(f, n[NA_CHUNKS]);
	fputs("; gate-all-chunks.md).</p>\n", f);
}

int html_gate(FILE *f, const struct gate_run *gate)
{
	struct gate_judgement j;
	char said[1280];
	int i;

	g = gate;
	if (!g->nr)
		return 0;
	gate_judge(g, &j);
	fputs("<section id=\"gate\"><h2>The candidate beside the previous release", f);
	/* No badge where nothing was compared: a gate that cannot judge says why. */
	if (!strcmp(j.verdict, "cannot judge")) {
		fputs("</h2>\n<p class=\"bad\">Cannot judge: ", f);
		html_text(f, gate_judgement_said(&j, said, sizeof(said)));
		fputs("</p>\n", f);
	} else if (!strcmp(j.verdict, "regression")) {
		fprintf(f, " <span class=\"badge bad\">%d regression%s</span></h2>\n", j.regressions,
			j.regressions == 1 ? "" : "s");
	} else {
		fprintf(f, " <span class=\"badge ok\">no regression</span></h2>\n");
		if (!j.tested) {
			fputs("<p>Not tested: ", f);
			html_text(f, j.why);
			fputs("; no Tested-by.</p>\n", f);
		}
	}
	fputs("\n<table class=\"grid full\">\n<tr><th>check</th><th>previous</th>"
	      "<th>candidate</th><th>verdict</th><th>the candidate's first bad line</th></tr>\n", f);
	for (i = 0; i < g->nr; i++)
		row(f, g->rows[i]);
	fputs("</table>\n", f);
	culprit(f);
	narrowed(f);
	proofs(f);
	fputs("</section>\n", f);
	return 0;
}

int html_gate_summary(FILE *f, const struct gate_run *gate)
{
	struct gate_judgement j;
	char said[1280];

	g = gate;
	if (!g->has_gate)
		return 0;
	gate_judge(g, &j);
	fprintf(f, "<span class=\"badge %s\">a gate: ", !strcmp(j.verdict, "no regression") ?
		(j.tested ? "ok" : "skip") : "bad");
	html_text(f, j.verdict);
	fputs("</span> ", f);
	html_text(f, gate_judgement_said(&j, said, sizeof(said)));
	fputs(" The grid below is each kernel's first boots.", f);
	return 1;
}
