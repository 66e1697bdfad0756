// SPDX-License-Identifier: GPL-2.0
/*
 * A candidate judged against the release before it, row by row: the rows
 * of the candidate's runs (one run a try) beside the same rows of the
 * previous release's, matched by kind, series, check and, for a pair,
 * writer and reader, and by variant when both runs have it (a run of
 * each kernel has a variant of its own).  Each row is as
 * expected or not by the one judge, results_match(), under each run's
 * policy; over the tries:
 *
 *	pass		as expected on both, every try
 *	regression	as expected on the previous, every try, and not on the
 *			candidate in some: an intermittent one is still one
 *			(its rate: "2/3")
 *	fixed		not as expected on the previous, every try; as expected
 *			on the candidate, every try
 *	still failing	not as expected on both (the candidate's rate when it
 *			passed some tries); or an fstests test failing on both
 *			that its baseline expects to fail (a known failure)
 *	still failing (changed)	failing on both, but not the same way:
 *			their first bad lines differ once seeds, offsets and
 *			counts are taken out (both lines kept)
 *	flaky		the previous disagrees with itself: it cannot tell
 *	skip		SKIP on either side, or a row one side does not have
 *
 * A row a side did not run (ERROR: no kernel, a guest that died) is
 * neither a pass nor a failure: report/judge/gatejudge.h's regression (build),
 * regression (boot), fixed (boot), fixed (build) and not run.
 *
 * The comparison goes to OUT/gate.tsv (run file kind gate), and from it
 * OUT/judgement, regressions first (report --compare renders OUT/gate.md
 * from them: report/render/gatemd.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "gaterun.h"
#include "gatejudge.h"
#include "outfile.h"
#include "results.h"
#include "runfile.h"

#define MAX_TRIES 16

/* One side's runs: each try's rows. */
struct side {
	struct result *rows[MAX_TRIES];
	int nr[MAX_TRIES];
	int tries;
};

struct row_verdict {
	const struct result *row;	/* the candidate's first, else the previous' */
	char previous[256], candidate[256], rate[32];
	const char *verdict;
	const struct result *first_error[2];	/* each side's first ERROR try */
	const struct result *first[2];		/* each side's first try */
	const char *kernel[2];	/* each side's kernel, of its first try */
};

static int same_row(const struct result *a, const struct result *b)
{
	static const int key[] = { R_KIND, R_SERIES, R_CHECK, R_WRITER, R_READER };
	size_t i;

	for (i = 0; i < sizeof(key) / sizeof(key[0]); i++)
		if (strcmp(a->col[key[i]], b->col[key[i]]))
			return 0;
	return 1;
}

/*
 * r's row in rows: the one of the same variant (two matrix runs), else
 * the one row of its series and check (the previous release's kernel
 * and the candidate's, each a run's only variant); NULL when none, or
 * when several and none of r's variant.
 */
static const struct result *find(const struct result *rows, int nr, const struct result *r)
{
	const struct result *only = NULL;
	int i, n = 0;

	for (i = 0; i < nr; i++) {
		if (!same_row(&rows[i], r))
			continue;
		if (!strcmp(rows[i].col[R_VARIANT], r->col[R_VARIANT]))
			return &rows[i];
		only = &rows[i];
		n++;
	}
	return n == 1 ? only : NULL;
}

/*
 * The tries of r on one side: the outcomes ("PASS,FAIL") into buf, how
 * many tries had the row (a later try reruns only the rows that
 * differed), how many were not as expected in *bad, how many SKIP in
 * *skip (a SKIP is a verdict of its own here, so no run's policy on SKIP
 * rows changes the answer) and how many did not run (ERROR) in *err, the
 * first of those in *error; the first try must have it.
 */
