// SPDX-License-Identifier: GPL-2.0
/*
 * The tester's reply to a stable review thread, from a gate's run folder
 * (its gate.tsv, culprit, thread, narrowing and proofs: gaterun.h):
 * RUN/reply.eml, a mail git send-email or
 * a mail client sends as it is.  Without a regression: what was built and
 * booted, how many checks, the flakes and the known failures, and a
 * Tested-by: line.  With one: "Regressions found", then each regression
 * with the check, what the previous release and the candidate said, the
 * candidate's first bad line and the make repro line that boots it again;
 * a screen at most each, as the field's testers' replies are read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gatejudge.h"
#include "gatemd.h"
#include "gaterun.h"
#include "outfile.h"
#include "reply.h"
#include "touched.h"
#include "coverage.h"

static struct reply {
	const char *run, *series, *release, *tester;
	int patches;
	char previous[64], candidate[64];
	struct gate_run g;	/* its rows, culprit, thread, narrowing, proofs */
	struct gate_judgement j;
} r;

/* Proofs i and j: the same patch, the same outcome. */
static int same_proof(int i, int j)
{
	return !strcmp(r.g.proofs[i][PR_NUMBER], r.g.proofs[j][PR_NUMBER]) &&
	       !strcmp(r.g.proofs[i][PR_OUTCOME], r.g.proofs[j][PR_OUTCOME]);
}

static int said_before(int i)
{
	int j;

	for (j = 0; j < i; j++)
		if (same_proof(i, j))
			return 1;
	return 0;
}

/* The patch NNN/MMM is the verified culprit of the gate's regressions. */
static int is_culprit(const char *number)
{
	char **c = r.g.culprit;

	return c[0] && !strcmp(c[CU_NUMBER], number) && !strcmp(c[CU_VERIFIED], "verified");
}

/* "; but it breaks a, b" of the culprit's regressions: one story a patch. */
static void breaks(FILE *f)
{
	int i, n = 0;

	for (i = 0; i < r.g.nr; i++)
		if (gate_is_regression(r.g.rows[i][G_VERDICT]))
			fprintf(f, "%s%s", n++ ? ", " : "; but it breaks ", r.g.rows[i][G_CHECK]);
}

/* What each proof found, a line a patch and outcome, the warnings first. */
static void proofs_said(FILE *f)
{
	static const char *const said[][2] = {
		{ "inverted", "REGRESSION: passes without it, fails with it" },
		{ "not fixed", "WARNING: fails with it and without it: it does not fix its bug here" },
		{ "proven", "fails without it, passes with it" },
		{ "not reached", "passes with it and without it: the check does not reach the bug here" },
		{ "untestable", "untestable" },
	};
	size_t k;
	int i, j, n;

	if (!r.g.nr_proofs)
		return;
	fprintf(f, "\nBackports proven on %s (the candidate with the patch reverted):\n", r.release);
	for (k = 0; k < sizeof(said) / sizeof(said[0]); k++)
		for (i = 0; i < r.g.nr_proofs; i++) {
			char **p = r.g.proofs[i];

			if (strcmp(p[PR_OUTCOME], said[k][0]) || said_before(i))
				continue;
			fprintf(f, "  patch %s %s (commit %.12s): %s by ", p[PR_NUMBER], p[PR_PATCH],
				p[PR_UPSTREAM], p[PR_OUTCOME]);
			for (j = i, n = 0; j < r.g.nr_proofs; j++)
				if (same_proof(i, j))
					fprintf(f, "%s%s", n++ ? ", " : "", r.g.proofs[j][PR_CHECK]);
			fprintf(f, ": %s", said[k][1]);
			if (!strcmp(p[PR_OUTCOME], "proven") && is_culprit(p[PR_NUMBER]))
				breaks(f);
			if (strcmp(p[PR_NOTE], "-"))
				fprintf(f, " (%s)", p[PR_NOTE]);
			fputs("\n", f);
		}
}

