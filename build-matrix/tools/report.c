// SPDX-License-Identifier: GPL-2.0
/*
 * report: renders a run's results.tsv as matrix.md (for people),
 * junit.xml (for CI) and results.json, prints the Markdown table, and
 * exits 1 when any observed outcome differs from the expected one.
 *
 *	report RUN_DIR
 *
 * results.tsv columns: series variant check expected observed seconds
 * kernel patchset log reason.  observed SKIP marks a series whose tree
 * is not there; it is listed, and fails the run only with SG_STRICT=1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 1024
#define NCOLS 10

enum { SERIES, VARIANT, CHECK, EXPECTED, OBSERVED, SECS, KERNEL, PATCHSET, LOG, REASON };

struct row {
	char *col[NCOLS];
};

static struct row rows[MAX_ROWS];
static int nr;

static int split_row(char *line, struct row *r)
{
	int i;

	line[strcspn(line, "\n")] = '\0';
	for (i = 0; i < NCOLS; i++) {
		r->col[i] = line;
		if (i == NCOLS - 1)
			break;
		line = strchr(line, '\t');
		if (!line)
			return -1;
		*line++ = '\0';
	}
	return 0;
}

static int load(const char *path)
{
	char line[8192];
	FILE *f = fopen(path, "r");
	int lineno = 0;

	if (!f) {
		fprintf(stderr, "report: %s: cannot open\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) && nr < MAX_ROWS) {
		lineno++;
		if (split_row(line, &rows[nr])) {
			fprintf(stderr, "report: %s:%d: needs %d tab-separated columns\n",
				path, lineno, NCOLS);
			fclose(f);
			return -1;
		}
		for (int i = 0; i < NCOLS; i++)
			rows[nr].col[i] = strdup(rows[nr].col[i]);
		nr++;
	}
	fclose(f);
	return 0;
}

static int skipped(const struct row *r)
{
	return !strcmp(r->col[OBSERVED], "SKIP");
}

static int matches(const struct row *r)
{
	if (skipped(r))
		return !getenv("SG_STRICT") || strcmp(getenv("SG_STRICT"), "1");
	return !strcmp(r->col[EXPECTED], r->col[OBSERVED]);
}

static void md_escape(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s, f);
}

static void write_md(FILE *f)
{
	int i, bad = 0;

	fprintf(f, "| series | kernel | variant | check | expected | observed | time | verdict |\n");
	fprintf(f, "|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < nr; i++) {
		const struct row *r = &rows[i];

		if (skipped(r)) {
			/* A series without its tree: one row, not one per check. */
			bad++;
			if (!i || !skipped(&rows[i - 1]) ||
			    strcmp(rows[i - 1].col[SERIES], r->col[SERIES]))
				fprintf(f, "| %s | - | all | all | - | SKIP | - | skipped |\n",
					r->col[SERIES]);
			continue;
		}
		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s s | %s |\n",
			r->col[SERIES], r->col[KERNEL], r->col[VARIANT], r->col[CHECK],
			r->col[EXPECTED], r->col[OBSERVED], r->col[SECS],
			skipped(r) ? "skipped" : matches(r) ? "ok" : "**MISMATCH**");
		bad += !matches(r) || skipped(r);
	}
	if (!bad)
		return;
	fprintf(f, "\n### Not as expected, or skipped\n\n");
	for (i = 0; i < nr; i++) {
		const struct row *r = &rows[i];

		if (matches(r) && !skipped(r))
			continue;
		if (skipped(r)) {
			/* One line per skipped series: the reason is the same. */
			if (i && skipped(&rows[i - 1]) &&
			    !strcmp(rows[i - 1].col[SERIES], r->col[SERIES]))
				continue;
			fprintf(f, "- %s skipped: ", r->col[SERIES]);
			md_escape(f, r->col[REASON]);
			fputc('\n', f);
			continue;
		}
		fprintf(f, "- %s %s %s: expected %s, observed %s: ", r->col[SERIES],
			r->col[VARIANT], r->col[CHECK], r->col[EXPECTED], r->col[OBSERVED]);
		md_escape(f, r->col[REASON]);
		if (*r->col[LOG] && strcmp(r->col[LOG], "-"))
			fprintf(f, " (log: %s)", r->col[LOG]);
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
		const struct row *r = &rows[i];

		fprintf(f, "  <testcase classname=\"");
		xml_escape(f, r->col[SERIES]);
		fprintf(f, ".%s\" name=\"%s\" time=\"%s\">", r->col[VARIANT],
			r->col[CHECK], r->col[SECS]);
		if (skipped(r)) {
			fprintf(f, "<skipped message=\"");
			xml_escape(f, r->col[REASON]);
			fprintf(f, "\"/>");
		} else if (!matches(r)) {
			fprintf(f, "<failure message=\"expected %s, observed %s\">",
				r->col[EXPECTED], r->col[OBSERVED]);
			xml_escape(f, r->col[REASON]);
			fprintf(f, "\nlog: ");
			xml_escape(f, r->col[LOG]);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n");
	}
	fprintf(f, "</testsuite>\n");
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void write_json(FILE *f)
{
	static const char *const names[NCOLS] = {
		"series", "variant", "check", "expected", "observed", "seconds",
		"kernel", "patchset", "log", "reason",
	};
	int i, c;

	fprintf(f, "[\n");
	for (i = 0; i < nr; i++) {
		fprintf(f, "  {");
		for (c = 0; c < NCOLS; c++) {
			fprintf(f, "%s\"%s\": ", c ? ", " : "", names[c]);
			json_str(f, rows[i].col[c]);
		}
		fprintf(f, ", \"match\": %s}%s\n", matches(&rows[i]) ? "true" : "false",
			i + 1 < nr ? "," : "");
	}
	fprintf(f, "]\n");
}

static int write_file(const char *dir, const char *name, void (*fn)(FILE *))
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "report: %s: cannot write\n", path);
		return -1;
	}
	fn(f);
	return fclose(f);
}

/* Series in the run, and how many of them were skipped (rows come grouped). */
static void count_series(int *all, int *skipped_series)
{
	int i;

	*all = *skipped_series = 0;
	for (i = 0; i < nr; i++) {
		if (i && !strcmp(rows[i - 1].col[SERIES], rows[i].col[SERIES]))
			continue;
		(*all)++;
		*skipped_series += skipped(&rows[i]);
	}
}

int main(int argc, char **argv)
{
	char path[4096];
	int i, bad = 0, skips = 0, ok = 0, series, skipped_series;

	if (argc != 2) {
		fprintf(stderr, "usage: report RUN_DIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/results.tsv", argv[1]);
	if (load(path))
		return 2;
	if (write_file(argv[1], "matrix.md", write_md) ||
	    write_file(argv[1], "junit.xml", write_junit) ||
	    write_file(argv[1], "results.json", write_json))
		return 2;
	write_md(stdout);
	if (!nr) {
		printf("\nno results: nothing was run\n");
		return 1;
	}
	for (i = 0; i < nr; i++) {
		bad += !matches(&rows[i]);
		skips += skipped(&rows[i]);
		ok += !skipped(&rows[i]) && matches(&rows[i]);
	}
	count_series(&series, &skipped_series);
	printf("\n%d of %d series run, %d of %d outcomes as expected", series - skipped_series,
	       series, ok, nr - skips);
	if (skipped_series)
		printf("; %d series SKIP (no tree)\n", skipped_series);
	else
		printf("%s\n", bad ? "" : "; matrix OK");
	return bad ? 1 : 0;
}
