// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of a run: matrix.md (for people), junit.xml (for CI) and
 * results.json, each from the judged rows (results.h) and nothing else.
 */
#include <stdio.h>
#include <string.h>

#include "gaterun.h"
#include "html.h"
#include "jsonw.h"
#include "outfile.h"
#include "results.h"
#include "tables.h"

static const struct result *rows;
static int nr;
static const struct gate_run *gate;	/* a gate's proofs, beside its candidate's rows */

static void md_escape(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s, f);
}

/* At most max characters of s, escaped, with "..." when cut. */
void tables_md_cell(FILE *f, const char *s, size_t max)
{
	char buf[256];

	snprintf(buf, sizeof(buf) < max + 1 ? sizeof(buf) : max + 1, "%s", s);
	md_escape(f, buf);
	if (strlen(s) > max)
		fputs("...", f);
}

static void write_md(FILE *f)
{
	char label[256];
	int i, bad = 0;

	fprintf(f, "| series | kernel | variant | check | expected | observed | time | verdict | kernel said |\n");
	fprintf(f, "|---|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (results_series_skipped(r) && !results_is_pair(r)) {
			/* A series without its tree: one row, not one per check. */
			bad++;
			if (!i || !results_skipped(&rows[i - 1]) ||
			    strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
				fprintf(f, "| %s | - | all | all | - | SKIP | - | skipped | - |\n",
					r->col[R_SERIES]);
			continue;
		}
		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s s | %s | ",
			results_label(r, label, sizeof(label)), r->col[R_KERNEL], r->col[R_VARIANT], r->col[R_CHECK],
			r->col[R_EXPECTED], r->col[R_OBSERVED], r->col[R_SECONDS],
			results_skipped(r) ? "skipped" : results_match(r) ? "ok" : "**MISMATCH**");
		tables_md_cell(f, r->col[R_COMPLAINT], 60);
		fputs(" |\n", f);
		bad += !results_match(r) || results_skipped(r);
	}
	if (!bad)
		return;
	fprintf(f, "\n### Not as expected, or skipped\n\n");
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (results_match(r) && !results_skipped(r))
			continue;
		if (results_skipped(r) && !results_series_skipped(r) && !results_is_pair(r)) {
			/* A test that did not apply: its own reason. */
			fprintf(f, "- %s %s %s skipped: ", r->col[R_SERIES], r->col[R_VARIANT],
				r->col[R_CHECK]);
			md_escape(f, r->col[R_REASON]);
			fputc('\n', f);
			continue;
		}
		if (results_skipped(r)) {
			/* One line per skipped series: the reason is the same. */
			if (i && results_skipped(&rows[i - 1]) && !results_is_pair(r) &&
			    !strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
				continue;
			fprintf(f, "- %s skipped: ", results_label(r, label, sizeof(label)));
			md_escape(f, r->col[R_REASON]);
			fputc('\n', f);
			continue;
		}
		fprintf(f, "- %s %s %s: expected %s, observed %s: ",
			results_label(r, label, sizeof(label)), r->col[R_VARIANT], r->col[R_CHECK],
			r->col[R_EXPECTED], r->col[R_OBSERVED]);
		md_escape(f, r->col[R_REASON]);
		if (results_log_tail(r)) {
			fputs(" \\| log tail: ", f);
			md_escape(f, results_log_tail(r));
		}
		if (strcmp(r->col[R_COMPLAINT], "-")) {
			fputs(" (kernel said: ", f);
			md_escape(f, r->col[R_COMPLAINT]);
			fputc(')', f);
		}
		if (*r->col[R_LOG] && strcmp(r->col[R_LOG], "-"))
			fprintf(f, " (log: %s)", r->col[R_LOG]);
		fputc('\n', f);
	}
}

/*
 * name="val": every value of junit.xml goes through html_text(), the one
 * escaper of markup, which writes only what XML 1.0 allows, so a serial
 * log's bytes in a reason cannot make the file unreadable to a CI.
 */