static void culprit_said(FILE *f)
{
	char **c = r.g.culprit;
	int build = gate_run_count(&r.g, "regression (build)") == r.j.regressions;

	if (!c[0])
		return;
	fprintf(f, "\nBisected to patch %s, %s:\n  %s\n", c[CU_NUMBER], c[CU_PATCH], c[CU_SUBJECT]);
	if (strcmp(c[CU_UPSTREAM], "-"))
		fprintf(f, "  (commit %s upstream.)\n", c[CU_UPSTREAM]);
	if (build)
		fprintf(f, "  %s: it does not build, its parent builds, and %s with it reverted builds.\n",
			!strcmp(c[CU_VERIFIED], "verified") ? "Verified" : c[CU_VERIFIED], r.release);
	else
		fprintf(f, "  %s: it fails, its parent passes, and %s with it reverted passes.\n",
			!strcmp(c[CU_VERIFIED], "verified") ? "Verified" : c[CU_VERIFIED], r.release);
	if (strcmp(c[CU_FIXED_BY], "-"))
		fprintf(f, "  Known fix of that commit: %s\n", c[CU_FIXED_BY]);
	fprintf(f, "  The bisection: %s\n", c[CU_BISECT]);
}

/* The rows failing on both kernels differently, each with both lines. */
static void changed_said(FILE *f)
{
	int i, n = 0;

	for (i = 0; i < r.g.nr; i++) {
		char **g = r.g.rows[i];

		if (strcmp(g[G_VERDICT], "still failing (changed)"))
			continue;
		if (!n++)
			fputs("Failing on both, differently:\n", f);
		fprintf(f, "  %s: was: %.300s\n  %*s  now: %.300s\n", g[G_CHECK], g[G_PREVIOUS_REASON],
			(int)strlen(g[G_CHECK]), "", g[G_REASON]);
	}
}

/* The kernel each side booted: the first row's that has one. */
static void kernels(void)
{
	int i;

	for (i = 0; i < r.g.nr; i++) {
		if (!r.previous[0] && strcmp(r.g.rows[i][G_PREVIOUS_KERNEL], "-"))
			snprintf(r.previous, sizeof(r.previous), "%s", r.g.rows[i][G_PREVIOUS_KERNEL]);
		if (!r.candidate[0] && strcmp(r.g.rows[i][G_CANDIDATE_KERNEL], "-"))
			snprintf(r.candidate, sizeof(r.candidate), "%s", r.g.rows[i][G_CANDIDATE_KERNEL]);
	}
	if (!r.previous[0])
		snprintf(r.previous, sizeof(r.previous), "the previous release");
}

static void headers(FILE *f)
{
	char date[64];
	time_t now = time(NULL);

	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S %z", localtime(&now));
	fprintf(f, "From: %s\nTo: stable@vger.kernel.org\nDate: %s\n", r.tester, date);
	if (r.g.thread[0] && strcmp(r.g.thread[TH_SUBJECT], "-"))
		fprintf(f, "Subject: Re: %s\n", r.g.thread[TH_SUBJECT]);
	else
		fprintf(f, "Subject: Re: [PATCH %s 000/%03d] %s-stable review\n", r.series,
			r.patches, r.release);
	if (r.g.thread[0] && strcmp(r.g.thread[TH_MESSAGE_ID], "-"))
		fprintf(f, "In-Reply-To: %s\nReferences: %s\n", r.g.thread[TH_MESSAGE_ID],
			r.g.thread[TH_MESSAGE_ID]);
	fprintf(f, "Content-Type: text/plain; charset=UTF-8\n\n");
}

/* "name, name" of the rows with that verdict, or nothing. */
static void rows_named(FILE *f, const char *verdict, const char *what)
{
	int i, n = 0;

	for (i = 0; i < r.g.nr; i++) {
		if (strcmp(r.g.rows[i][G_VERDICT], verdict))
			continue;
		fprintf(f, "%s%s", n++ ? ", " : what, r.g.rows[i][G_CHECK]);
		if (strcmp(r.g.rows[i][G_RATE], "-"))
			fprintf(f, " (%s)", r.g.rows[i][G_RATE]);
	}
	if (n)
		fputs("\n", f);
}

