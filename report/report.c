// SPDX-License-Identifier: GPL-2.0
/*
 * report: what a run's folder becomes, by the judge (results.h) and the
 * renderers: results.tsv joined from the run's plan and raw verdicts
 * (join.h), then matrix.md (for people), junit.xml (for CI), results.json
 * (tables.h), kcidb.json (KCIDB's I/O schema, kcidb.h) and report.html
 * (html.h); prints the Markdown table and the summary line, and exits 1
 * when the run is not green (a row not as expected, or no rows).  This
 * file is the dispatcher alone.
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
 *	report --reply RUN SERIES RELEASE PATCHES TESTER
 *					RUN/reply.eml, the tester's reply to the
 *					review thread (reply.h)
 *	report --compare OUT PREV[,PREV...] CAND[,CAND...]
 *					a candidate's runs against the previous
 *					release's, row by row (compare.h): exit 1
 *					on a regression
 *	report --gate RUN TRIES		a gate's next step judged, or the boots
 *					it needs in RUN/needed (gatenext.h):
 *					exit 10 while it needs boots
 *	report --culprit RUN		RUN/culprit: the queue's patch the gate's
 *					bisection named, verified (gateculprit.h)
 *	report --union OUT RUN[@V][,RUN[@V]...]
 *					OUT/results.tsv of those runs' rows, one
 *					after the other (a gate's two sides)
 *	report --corpus CASES RUNS	make bench PHASE=corpus's table: each
 *					case flagged, by what, its culprit, a
 *					false alarm or not (corpustable.h)
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
#include "compare.h"
#include "corpustable.h"
#include "gateculprit.h"
#include "gatemd.h"
#include "gatenext.h"
#include "reply.h"
#include "html.h"
#include "join.h"
#include "kcidb.h"
#include "results.h"
#include "run.h"
#include "runfolder.h"
#include "tables.h"

static struct result *rows;
static int nr;


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
	fprintf(stderr, "usage: report RUN_DIR | --judge RUN_DIR [SERIES [PATCHSET]] | --join RUN_DIR |\n"
		"       report --compare OUT PREV[,PREV...] CAND[,CAND...] |\n"
		"       report --union OUT RUN[@V][,RUN[@V]...] |\n"
		"       report --reply RUN SERIES RELEASE PATCHES TESTER |\n"
		"       report --gate RUN TRIES | --culprit RUN\n"
		"       report --html RUN_DIR | --kcidb RUN_DIR | --index DIR |\n"
		"       report --corpus CASES RUNS\n");
	return 2;
}

/* report.html (html) or kcidb.json of a matrix run or a bisection. */
static int render(const char *dir, int html)
{
	struct bisect_run b;
	struct run r;
	int rc;

	switch (run_kind(dir)) {
	case RUN_MATRIX:
		if (run_load(&r, dir, "report"))
			return 2;
		rc = html ? html_matrix(&r) : kcidb_matrix(&r);
		run_free(&r);
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

/* report RUN: every file of the run, from one reading of it (run.h). */
static int report_run(const char *dir)
{
	struct run r;
	int rc;

	if (run_load(&r, dir, "report"))
		return 2;
	rows = r.rows;
	nr = r.nr;
	if (tables_write(&r) || kcidb_matrix(&r) || html_matrix(&r)) {
		run_free(&r);
		return 2;
	}
	tables_md(stdout, rows, nr);
	print_builds(dir);
	putchar('\n');
	rc = summary();
	run_free(&r);
	return rc;
}

/*
 * RUN/gate.md rendered from the gate's files as the judge left them
 * (gatemd.h), after a comparison or a step of the gate; rc passed on.
 */
static int with_gate_md(const char *dir, int rc)
{
	struct gate_judgement j;
	struct gate_run g;
	int bad;

	if (rc == 2)
		return rc;
	if (gate_run_load(&g, dir, "report"))
		return 2;
	bad = 0;
	if (g.has_gate) {
		gate_judge(&g, &j);
		bad = gate_md_write(&j, &g, dir, "report");
	}
	gate_run_free(&g);
	return bad ? 2 : rc;
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
	if (argc == 5 && !strcmp(argv[1], "--compare"))
		return with_gate_md(argv[2], compare_runs(argv[2], argv[3], argv[4]));
	if (argc == 4 && !strcmp(argv[1], "--gate"))
		return with_gate_md(argv[2], gate_next(argv[2], atoi(argv[3])));
	if (argc == 3 && !strcmp(argv[1], "--culprit"))
		return gate_culprit(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "--union"))
		return compare_union(argv[2], argv[3]);
	if (argc == 7 && !strcmp(argv[1], "--reply"))
		return reply_write(argv[2], argv[3], argv[4], atoi(argv[5]), argv[6]);
	if (argc >= 3 && argc <= 5 && !strcmp(argv[1], "--judge"))
		return judge(argc, argv);
	if (argc == 3 && (!strcmp(argv[1], "--html") || !strcmp(argv[1], "--kcidb")))
		return render(argv[2], !strcmp(argv[1], "--html"));
	if (argc == 4 && !strcmp(argv[1], "--corpus"))
		return corpus_table(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "--index"))
		return index_page(argv[2]);
	if (argc != 2 || argv[1][0] == '-')
		return usage();
	return report_run(argv[1]);
}
