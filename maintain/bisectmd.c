// SPDX-License-Identifier: GPL-2.0
/*
 * bisectmd: renders a bisection's run folder (maintain/bisect.sh) as
 * bisect.md and bisect.json, prints the Markdown, and closes with one
 * summary line.  Exit 0 when a culprit was found and every verification
 * that could run held, 1 otherwise.
 *
 *	bisectmd RUN_DIR
 *
 * reads RUN_DIR/steps.tsv (a header line naming the columns, then a row a
 * step: step role commit subject build tries secs first_bad verdict note)
 * and RUN_DIR/answer (key<TAB>value lines; candidate and followup may
 * repeat).  A step's tries are OUTCOME@SEED, comma-separated: one boot
 * each.  The verifications are the rows of role culprit (must be judged
 * the new term: bad, or fixed with FIXED=1), parent and revert (the old
 * term); a revert that did not apply is said as such.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisectrun.h"
#include "jsonw.h"
#include "outfile.h"

static struct bisect_run br;

static const char *get(const char *key)
{
	return bisect_get(&br, key);
}

static const char *get_or(const char *key, const char *dflt)
{
	return bisect_get_or(&br, key, dflt);
}

static void write_followups(FILE *f)
{
	int i;

	for (i = 0; i < br.nr_answer; i++) {
		char id[41], subj[512], rel[64], there[8];

		if (strcmp(br.answer[i].key, "followup") ||
		    sscanf(br.answer[i].val, "%40[^\t]\t%511[^\t]\t%63[^\t]\t%7s",
			   id, subj, rel, there) != 4)
			continue;
		fprintf(f, "- known follow-up fix (backports/upstream.yaml): %.12s (\"%s\", %s)",
			id, subj, rel);
		if (!strcmp(there, "yes"))
			fprintf(f, ", already in GOOD..BAD\n");
		else
			fprintf(f, ", not in GOOD..BAD; to bring it in:\n  `make intake MBOX=<mbox of %.12s> SERIES=%s COMMIT=%.12s RELEASE=%s`\n",
				id, get_or("series", "?"), id, rel);
	}
}

/* The parent verification booted GOOD itself, and it was not good. */
static int good_is_bad(void)
{
	const struct step *parent = bisect_find_role(&br, "parent");
	const char *good = get_or("good", ""), *id = strchr(good, ' ');

	return parent && br.verify[1].held == NOT_HELD && id &&
	       !strncmp(id + 1, parent->col[S_COMMIT], strlen(parent->col[S_COMMIT]));
}

static void write_answer(FILE *f)
{
	const char *status = get_or("status", "failed");
	int i;

	fprintf(f, "# Bisection of %s: %s\n\n", get_or("series", "?"), get_or("checks", "?"));
	fprintf(f, "- history: %s, %s commits after GOOD\n", get_or("source", "?"),
		get_or("commits", "?"));
	fprintf(f, "- %s: %s\n- %s: %s\n", br.term_old, get_or("good", "?"), br.term_new,
		get_or("bad", "?"));
	fprintf(f, "- looking for: the first commit where the check %s\n",
		!strcmp(get_or("fixed", "0"), "1") ? "passes (FIXED=1)" : "fails");
	fprintf(f, "- guest arrays: %s\n", get_or("guest", "the series'"));
	fprintf(f, "- boots a step: %s (seeds from %s)\n\n", get_or("tries", "1"),
		get_or("seed", "?"));
	if (!strcmp(status, "ambiguous")) {
		fprintf(f, "No single commit: only skipped commits are left; the first %s commit is one of:\n\n",
			br.term_new);
		for (i = 0; i < br.nr_answer; i++)
			if (!strcmp(br.answer[i].key, "candidate"))
				fprintf(f, "- %s\n", br.answer[i].val);
		fputc('\n', f);
		return;
	}
	if (strcmp(status, "found")) {
		fprintf(f, "No answer: git bisect run did not finish (bisect-run.out says why).\n\n");
		return;
	}
	fprintf(f, "## The first %s commit\n\n", br.term_new);
	fprintf(f, "- commit %s\n- subject: %s\n- author: %s, %s\n", get_or("culprit", "?"),
		get_or("subject", "?"), get_or("author", "?"), get_or("date", "?"));
	if (get("upstream"))
		fprintf(f, "- backports upstream commit %s\n", get("upstream"));
	else
		fprintf(f, "- names no upstream commit (no \"commit <id> upstream.\" line)\n");
	write_followups(f);
	fprintf(f, "\nVerified: %d of %d\n\n", bisect_nr_held(&br), NR_VERIFY);
	for (i = 0; i < NR_VERIFY; i++)
		fprintf(f, "- %s: %s\n", br.verify[i].what, bisect_held_word(br.verify[i].held));
	if (good_is_bad())
		fprintf(f, "\nThe parent is GOOD, and GOOD is not %s: git bisect takes GOOD on trust, so this\n"
			"answer is only the first commit it could name.  Narrow the guest to what GOOD\n"
			"passes (CHUNKS=, LAYOUTS=), or choose another GOOD.\n", br.term_old);
	fputc('\n', f);
}