/*
 * A side's tries as the reply shows them (not a verdict: that is
 * gatejudge.c's gate_tries_said): "FAIL" when every boot said FAIL (*n the
 * boots), else the tries as they came ("PASS,FAIL,PASS").
 */
static const char *tries_shown(const char *tries, char *buf, size_t len, int *n)
{
	const char *p = tries, *comma;
	size_t first = strcspn(tries, ",");
	int same = 1;

	for (*n = 1; (comma = strchr(p, ',')); p = comma + 1, (*n)++)
		same &= strlen(comma + 1) >= first && !strncmp(comma + 1, tries, first) &&
			(comma[1 + first] == ',' || !comma[1 + first]);
	snprintf(buf, len, "%.*s", same ? (int)first : (int)strlen(tries), tries);
	return buf;
}

static void regression(FILE *f, char **g)
{
	char prev[256], cand[256], boots[32] = "";
	int pn, cn;

	tries_shown(g[G_PREVIOUS], prev, sizeof(prev), &pn);
	tries_shown(g[G_CANDIDATE], cand, sizeof(cand), &cn);
	if (cn > 1)
		snprintf(boots, sizeof(boots), " (%d boots each)", cn);
	fprintf(f, "\n%s: %s on %s, %s on %s%s%s%s%s\n", g[G_CHECK], prev, r.previous, cand,
		r.release, boots, strcmp(g[G_RATE], "-") ? ", failed " : "",
		strcmp(g[G_RATE], "-") ? g[G_RATE] : "",
		strcmp(g[G_VERDICT], "regression (boot)") ? "" : ": its guest died");
	fprintf(f, "  %.600s\n", g[G_REASON]);
	fprintf(f, "  make repro RUN=%s ROW=%s/%s/%s\n", r.run, g[G_SERIES], g[G_VARIANT], g[G_CHECK]);
}

/* A comma-separated list as a sentence says it: "a, b, c". */
static void list_said(FILE *f, const char *csv)
{
	for (; *csv; csv++)
		if (*csv == ',')
			fputs(", ", f);
		else
			fputc(*csv, f);
}

/* The build regressions first: one line says the candidate did not build. */
static void regressions_said(FILE *f, int bad)
{
	int i, build = gate_run_count(&r.g, "regression (build)");

	fprintf(f, "Regressions found: %d check%s.\n", bad, bad == 1 ? "" : "s");
	if (build) {
		for (i = 0; strcmp(r.g.rows[i][G_VERDICT], "regression (build)"); i++)
			;
		fprintf(f, "\n%s does not build (%s builds and runs %d check%s):\n  %.600s\n",
			r.release, r.previous, build, build == 1 ? "" : "s", r.g.rows[i][G_REASON]);
	}
	for (i = 0; i < r.g.nr; i++)
		if (gate_is_regression(r.g.rows[i][G_VERDICT]) &&
		    strcmp(r.g.rows[i][G_VERDICT], "regression (build)"))
			regression(f, r.g.rows[i]);
	culprit_said(f);
	fputs("\n", f);
}

/* CHECK comma-joined onto buf when the gate compared it. */
static void add_check(char *buf, size_t len, const char *check)
{
	size_t at = strlen(buf);

	if (gate_run_row(&r.g, check))
		snprintf(buf + at, len - at, "%s%s", at ? ", " : "", check);
}

/*
 * What the checks went through, path by path (RUN/paths, sgconf paths):
 * what a Tested-by covers; fstests' tests, which have no path of the
 * project's, on a line of their own.
 */
static void paths_said(FILE *f)
{
	struct tsv_table p;
	char path[4096], list[2048];
	int i, k;

	snprintf(path, sizeof(path), "%s/paths", r.run);
	if (tsv_table_read(&p, path, "report --reply", checkpath_names, CP_NCOLS, 1) || !p.nr) {
		tsv_table_free(&p);
		return;
	}
	fputs("\nWhat the checks went through, path by path:\n", f);
	for (i = 0; i < p.nr; i = k) {
		list[0] = '\0';
		for (k = i; k < p.nr && !strcmp(p.rows[k][CP_PATH], p.rows[i][CP_PATH]); k++)
			add_check(list, sizeof(list), p.rows[k][CP_CHECK]);
		if (list[0])
			fprintf(f, "  %s: %s\n", p.rows[i][CP_PATH], list);
	}
	list[0] = '\0';
	for (i = 0; i < r.g.nr; i++)
		if (strchr(r.g.rows[i][G_CHECK], '/'))
			add_check(list, sizeof(list), r.g.rows[i][G_CHECK]);
	if (list[0])
		fprintf(f, "  fstests, in the fstests guest: %s\n", list);
	tsv_table_free(&p);
}