static int tries(const struct side *s, const struct result *r, char *buf, size_t len,
		 int *bad, int *skip, int *err, const struct result **error)
{
	const struct result *t;
	size_t at = 0;
	int i, n = 0;

	*bad = *skip = *err = 0;
	*error = NULL;
	buf[0] = '\0';
	for (i = 0; i < s->tries; i++) {
		t = find(s->rows[i], s->nr[i], r);
		if (!t && i)
			continue;
		if (t && !strcmp(t->col[R_OBSERVED], "ERROR")) {
			if (!(*err)++)
				*error = t;
		} else {
			*bad += t && !results_skipped(t) && !results_match(t);
			*skip += !t || results_skipped(t);
		}
		at += snprintf(buf + at, at < len ? len - at : 0, "%s%s", n++ ? "," : "",
			       t ? t->col[R_OBSERVED] : "-");
	}
	return n;
}

/* The kernel r's row booted on side s, first try: "-" when it has none. */
static const char *kernel_of(const struct side *s, const struct result *r)
{
	const struct result *t = find(s->rows[0], s->nr[0], r);

	return t ? t->col[R_KERNEL] : "-";
}

/*
 * An fstests test its baseline expects to fail (a known failure of the
 * era, its reason in the row), failing on both: still failing, not pass.
 */
static int known_failure(const struct row_verdict *v)
{
	return !strcmp(v->row->col[R_KIND], "fstests") && !strstr(v->previous, "PASS") &&
	       !strstr(v->candidate, "PASS") && strstr(v->candidate, "FAIL");
}

/*
 * A first bad line with what changes from one boot to the next taken
 * out: every run of digits (seeds, sectors, offsets, counts) is "#".
 */
static void normalised(const char *line, char *buf, size_t len)
{
	size_t at = 0;

	for (; *line && at + 1 < len; line++) {
		if (*line >= '0' && *line <= '9') {
			while (line[1] >= '0' && line[1] <= '9')
				line++;
			buf[at++] = '#';
			continue;
		}
		buf[at++] = *line;
	}
	buf[at] = '\0';
}

/* Both sides fail, but not the same way. */
static int failing_differently(const struct row_verdict *v)
{
	char a[1024], b[1024];

	if (!v->first[0] || !v->first[1] || strcmp(v->first[0]->col[R_OBSERVED], "FAIL") ||
	    strcmp(v->first[1]->col[R_OBSERVED], "FAIL"))
		return 0;
	normalised(v->first[0]->col[R_REASON], a, sizeof(a));
	normalised(v->first[1]->col[R_REASON], b, sizeof(b));
	return strcmp(a, b) != 0;
}

/*
 * A row a side did not run (gatejudge.h); NULL when both ran it.  Any
 * ERROR of the candidate counts against it; the previous release's only
 * when it ran the row in no try: a try it did run is its evidence, and
 * an ERROR beside a PASS is never the candidate's "fixed".
 */
static const char *unran(const struct row_verdict *v, int perr, int cerr, int pn)
{
	if (perr == pn && cerr)
		return "not run";
	if (cerr)
		return strcmp(gate_error_kind(v->first_error[1]->col[R_REASON]), "build") ?
		       "regression (boot)" : "regression (build)";
	if (perr == pn)
		return strcmp(gate_error_kind(v->first_error[0]->col[R_REASON]), "build") ?
		       "fixed (boot)" : "fixed (build)";
	return NULL;
}

