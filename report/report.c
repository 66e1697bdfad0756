// SPDX-License-Identifier: GPL-2.0
/*
 * report: renders a run's results.tsv as matrix.md (for people),
 * junit.xml (for CI) and results.json, prints the Markdown table, and
 * exits 1 when any observed outcome differs from the expected one.
 *
 *	report RUN_DIR
 *
 *	report --header
 *
 * prints the header line of results.tsv (results.h has the schema).
 * observed SKIP marks a series whose tree is not there; it is listed, and
 * fails the run only with SG_STRICT=1.  A cross-era pair's rows name both
 * series ("3.10→3.19") and are counted as pairs, not series; their
 * observed outcome may also be REFUSED.  A kernel complaint is shown
 * beside the check's own result, never instead of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "results.h"

static struct result *rows;
static int nr;

static int skipped(const struct result *r)
{
	return !strcmp(r->col[R_OBSERVED], "SKIP");
}

static int is_pair(const struct result *r)
{
	return results_pair_reader(r->col[R_SERIES]) != NULL;
}

static int matches(const struct result *r)
{
	if (skipped(r))
		return !getenv("SG_STRICT") || strcmp(getenv("SG_STRICT"), "1");
	return !strcmp(r->col[R_EXPECTED], r->col[R_OBSERVED]);
}

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
	int i, bad = 0;

	fprintf(f, "| series | kernel | variant | check | expected | observed | time | verdict | kernel said |\n");
	fprintf(f, "|---|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (skipped(r) && !is_pair(r)) {
			/* A series without its tree: one row, not one per check. */
			bad++;
			if (!i || !skipped(&rows[i - 1]) ||
			    strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
				fprintf(f, "| %s | - | all | all | - | SKIP | - | skipped | - |\n",
					r->col[R_SERIES]);
			continue;
		}
		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s s | %s | ",
			r->col[R_SERIES], r->col[R_KERNEL], r->col[R_VARIANT], r->col[R_CHECK],
			r->col[R_EXPECTED], r->col[R_OBSERVED], r->col[R_SECONDS],
			skipped(r) ? "skipped" : matches(r) ? "ok" : "**MISMATCH**");
		md_short(f, r->col[R_COMPLAINT], 60);
		fputs(" |\n", f);
		bad += !matches(r) || skipped(r);
	}
	if (!bad)
		return;
	fprintf(f, "\n### Not as expected, or skipped\n\n");
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (matches(r) && !skipped(r))
			continue;
		if (skipped(r)) {
			/* One line per skipped series: the reason is the same. */
			if (i && skipped(&rows[i - 1]) && !is_pair(r) &&
			    !strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
				continue;
			fprintf(f, "- %s skipped: ", r->col[R_SERIES]);
			md_escape(f, r->col[R_REASON]);
			fputc('\n', f);
			continue;
		}
		fprintf(f, "- %s %s %s: expected %s, observed %s: ", r->col[R_SERIES],
			r->col[R_VARIANT], r->col[R_CHECK], r->col[R_EXPECTED], r->col[R_OBSERVED]);
		md_escape(f, r->col[R_REASON]);
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

static void xml_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\n')
				fputc(*s, f);
		}
	}
}

static void write_junit(FILE *f)
{
	int i, failures = 0, skips = 0;

	for (i = 0; i < nr; i++) {
		failures += !matches(&rows[i]);
		skips += skipped(&rows[i]);
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuite name=\"stableguard-matrix\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n",
		nr, failures, skips);
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		fprintf(f, "  <testcase classname=\"");
		xml_escape(f, r->col[R_SERIES]);
		fprintf(f, ".%s\" name=\"%s\" time=\"%s\">", r->col[R_VARIANT],
			r->col[R_CHECK], r->col[R_SECONDS]);
		if (skipped(r)) {
			fprintf(f, "<skipped message=\"");
			xml_escape(f, r->col[R_REASON]);
			fprintf(f, "\"/>");
		} else if (!matches(r)) {
			fprintf(f, "<failure message=\"expected %s, observed %s\">",
				r->col[R_EXPECTED], r->col[R_OBSERVED]);
			xml_escape(f, r->col[R_REASON]);
			fprintf(f, "\nkernel said: ");
			xml_escape(f, r->col[R_COMPLAINT]);
			fprintf(f, "\nlog: ");
			xml_escape(f, r->col[R_LOG]);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n");
	}
	fprintf(f, "</testsuite>\n");
}

static void write_json(FILE *f)
{
	int i, c;

	fprintf(f, "[\n");
	for (i = 0; i < nr; i++) {
		fprintf(f, "  {");
		for (c = 0; c < R_NCOLS; c++) {
			fprintf(f, "%s\"%s\": ", c ? ", " : "", result_names[c]);
			json_str(f, rows[i].col[c]);
		}
		fprintf(f, ", \"match\": %s}%s\n", matches(&rows[i]) ? "true" : "false",
			i + 1 < nr ? "," : "");
	}
	fprintf(f, "]\n");
}

/*
 * Series in the run, how many of them were skipped (rows come grouped),
 * and the cross-era pairs.
 */
static void count_series(int *all, int *skipped_series, int *pairs)
{
	int i;

	*all = *skipped_series = *pairs = 0;
	for (i = 0; i < nr; i++) {
		if (is_pair(&rows[i])) {
			(*pairs)++;
			continue;
		}
		if (i && !strcmp(rows[i - 1].col[R_SERIES], rows[i].col[R_SERIES]))
			continue;
		(*all)++;
		*skipped_series += skipped(&rows[i]);
	}
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

int main(int argc, char **argv)
{
	char path[4096];
	int i, bad = 0, skips = 0, ok = 0, series, skipped_series, pairs;

	if (argc == 2 && !strcmp(argv[1], "--header")) {
		puts(results_header());
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: report RUN_DIR | report --header\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/results.tsv", argv[1]);
	if (results_load(path, "report", &rows, &nr))
		return 2;
	if (write_file("report", argv[1], "matrix.md", write_md) ||
	    write_file("report", argv[1], "junit.xml", write_junit) ||
	    write_file("report", argv[1], "results.json", write_json))
		return 2;
	write_md(stdout);
	print_builds(argv[1]);
	if (!nr) {
		printf("\nno results: nothing was run\n");
		return 1;
	}
	for (i = 0; i < nr; i++) {
		bad += !matches(&rows[i]);
		skips += skipped(&rows[i]);
		ok += !skipped(&rows[i]) && matches(&rows[i]);
	}
	count_series(&series, &skipped_series, &pairs);
	printf("\n%d of %d series run", series - skipped_series, series);
	if (pairs)
		printf(", %d cross-era pair%s", pairs, pairs == 1 ? "" : "s");
	printf(", %d of %d outcomes as expected", ok, nr - skips);
	if (skipped_series)
		printf("; %d series SKIP (no tree)\n", skipped_series);
	else
		printf("%s\n", bad ? "" : "; matrix OK");
	return bad ? 1 : 0;
}
