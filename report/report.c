// SPDX-License-Identifier: GPL-2.0
/*
 * report: the judge of a run, and its renderer.  Renders a run's
 * results.tsv as matrix.md (for people), junit.xml (for CI) and
 * results.json, prints the Markdown table and the summary line, and
 * exits 1 when the run is not green (a row not as expected, or no rows).
 *
 *	report RUN_DIR
 *	report --judge RUN_DIR		the summary line alone, exit 0 when green
 *	report --judge RUN_DIR SERIES [PATCHSET]
 *					that series' own rows (of that patch set):
 *					exit 0 when green, 3 when none tested it
 *	report --match EXPECTED OBSERVED	exit 0 when such a row is as expected
 *	report --header			the header line of results.tsv
 *	report --row NAME=VALUE...	one row of results.tsv, every column
 *					named once, in the header's order
 *
 * Exit 2 on bad input, named.  results.h has the schema and the judge.
 * observed SKIP marks a series whose tree is not there (kernel "-"), or
 * an fstests test that did not apply to the kernel that ran; it is
 * listed, and fails the run only with SG_STRICT=1.  A cross-era pair's rows name both
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

static int is_pair(const struct result *r)
{
	return results_pair_reader(r->col[R_SERIES]) != NULL;
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

		if (results_series_skipped(r) && !is_pair(r)) {
			/* A series without its tree: one row, not one per check. */
			bad++;
			if (!i || !results_skipped(&rows[i - 1]) ||
			    strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
				fprintf(f, "| %s | - | all | all | - | SKIP | - | skipped | - |\n",
					r->col[R_SERIES]);
			continue;
		}
		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s s | %s | ",
			r->col[R_SERIES], r->col[R_KERNEL], r->col[R_VARIANT], r->col[R_CHECK],
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
		if (results_skipped(r) && !results_series_skipped(r) && !is_pair(r)) {
			/* A test that did not apply: its own reason. */
			fprintf(f, "- %s %s %s skipped: ", r->col[R_SERIES], r->col[R_VARIANT],
				r->col[R_CHECK]);
			md_escape(f, r->col[R_REASON]);
			fputc('\n', f);
			continue;
		}
		if (results_skipped(r)) {
			/* One line per skipped series: the reason is the same. */
			if (i && results_skipped(&rows[i - 1]) && !is_pair(r) &&
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
		failures += !results_match(&rows[i]);
		skips += results_skipped(&rows[i]);
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
		if (results_skipped(r)) {
			fprintf(f, "<skipped message=\"");
			xml_escape(f, r->col[R_REASON]);
			fprintf(f, "\"/>");
		} else if (!results_match(r)) {
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
		fprintf(f, ", \"match\": %s}%s\n", results_match(&rows[i]) ? "true" : "false",
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
		*skipped_series += results_series_skipped(&rows[i]);
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

/* The summary line: series run, pairs, outcomes as expected; 1 if not green. */
static int summary(void)
{
	int i, skips = 0, test_skips = 0, ok = 0, series, skipped_series, pairs;

	if (!nr) {
		printf("no results: nothing was run\n");
		return 1;
	}
	for (i = 0; i < nr; i++) {
		skips += results_skipped(&rows[i]);
		test_skips += results_skipped(&rows[i]) && !results_series_skipped(&rows[i]) &&
			      !is_pair(&rows[i]);
		ok += !results_skipped(&rows[i]) && results_match(&rows[i]);
	}
	count_series(&series, &skipped_series, &pairs);
	printf("%d of %d series run", series - skipped_series, series);
	if (pairs)
		printf(", %d cross-era pair%s", pairs, pairs == 1 ? "" : "s");
	printf(", %d of %d outcomes as expected", ok, nr - skips);
	if (test_skips)
		printf(", %d test%s SKIP (not run on its kernel)", test_skips, test_skips == 1 ? "" : "s");
	if (skipped_series)
		printf("; %d series SKIP (no tree)\n", skipped_series);
	else
		printf("%s\n", results_green(rows, nr) ? "; matrix OK" : "");
	return !results_green(rows, nr);
}

/*
 * Keeps only the rows of series (its own, not the pairs it is part of)
 * of patchset (NULL: any); returns how many of them tested something.
 */
static int only_series(const char *series, const char *patchset)
{
	int i, n = 0, tested = 0;

	for (i = 0; i < nr; i++) {
		if (strcmp(rows[i].col[R_SERIES], series) ||
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

static int match(char **argv)
{
	struct result r = { 0 };

	r.col[R_EXPECTED] = argv[2];
	r.col[R_OBSERVED] = argv[3];
	return !results_match(&r);
}

/* value with tabs and newlines as spaces, "-" when empty. */
static void put_value(const char *value)
{
	if (!*value)
		value = "-";
	for (; *value; value++)
		putchar(*value == '\t' || *value == '\n' || *value == '\r' ? ' ' : *value);
}

static int row(int argc, char **argv)
{
	const char *values[R_NCOLS] = { 0 };
	int i, c;

	for (i = 2; i < argc; i++) {
		size_t n = strcspn(argv[i], "=");

		for (c = 0; c < R_NCOLS; c++)
			if (strlen(result_names[c]) == n && !strncmp(argv[i], result_names[c], n))
				break;
		if (!argv[i][n] || c == R_NCOLS || values[c]) {
			fprintf(stderr, "report --row: %s: %s (columns: %s)\n", argv[i],
				c == R_NCOLS || !argv[i][n] ? "not NAME=VALUE of a column" : "given twice",
				results_header());
			return 2;
		}
		values[c] = argv[i] + n + 1;
	}
	for (c = 0; c < R_NCOLS; c++)
		if (!values[c]) {
			fprintf(stderr, "report --row: no %s= (every column of results.tsv is needed)\n",
				result_names[c]);
			return 2;
		}
	for (c = 0; c < R_NCOLS; c++) {
		if (c)
			putchar('\t');
		put_value(values[c]);
	}
	putchar('\n');
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: report RUN_DIR | --judge RUN_DIR [SERIES [PATCHSET]] | --match EXPECTED OBSERVED | --header | --row NAME=VALUE...\n");
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--header")) {
		puts(results_header());
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "--row"))
		return row(argc, argv);
	if (argc >= 3 && argc <= 5 && !strcmp(argv[1], "--judge"))
		return judge(argc, argv);
	if (argc == 4 && !strcmp(argv[1], "--match"))
		return match(argv);
	if (argc != 2 || argv[1][0] == '-')
		return usage();
	if (load(argv[1]))
		return 2;
	if (write_file("report", argv[1], "matrix.md", write_md) ||
	    write_file("report", argv[1], "junit.xml", write_junit) ||
	    write_file("report", argv[1], "results.json", write_json))
		return 2;
	write_md(stdout);
	print_builds(argv[1]);
	putchar('\n');
	return summary();
}