static void judge(struct row_verdict *v, const struct side *prev, const struct side *cand)
{
	int pbad, pskip, perr, cbad, cskip, cerr, pn, cn;

	v->kernel[0] = kernel_of(prev, v->row);
	v->kernel[1] = kernel_of(cand, v->row);
	v->first[0] = find(prev->rows[0], prev->nr[0], v->row);
	v->first[1] = find(cand->rows[0], cand->nr[0], v->row);
	pn = tries(prev, v->row, v->previous, sizeof(v->previous), &pbad, &pskip, &perr,
		   &v->first_error[0]);
	cn = tries(cand, v->row, v->candidate, sizeof(v->candidate), &cbad, &cskip, &cerr,
		   &v->first_error[1]);
	snprintf(v->rate, sizeof(v->rate), "-");
	if (!v->first[0] || !v->first[1]) {
		v->verdict = "skip";
	} else if ((v->verdict = unran(v, perr, cerr, pn))) {
		if (cerr && cerr < cn)
			snprintf(v->rate, sizeof(v->rate), "%d/%d", cerr, cn);
	} else if (pskip || cskip) {
		v->verdict = "skip";
	} else if (pbad && pbad < pn - perr) {
		v->verdict = "flaky";
		snprintf(v->rate, sizeof(v->rate), "%d/%d", pbad, pn - perr);
	} else if (!pbad) {
		v->verdict = cbad ? "regression" : known_failure(v) ? "still failing" : "pass";
		if (cbad && cbad < cn)
			snprintf(v->rate, sizeof(v->rate), "%d/%d", cbad, cn);
	} else {
		v->verdict = !cbad ? "fixed" : failing_differently(v) ? "still failing (changed)" :
			     "still failing";
		if (cbad && cbad < cn)
			snprintf(v->rate, sizeof(v->rate), "%d/%d", cbad, cn);
	}
}

/*
 * The candidate's first bad line; where it did not run, the reason of its
 * first ERROR, and for a guest that died the serial log's last lines.
 */
static const char *reason(const struct row_verdict *v, char *buf, size_t len)
{
	const struct result *e = v->first_error[1];

	if (!e)
		return v->row->col[R_REASON];
	if (!strcmp(gate_error_kind(e->col[R_REASON]), "build") || !strcmp(e->col[R_LOG_TAIL], "-"))
		return e->col[R_REASON];
	snprintf(buf, len, "%s; the log's tail: %s", e->col[R_REASON], e->col[R_LOG_TAIL]);
	return buf;
}

static void put_row(FILE *f, const struct row_verdict *v)
{
	char tail[2048];
	const char *values[G_NCOLS] = {
		[G_SERIES] = v->row->col[R_SERIES], [G_VARIANT] = v->row->col[R_VARIANT],
		[G_CHECK] = v->row->col[R_CHECK],
		[G_WRITER] = v->row->col[R_WRITER], [G_READER] = v->row->col[R_READER],
		[G_PREVIOUS] = v->previous, [G_CANDIDATE] = v->candidate,
		[G_VERDICT] = v->verdict, [G_RATE] = v->rate, [G_REASON] = reason(v, tail, sizeof(tail)),
		[G_PREVIOUS_KERNEL] = v->kernel[0], [G_CANDIDATE_KERNEL] = v->kernel[1],
		[G_PREVIOUS_REASON] = v->first[0] ? v->first[0]->col[R_REASON] : "-",
	};

	runfile_put_row(f, runfile_kind("gate"), values);
}

static struct row_verdict *verdicts;
static int nr_verdicts;

static void write_tsv(FILE *f)
{
	int i;

	runfile_put_header(f, runfile_kind("gate"));
	for (i = 0; i < nr_verdicts; i++)
		put_row(f, &verdicts[i]);
}

/* Keeps the rows of variant alone (RUN@VARIANT: one kernel of a run). */
static void only_variant(struct result *rows, int *nr, const char *variant)
{
	int i, n = 0;

	for (i = 0; i < *nr; i++) {
		if (strcmp(rows[i].col[R_VARIANT], variant)) {
			free(rows[i].col[0]);
			continue;
		}
		rows[n++] = rows[i];
	}
	*nr = n;
}