static void write_table(FILE *f)
{
	int i;

	fprintf(f, "## Steps\n\n| # | role | commit | subject | build | tries (outcome@seed) | s | first bad | verdict | note |\n");
	fprintf(f, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
	for (i = 0; i < br.nr_steps; i++) {
		char *const *c = br.steps[i].col;

		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c[S_STEP],
			c[S_ROLE], c[S_COMMIT], c[S_SUBJECT], c[S_BUILD], c[S_TRIES],
			c[S_SECS], c[S_FIRST_BAD], c[S_VERDICT], c[S_NOTE]);
	}
}

static void summary(FILE *f)
{
	char line[1024];

	fprintf(f, "%s\n", bisect_summary(&br, line, sizeof(line)));
}

static void write_md(FILE *f)
{
	write_answer(f);
	write_table(f);
	fputc('\n', f);
	summary(f);
}

/* The answer, the verifications and the steps, a step a line, through jsonw. */
static void write_json(FILE *f)
{
	int builds, boots, reused, i, c;
	struct jw w;

	bisect_totals(&br, &builds, &boots, &reused);
	jw_init(&w, f);
	jw_open(&w, NULL, '{');
	for (i = 0; i < br.nr_answer; i++)
		if (strcmp(br.answer[i].key, "candidate") && strcmp(br.answer[i].key, "followup"))
			jw_str(&w, br.answer[i].key, br.answer[i].val);
	jw_open_line(&w, "followups", '[');
	for (i = 0; i < br.nr_answer; i++)
		if (!strcmp(br.answer[i].key, "followup"))
			jw_str(&w, NULL, br.answer[i].val);
	jw_close(&w, ']');
	jw_open_line(&w, "verified", '{');
	for (i = 0; i < NR_VERIFY; i++)
		jw_str(&w, br.verify[i].role, bisect_held_word(br.verify[i].held));
	jw_close(&w, '}');
	jw_int(&w, "builds", builds);
	jw_int(&w, "boots", boots);
	jw_int(&w, "reused", reused);
	jw_open(&w, "steps", '[');
	for (i = 0; i < br.nr_steps; i++) {
		jw_open_line(&w, NULL, '{');
		for (c = 0; c < S_NCOLS; c++)
			jw_str(&w, step_names[c], br.steps[i].col[c]);
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_close(&w, '}');
}

int main(int argc, char **argv)
{
	int i;

	if (argc != 2) {
		fprintf(stderr, "usage: bisectmd RUN_DIR\n");
		return 2;
	}
	if (bisect_load(argv[1], "bisectmd", &br))
		return 2;
	if (write_file("bisectmd", argv[1], "bisect.md", write_md) ||
	    write_file("bisectmd", argv[1], "bisect.json", write_json))
		return 2;
	write_md(stdout);
	if (strcmp(get_or("status", ""), "found"))
		return 1;
	for (i = 0; i < NR_VERIFY; i++)
		if (br.verify[i].held == NOT_HELD || br.verify[i].held == NOT_RUN)
			return 1;
	return 0;
}