static void xml_attr(FILE *f, const char *name, const char *val)
{
	fprintf(f, " %s=\"", name);
	html_text(f, val);
	fputc('"', f);
}

static void write_junit(FILE *f)
{
	char buf[1024], label[256];
	int i, failures = 0, skips = 0;

	for (i = 0; i < nr; i++) {
		failures += !results_match(&rows[i]);
		skips += results_skipped(&rows[i]);
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuite name=\"stableguard-matrix\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n",
		nr, failures, skips);
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		fputs("  <testcase", f);
		snprintf(buf, sizeof(buf), "%s.%s", results_label(r, label, sizeof(label)),
			 r->col[R_VARIANT]);
		xml_attr(f, "classname", buf);
		xml_attr(f, "name", r->col[R_CHECK]);
		xml_attr(f, "time", r->col[R_SECONDS]);
		fputc('>', f);
		if (results_skipped(r)) {
			fputs("<skipped", f);
			xml_attr(f, "message", r->col[R_REASON]);
			fputs("/>", f);
		} else if (!results_match(r)) {
			snprintf(buf, sizeof(buf), "expected %s, observed %s", r->col[R_EXPECTED],
				 r->col[R_OBSERVED]);
			fputs("<failure", f);
			xml_attr(f, "message", buf);
			fputc('>', f);
			html_text(f, r->col[R_REASON]);
			if (results_log_tail(r)) {
				fputs(" | log tail: ", f);
				html_text(f, results_log_tail(r));
			}
			fputs("\nkernel said: ", f);
			html_text(f, r->col[R_COMPLAINT]);
			fputs("\nlog: ", f);
			html_text(f, r->col[R_LOG]);
			fputs("</failure>", f);
		}
		fputs("</testcase>\n", f);
	}
	fputs("</testsuite>\n", f);
}

/* The rows as JSON objects, one a line as in results.tsv, through jsonw. */
static void write_json(FILE *f)
{
	struct jw w;
	int i, c;

	jw_init(&w, f);
	jw_open(&w, NULL, '[');
	for (i = 0; i < nr; i++) {
		jw_open_line(&w, NULL, '{');
		for (c = 0; c < R_NCOLS; c++)
			jw_str(&w, result_names[c], rows[i].col[c]);
		jw_bool(&w, "match", results_match(&rows[i]));
		gate_run_proofs_json(gate, &w, rows[i].col[R_VARIANT], rows[i].col[R_CHECK]);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
}

void tables_md(FILE *f, const struct result *rows_, int nr_)
{
	rows = rows_;
	nr = nr_;
	write_md(f);
}

int tables_write(const struct run *run)
{
	rows = run->rows;
	nr = run->nr;
	gate = &run->gate;
	return write_file("report", run->dir, "matrix.md", write_md) ||
	       write_file("report", run->dir, "junit.xml", write_junit) ||
	       write_file("report", run->dir, "results.json", write_json) ? -1 : 0;
}

void gate_run_proofs_json(const struct gate_run *g, struct jw *w, const char *variant,
			  const char *check)
{
	static const int keys[] = {
		PR_NUMBER, PR_PATCH, PR_UPSTREAM, PR_WITHOUT, PR_WITH, PR_OUTCOME, PR_NOTE,
	};
	int i, opened = 0;
	size_t k;

	if (strncmp(variant, "candidate", 9))
		return;
	for (i = 0; i < g->nr_proofs; i++) {
		if (strcmp(g->proofs[i][PR_CHECK], check))
			continue;
		if (!opened++)
			jw_open(w, "proofs", '[');
		jw_open(w, NULL, '{');
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			jw_str(w, proof_names[keys[k]], g->proofs[i][keys[k]]);
		jw_close(w, '}');
	}
	if (opened)
		jw_close(w, ']');
}