/* A side's runs from a comma-separated list of run folders (RUN[@VARIANT]). */
static int load_side(struct side *s, char *list)
{
	char *dir, *next, *variant, path[4096];

	for (dir = list; dir && *dir; dir = next) {
		next = strchr(dir, ',');
		if (next)
			*next++ = '\0';
		if (s->tries == MAX_TRIES) {
			fprintf(stderr, "report --compare: more than %d tries\n", MAX_TRIES);
			return -1;
		}
		variant = strchr(dir, '@');
		if (variant)
			*variant++ = '\0';
		snprintf(path, sizeof(path), "%s/results.tsv", dir);
		if (results_load(path, "report --compare", &s->rows[s->tries], &s->nr[s->tries]))
			return -1;
		if (variant)
			only_variant(s->rows[s->tries], &s->nr[s->tries], variant);
		s->tries++;
	}
	if (!s->tries)
		fprintf(stderr, "report --compare: no run folder given\n");
	return s->tries ? 0 : -1;
}

static int add(const struct result *r)
{
	int i;

	for (i = 0; i < nr_verdicts; i++)
		if (same_row(verdicts[i].row, r) &&
		    !strcmp(verdicts[i].row->col[R_VARIANT], r->col[R_VARIANT]))
			return 0;
	verdicts = realloc(verdicts, (nr_verdicts + 1) * sizeof(*verdicts));
	if (!verdicts)
		return -1;
	memset(&verdicts[nr_verdicts], 0, sizeof(*verdicts));
	verdicts[nr_verdicts++].row = r;
	return 0;
}

/* What an earlier comparison of this process loaded, let go. */
static void forget(struct side *s)
{
	int t;

	for (t = 0; t < s->tries; t++)
		results_free(s->rows[t], s->nr[t]);
	memset(s, 0, sizeof(*s));
}

int compare_runs(const char *out, char *previous, char *candidate)
{
	static struct side prev, cand;
	struct gate_judgement j;
	struct gate_run g = { 0 };
	char line[512];
	int i;

	/* The gate's judge compares again in one process (report --gate). */
	forget(&prev);
	forget(&cand);
	free(verdicts);
	verdicts = NULL;
	nr_verdicts = 0;
	if (load_side(&prev, previous) || load_side(&cand, candidate))
		return 2;
	for (i = 0; i < cand.nr[0]; i++)
		if (add(&cand.rows[0][i]))
			return 2;
	for (i = 0; i < prev.nr[0]; i++)
		if (!find(cand.rows[0], cand.nr[0], &prev.rows[0][i]) && add(&prev.rows[0][i]))
			return 2;
	for (i = 0; i < nr_verdicts; i++)
		judge(&verdicts[i], &prev, &cand);
	if (write_file("report --compare", out, "gate.tsv", write_tsv))
		return 2;
	/*
	 * The verdict as every reader of the run will say it (gatejudge's),
	 * from the rows as gate.tsv has them; gate.md is the renderers'
	 * (report.c writes it after each comparison).
	 */
	if (gate_run_load(&g, out, "report --compare"))
		return 2;
	gate_judge(&g, &j);
	gate_summary(&g, line, sizeof(line));
	i = gate_judgement_write(&j, out, "report --compare");
	gate_run_free(&g);
	if (i)
		return 2;
	if (!strcmp(j.verdict, "cannot judge")) {
		printf("%s; CANNOT JUDGE: %s\n", line, j.why);
		return 3;
	}
	if (!strcmp(j.verdict, "regression")) {
		printf("%s; REGRESSION: not safe to release\n", line);
		return 1;
	}
	printf("%s; no regression%s%s\n", line, j.tested ? "" : ", but ", j.tested ? "" : j.why);
	return 0;
}

static struct side joined;

static void write_union(FILE *f)
{
	int t, i;

	runfile_put_header(f, runfile_kind("results"));
	for (t = 0; t < joined.tries; t++)
		for (i = 0; i < joined.nr[t]; i++)
			runfile_put_row(f, runfile_kind("results"),
					(const char *const *)joined.rows[t][i].col);
}

int compare_union(const char *out, char *runs)
{
	forget(&joined);
	return load_side(&joined, runs) ||
	       write_file("report --union", out, "results.tsv", write_union) ? 2 : 0;
}
