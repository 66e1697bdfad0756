// SPDX-License-Identifier: GPL-2.0
/*
 * The tester's reply to a stable review thread, from a gate's run folder
 * (its gate.tsv and results.tsv): RUN/reply.eml, a mail git send-email or
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

#include "outfile.h"
#include "reply.h"
#include "runfile.h"
#include "tsv.h"

#define MAX_ROWS 512

static struct reply {
	const char *run, *series, *release, *tester;
	int patches;
	char *rows[MAX_ROWS][G_NCOLS];
	int nr;
	char previous[64], candidate[64];
	char *culprit[CU_NCOLS];
	char *thread[TH_NCOLS];		/* the review thread, when MBOX gave it */
	char *narrow[NA_NCOLS];		/* the chunks compared, when narrowed */
	char *proofs[MAX_ROWS][PR_NCOLS];	/* each patch proven, with and without it */
	int nr_proofs;
} r;

static int proof_row(void *ctx, char **cols)
{
	(void)ctx;
	if (r.nr_proofs == MAX_ROWS)
		return 0;
	return tsv_copy(cols, PR_NCOLS, r.proofs[r.nr_proofs++]);
}

static int inverted(void)
{
	int i, n = 0;

	for (i = 0; i < r.nr_proofs; i++)
		n += !strcmp(r.proofs[i][PR_OUTCOME], "inverted");
	return n;
}

/* Proofs i and j: the same patch, the same outcome. */
static int same_proof(int i, int j)
{
	return !strcmp(r.proofs[i][PR_NUMBER], r.proofs[j][PR_NUMBER]) &&
	       !strcmp(r.proofs[i][PR_OUTCOME], r.proofs[j][PR_OUTCOME]);
}

static int said_before(int i)
{
	int j;

	for (j = 0; j < i; j++)
		if (same_proof(i, j))
			return 1;
	return 0;
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

	if (!r.nr_proofs)
		return;
	fprintf(f, "\nBackports proven on %s (the candidate with the patch reverted):\n", r.release);
	for (k = 0; k < sizeof(said) / sizeof(said[0]); k++)
		for (i = 0; i < r.nr_proofs; i++) {
			char **p = r.proofs[i];

			if (strcmp(p[PR_OUTCOME], said[k][0]) || said_before(i))
				continue;
			fprintf(f, "  patch %s %s (commit %.12s): %s by ", p[PR_NUMBER], p[PR_PATCH],
				p[PR_UPSTREAM], p[PR_OUTCOME]);
			for (j = i, n = 0; j < r.nr_proofs; j++)
				if (same_proof(i, j))
					fprintf(f, "%s%s", n++ ? ", " : "", r.proofs[j][PR_CHECK]);
			fprintf(f, ": %s", said[k][1]);
			if (strcmp(p[PR_NOTE], "-"))
				fprintf(f, " (%s)", p[PR_NOTE]);
			fputs("\n", f);
		}
}

static int culprit_row(void *ctx, char **cols)
{
	(void)ctx;
	return r.culprit[0] ? 0 : tsv_copy(cols, CU_NCOLS, r.culprit);
}

static int thread_row(void *ctx, char **cols)
{
	(void)ctx;
	return r.thread[0] ? 0 : tsv_copy(cols, TH_NCOLS, r.thread);
}

static int narrow_row(void *ctx, char **cols)
{
	(void)ctx;
	return r.narrow[0] ? 0 : tsv_copy(cols, NA_NCOLS, r.narrow);
}

/*
 * RUN/NAME's one row, when the gate wrote that file: the culprit (the
 * queue's patch the regressions were bisected to), the thread, the
 * narrowing.
 */
static int optional(const char *name, const char *const *cols, int n,
		    int (*row)(void *, char **))
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", r.run, name);
	return tsv_read_optional(path, "report --reply", cols, n, TSV_EXACT, row, NULL);
}

static void culprit_said(FILE *f)
{
	char **c = r.culprit;

	if (!c[0])
		return;
	fprintf(f, "\nBisected to patch %s, %s:\n  %s\n  (commit %s upstream.)\n", c[CU_NUMBER],
		c[CU_PATCH], c[CU_SUBJECT], c[CU_UPSTREAM]);
	fprintf(f, "  %s: it fails, its parent passes, and %s with it reverted passes.\n",
		!strcmp(c[CU_VERIFIED], "verified") ? "Verified" : c[CU_VERIFIED], r.release);
	if (strcmp(c[CU_FIXED_BY], "-"))
		fprintf(f, "  Known fix of that commit: %s\n", c[CU_FIXED_BY]);
	fprintf(f, "  The bisection: %s\n", c[CU_BISECT]);
}

static int gate_row(void *ctx, char **cols)
{
	(void)ctx;
	if (r.nr == MAX_ROWS)
		return 0;
	return tsv_copy(cols, G_NCOLS, r.rows[r.nr++]);
}

static int count(const char *verdict)
{
	int i, n = 0;

	for (i = 0; i < r.nr; i++)
		n += !strcmp(r.rows[i][G_VERDICT], verdict);
	return n;
}