/* What the Tested-by does not cover: the patches no check executed. */
static void not_exercised(FILE *f)
{
	char *said = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&said, &len);
	int n = coverage_not_exercised(m, r.run);

	fclose(m);
	if (n)
		fprintf(f, "\nNot exercised by any check, so not covered by this Tested-by:\n  %s\n",
			said);
	free(said);
}

static void write_reply(FILE *f)
{
	headers(f);
	fprintf(f, "On %s (%s plus %d patch%s of the queue), built and booted in QEMU with\n"
		"stableguard's data-integrity checks, beside %s:\n\n", r.release, r.previous,
		r.patches, r.patches == 1 ? "" : "es", r.previous);
	if (r.g.narrow[0] && strcmp(r.g.narrow[NA_KEPT], "-")) {
		fprintf(f, "%s fails ", r.previous);
		list_said(f, r.g.narrow[NA_CHECKS]);
		fprintf(f, "\nwith RAID0 chunks other than %s KiB before any patch of the queue, so both\n"
			"were compared with chunk %s only (all: %s).\n\n", r.g.narrow[NA_KEPT],
			r.g.narrow[NA_KEPT], r.g.narrow[NA_CHUNKS]);
	}
	if (!strcmp(r.j.verdict, "cannot judge")) {
		fprintf(f, "Not tested: %s.\nNothing was compared, so this is no verdict.\n", r.j.why);
	} else if (r.j.regressions) {
		regressions_said(f, r.j.regressions);
	} else {
		fprintf(f, "No regression: %d check%s, none worse than on %s.\n", r.g.nr,
			r.g.nr == 1 ? "" : "s", r.previous);
	}
	rows_named(f, "not run", "Not run on either kernel: ");
	rows_named(f, "fixed (boot)", "Ran on the candidate only (the previous release's guest died): ");
	rows_named(f, "fixed", "Fixed: ");
	changed_said(f);
	rows_named(f, "still failing", "Known failures, failing on both: ");
	rows_named(f, "flaky", "Flaky, on the previous release too: ");
	rows_named(f, "skip", "Skipped: ");
	paths_said(f);
	touched_said(f, r.run, &r.g, TOUCHED_TEXT);
	coverage_said(f, r.run, COVERAGE_TEXT);
	proofs_said(f);
	fprintf(f, "\nThe run: %s (gate.md, results.tsv, serial logs)\n", r.run);
	if (r.j.tested)
		not_exercised(f);
	if (r.j.tested)
		fprintf(f, "\nTested-by: %s\n", r.tester);
	else if (!strcmp(r.j.verdict, "no regression"))
		fprintf(f, "\nNot tested: %s; no Tested-by.\n", r.j.why);
}

int reply_write(const char *run, const char *series, const char *release, int patches,
		const char *tester)
{
	int rc = 2;

	r.run = run;
	r.series = series;
	r.release = release;
	r.patches = patches;
	r.tester = tester;
	if (gate_run_load(&r.g, run, "report --reply"))
		goto out;
	if (!r.g.has_gate) {
		fprintf(stderr, "report --reply: %s/gate.tsv: cannot open\n", run);
		goto out;
	}
	kernels();
	gate_judge(&r.g, &r.j);
	if (gate_judgement_write(&r.j, run, "report --reply") ||
	    gate_md_write(&r.j, &r.g, run, "report --reply"))
		goto out;
	if (write_file("report --reply", run, "reply.eml", write_reply))
		goto out;
	printf("%s/reply.eml\n", run);
	rc = 0;
out:
	gate_run_free(&r.g);
	return rc;
}
