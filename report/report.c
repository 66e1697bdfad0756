// SPDX-License-Identifier: GPL-2.0
/*
 * report: the judge of a run, and its renderer.  Renders a run's
 * results.tsv as matrix.md (for people), junit.xml (for CI), results.json,
 * kcidb.json (KCIDB's I/O schema, kcidb.h) and report.html (html.h),
 * prints the Markdown table and the summary line, and exits 1 when the
 * run is not green (a row not as expected, or no rows).
 *
 *	report RUN_DIR
 *	report --html RUN_DIR		RUN_DIR/report.html of a matrix run or a
 *					bisection's folder; prints its path
 *	report --kcidb RUN_DIR		RUN_DIR/kcidb.json of either; prints its path
 *	report --index DIR		DIR/index.html over the run folders in DIR
 *	report --judge RUN_DIR		the summary line alone, exit 0 when green
 *	report --judge RUN_DIR SERIES [PATCHSET]
 *					that series' own rows (of that patch set):
 *					exit 0 when green, 3 when none tested it
 *	report --join RUN_DIR		RUN_DIR/results.tsv from its plan and its
 *					units' raw verdicts (join.h)
 *
 * Exit 2 on bad input, named.  results.h has the schema and the judge.
 * observed SKIP marks a series whose tree is not there (kernel "-"), or
 * an fstests test that did not apply to the kernel that ran; it is
 * listed, and fails the run only when the run's policy is strict.  A
 * cross-era pair's rows name both series (writer and reader, shown as
 * "3.10→3.19") and are counted as pairs, not series; their
 * observed outcome may also be REFUSED.  A kernel complaint is shown
 * beside the check's own result, never instead of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisectrun.h"
#include "html.h"
#include "join.h"
#include "jsonw.h"
#include "kcidb.h"
#include "outfile.h"
#include "results.h"
#include "runfile.h"
#include "runfolder.h"

static struct result *rows;
static int nr;

static void md_escape(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s, f);
}

/* At most max characters of s, escaped, with "..." when cut. */
static void md_short(FILE *f, const char *s, size_t max)
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
		md_short(f, r->col[R_COMPLAINT], 60);
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
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
}

/* How the kernels were built (matrix.sh wrote it): local, or over distcc. */
static void print_builds(const char *dir)
{
	char path[4096], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/builds", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f))
		printf("\nbuilds: %s", line);
	fclose(f);
}

/* The summary line; 1 if the run is not green. */
static int summary(void)
{
	char line[256];
	int green = results_summary(rows, nr, line, sizeof(line));

	puts(line);
	return !green;
}

/*
 * Keeps only the rows of series (its own, not the pairs it is part of)
 * of patchset (NULL: any); returns how many of them tested something.
 */
static int only_series(const char *series, const char *patchset)
{
	int i, n = 0, tested = 0;

	for (i = 0; i < nr; i++) {
		if (strcmp(rows[i].col[R_SERIES], series) || results_is_pair(&rows[i]) ||
		    (patchset && strcmp(rows[i].col[R_PATCHSET], patchset))) {
			free(rows[i].col[0]);
			continue;
		}
		tested += !results_skipped(&rows[i]);
		rows[n++] = rows[i];
	}
	nr = n;
	return tested;
}

static int load(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/results.tsv", dir);
	return results_load(path, "report", &rows, &nr);
}

static int mismatches(void)
{
	int i, bad = 0;

	for (i = 0; i < nr; i++)
		bad += !results_match(&rows[i]);
	return bad;
}

static int judge(int argc, char **argv)
{
	if (load(argv[2]))
		return 2;
	if (argc >= 4) {
		if (!only_series(argv[3], argc == 5 ? argv[4] : NULL)) {
			printf("no outcome of %s%s%s in %s tested it\n", argv[3],
			       argc == 5 ? " with patch set " : "", argc == 5 ? argv[4] : "",
			       argv[2]);
			return 3;
		}
		printf("%d of %d outcomes as expected\n", nr - mismatches(), nr);
		return !results_green(rows, nr);
	}
	return summary();
}

static int usage(void)
{
	fprintf(stderr, "usage: report RUN_DIR | --judge RUN_DIR [SERIES [PATCHSET]] | --join RUN_DIR\n"
		"       report --html RUN_DIR | --kcidb RUN_DIR | --index DIR\n");
	return 2;
}

/* report.html (html) or kcidb.json of a matrix run or a bisection. */
static int render(const char *dir, int html)
{
	struct bisect_run b;
	int rc;

	switch (run_kind(dir)) {
	case RUN_MATRIX:
		if (load(dir))
			return 2;
		rc = html ? html_matrix(dir, rows, nr) : kcidb_matrix(dir, rows, nr);
		break;
	case RUN_BISECT:
		if (bisect_load(dir, "report", &b))
			return 2;
		rc = html ? html_bisect(dir, &b) : kcidb_bisect(dir, &b);
		bisect_free(&b);
		break;
	default:
		fprintf(stderr, "report: %s: not a run folder (no results.tsv, nor steps.tsv and answer)\n",
			dir);
		return 2;
	}
	if (rc)
		return 2;
	printf("%s/%s\n", dir, html ? "report.html" : "kcidb.json");
	return 0;
}

static int index_page(const char *dir)
{
	if (html_index(dir))
		return 2;
	printf("%s/index.html\n", dir);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--join"))
		return join_run(argv[2]) ? 2 : 0;
	if (argc >= 3 && argc <= 5 && !strcmp(argv[1], "--judge"))
		return judge(argc, argv);
	if (argc == 3 && (!strcmp(argv[1], "--html") || !strcmp(argv[1], "--kcidb")))
		return render(argv[2], !strcmp(argv[1], "--html"));
	if (argc == 3 && !strcmp(argv[1], "--index"))
		return index_page(argv[2]);
	if (argc != 2 || argv[1][0] == '-')
		return usage();
	if (load(argv[1]))
		return 2;
	if (write_file("report", argv[1], "matrix.md", write_md) ||
	    write_file("report", argv[1], "junit.xml", write_junit) ||
	    write_file("report", argv[1], "results.json", write_json) ||
	    kcidb_matrix(argv[1], rows, nr) || html_matrix(argv[1], rows, nr))
		return 2;
	write_md(stdout);
	print_builds(argv[1]);
	putchar('\n');
	return summary();
}