/* The kernel each side booted: the first row's that has one. */
static void kernels(void)
{
	int i;

	for (i = 0; i < r.nr; i++) {
		if (!r.previous[0] && strcmp(r.rows[i][G_PREVIOUS_KERNEL], "-"))
			snprintf(r.previous, sizeof(r.previous), "%s", r.rows[i][G_PREVIOUS_KERNEL]);
		if (!r.candidate[0] && strcmp(r.rows[i][G_CANDIDATE_KERNEL], "-"))
			snprintf(r.candidate, sizeof(r.candidate), "%s", r.rows[i][G_CANDIDATE_KERNEL]);
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
	if (r.thread[0] && strcmp(r.thread[TH_SUBJECT], "-"))
		fprintf(f, "Subject: Re: %s\n", r.thread[TH_SUBJECT]);
	else
		fprintf(f, "Subject: Re: [PATCH %s 000/%03d] %s-stable review\n", r.series,
			r.patches, r.release);
	if (r.thread[0] && strcmp(r.thread[TH_MESSAGE_ID], "-"))
		fprintf(f, "In-Reply-To: %s\nReferences: %s\n", r.thread[TH_MESSAGE_ID],
			r.thread[TH_MESSAGE_ID]);
	fprintf(f, "Content-Type: text/plain; charset=UTF-8\n\n");
}

/* "name, name" of the rows with that verdict, or nothing. */
static void rows_named(FILE *f, const char *verdict, const char *what)
{
	int i, n = 0;

	for (i = 0; i < r.nr; i++) {
		if (strcmp(r.rows[i][G_VERDICT], verdict))
			continue;
		fprintf(f, "%s%s", n++ ? ", " : what, r.rows[i][G_CHECK]);
		if (strcmp(r.rows[i][G_RATE], "-"))
			fprintf(f, " (%s)", r.rows[i][G_RATE]);
	}
	if (n)
		fputs("\n", f);
}

/*
 * A side's tries as said: "FAIL" when every boot said FAIL (*n the
 * boots), else the tries as they came ("PASS,FAIL,PASS").
 */
static const char *tries_said(const char *tries, char *buf, size_t len, int *n)
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

	tries_said(g[G_PREVIOUS], prev, sizeof(prev), &pn);
	tries_said(g[G_CANDIDATE], cand, sizeof(cand), &cn);
	if (cn > 1)
		snprintf(boots, sizeof(boots), " (%d boots each)", cn);
	fprintf(f, "\n%s: %s on %s, %s on %s%s%s%s\n", g[G_CHECK], prev, r.previous, cand,
		r.release, boots, strcmp(g[G_RATE], "-") ? ", failed " : "",
		strcmp(g[G_RATE], "-") ? g[G_RATE] : "");
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

static void write_reply(FILE *f)
{
	int i, bad = count("regression");

	headers(f);
	fprintf(f, "On %s (%s plus %d patch%s of the queue), built and booted in QEMU with\n"
		"stableguard's data-integrity checks, beside %s:\n\n", r.release, r.previous,
		r.patches, r.patches == 1 ? "" : "es", r.previous);
	if (r.narrow[0] && strcmp(r.narrow[NA_KEPT], "-")) {
		fprintf(f, "%s fails ", r.previous);
		list_said(f, r.narrow[NA_CHECKS]);
		fprintf(f, "\nwith RAID0 chunks other than %s KiB before any patch of the queue, so both\n"
			"were compared with chunk %s only (all: %s).\n\n", r.narrow[NA_KEPT],
			r.narrow[NA_KEPT], r.narrow[NA_CHUNKS]);
	}
	if (bad) {
		fprintf(f, "Regressions found: %d check%s.\n", bad, bad == 1 ? "" : "s");
		for (i = 0; i < r.nr; i++)
			if (!strcmp(r.rows[i][G_VERDICT], "regression"))
				regression(f, r.rows[i]);
		culprit_said(f);
		fputs("\n", f);
	} else {
		fprintf(f, "No regression: %d check%s, none worse than on %s.\n", r.nr,
			r.nr == 1 ? "" : "s", r.previous);
	}
	rows_named(f, "fixed", "Fixed: ");
	rows_named(f, "still failing", "Known failures, failing on both: ");
	rows_named(f, "flaky", "Flaky, on the previous release too: ");
	rows_named(f, "skip", "Skipped: ");
	proofs_said(f);
	fprintf(f, "\nThe run: %s (gate.md, results.tsv, serial logs)\n", r.run);
	if (!bad && !inverted())
		fprintf(f, "\nTested-by: %s\n", r.tester);
}

int reply_write(const char *run, const char *series, const char *release, int patches,
		const char *tester)
{
	char path[4096];

	r.run = run;
	r.series = series;
	r.release = release;
	r.patches = patches;
	r.tester = tester;
	snprintf(path, sizeof(path), "%s/gate.tsv", run);
	if (tsv_read(path, "report --reply", gate_names, G_NCOLS, TSV_EXACT, gate_row, NULL) ||
	    optional("culprit", culprit_names, CU_NCOLS, culprit_row) ||
	    optional("thread", thread_names, TH_NCOLS, thread_row) ||
	    optional("narrow", narrow_names, NA_NCOLS, narrow_row) ||
	    optional("proofs", proof_names, PR_NCOLS, proof_row))
		return 2;
	kernels();
	if (write_file("report --reply", run, "reply.eml", write_reply))
		return 2;
	printf("%s/reply.eml\n", run);
	return 0;
}
