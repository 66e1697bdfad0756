// SPDX-License-Identifier: GPL-2.0
/*
 * index.html over the run folders of a directory ($SG_CACHE/runs), newest
 * first (their names begin with the time they began): each run's kind,
 * whether it was as expected, its summary line, and its pages.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"
#include "outfile.h"
#include "runfolder.h"

static const char *dir;
static char **names;
static int nr_names;
static char latest[PATH_MAX];

static int newest_first(const void *a, const void *b)
{
	return strcmp(*(char *const *)b, *(char *const *)a);
}

/* The run folders: directories, not the latest link, not hidden. */
static int collect(void)
{
	char path[PATH_MAX], target[PATH_MAX];
	struct dirent *e;
	struct stat st;
	ssize_t n;
	DIR *d = opendir(dir);

	if (!d) {
		fprintf(stderr, "report: %s: cannot open\n", dir);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/latest", dir);
	n = readlink(path, target, sizeof(target) - 1);
	target[n > 0 ? n : 0] = '\0';
	run_name(target, latest, sizeof(latest));
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "latest") || lstat(path, &st) ||
		    !S_ISDIR(st.st_mode))
			continue;
		names = realloc(names, (nr_names + 1) * sizeof(*names));
		if (!names)
			break;
		names[nr_names++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, nr_names, sizeof(*names), newest_first);
	return 0;
}

static void outcome(FILE *f, const char *cls, const char *word, const char *line)
{
	fprintf(f, "<td><span class=\"badge %s\">%s</span></td><td>", cls, word);
	html_text(f, line);
	fputs("</td>", f);
}

/* Whether path's header is today's results.tsv's (a run made before the
 * plan and the join has another, and is listed as such, not read). */
static int todays_schema(const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "r");
	int ok = f && fgets(line, sizeof(line), f);

	if (f)
		fclose(f);
	if (!ok)
		return 1;	/* results_load() says what is wrong */
	line[strcspn(line, "\r\n")] = '\0';
	return runfile_kind_of(line) == runfile_kind("results") ||
	       strncmp(line, "series\tvariant\tcheck\t", 21);
}

static void matrix_row(FILE *f, const char *run)
{
	struct result *rows;
	char line[256], path[PATH_MAX];
	int nr, green;

	fputs("<td>matrix</td>", f);
	snprintf(path, sizeof(path), "%s/results.tsv", run);
	if (!todays_schema(path)) {
		outcome(f, "skip", "older", "a run of an older results.tsv schema: not read");
		return;
	}
	if (results_load(path, "report", &rows, &nr)) {
		outcome(f, "bad", "unreadable", "results.tsv could not be read");
		return;
	}
	green = results_summary(rows, nr, line, sizeof(line));
	outcome(f, green ? "ok" : nr ? "bad" : "skip", green ? "as expected" : nr ? "not as expected" : "empty", line);
	results_free(rows, nr);
}

static void bisect_row(FILE *f, const char *run)
{
	struct bisect_run b;
	char line[1024];
	int found;

	fputs("<td>bisection</td>", f);
	if (bisect_load(run, "report", &b)) {
		outcome(f, "bad", "unreadable", "steps.tsv or answer could not be read");
		return;
	}
	found = !strcmp(bisect_get_or(&b, "status", ""), "found");
	outcome(f, found && bisect_nr_held(&b) == NR_VERIFY ? "ok" : found ? "skip" : "bad",
		found ? "found" : "no answer", bisect_summary(&b, line, sizeof(line)));
	bisect_free(&b);
}

static void run_row(FILE *f, const char *name)
{
	char run[2 * PATH_MAX], path[3 * PATH_MAX], href[2 * PATH_MAX];

	snprintf(run, sizeof(run), "%s/%s", dir, name);
	snprintf(path, sizeof(path), "%s/report.html", run);
	snprintf(href, sizeof(href), "%s/%s", name, access(path, F_OK) ? "" : "report.html");
	fprintf(f, "<tr data-run=\"");
	html_text(f, name);
	fputs("\"><td class=\"mono\">", f);
	html_link(f, href, name);
	if (!strcmp(name, latest))
		fputs(" <span class=\"badge skip\">latest</span>", f);
	fputs("</td>", f);
	switch (run_kind(run)) {
	case RUN_MATRIX:
		matrix_row(f, run);
		break;
	case RUN_BISECT:
		bisect_row(f, run);
		break;
	default:
		fputs("<td>-</td>", f);
		outcome(f, "skip", "unfinished", "no results.tsv or steps.tsv: running, interrupted, or not a run");
	}
	snprintf(path, sizeof(path), "%s/kcidb.json", run);
	fputs("<td>", f);
	if (!access(path, F_OK)) {
		snprintf(href, sizeof(href), "%s/kcidb.json", name);
		html_link(f, href, "kcidb.json");
	}
	fputs("</td></tr>\n", f);
}

static void write_page(FILE *f)
{
	char real[PATH_MAX];
	int i;

	html_begin(f, "stableguard runs");
	fputs("<header><h1>stableguard runs</h1>\n<p class=\"sub\">", f);
	html_text(f, realpath(dir, real) ? real : dir);
	fprintf(f, ": %d run folder%s, newest first</p></header>\n", nr_names, nr_names == 1 ? "" : "s");
	fputs("<section><table>\n<tr><th>run</th><th>kind</th><th>outcome</th><th>summary</th>"
	      "<th>KCIDB</th></tr>\n", f);
	for (i = 0; i < nr_names; i++)
		run_row(f, names[i]);
	fputs("</table></section>\n", f);
	html_end(f);
}

int html_index(const char *runs_dir)
{
	int rc, i;

	dir = runs_dir;
	nr_names = 0;
	if (collect())
		return -1;
	rc = write_file("report", dir, "index.html", write_page) ? -1 : 0;
	for (i = 0; i < nr_names; i++)
		free(names[i]);
	free(names);
	names = NULL;
	return rc;
}
