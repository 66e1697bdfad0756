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

#include "outfile.h"
#include "runfile.h"
#include "tsv.h"

#define MAX_ANSWER 64

struct step {
	char *col[S_NCOLS];
};

struct pair {
	char *key, *val;
};

static struct step *steps;
static int nr_steps;
static struct pair answer[MAX_ANSWER];
static int nr_answer;
static char term_old[32] = "good", term_new[32] = "bad";

static const char *get(const char *key)
{
	int i;

	for (i = 0; i < nr_answer; i++)
		if (!strcmp(answer[i].key, key))
			return answer[i].val;
	return NULL;
}

static const char *get_or(const char *key, const char *dflt)
{
	const char *v = get(key);

	return v && *v ? v : dflt;
}

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

static int load_answer(const char *dir)
{
	char path[4096], line[8192], *tab;
	FILE *f;

	snprintf(path, sizeof(path), "%s/answer", dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "bisectmd: %s: cannot open\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) && nr_answer < MAX_ANSWER) {
		chomp(line);
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		answer[nr_answer].key = strdup(line);
		answer[nr_answer].val = strdup(tab + 1);
		nr_answer++;
	}
	fclose(f);
	if (get("terms"))
		sscanf(get("terms"), "%31s %31s", term_old, term_new);
	return 0;
}

static int add_step(void *ctx, char **cols)
{
	static int cap;
	struct step *s;

	(void)ctx;
	if (nr_steps == cap) {
		cap = cap ? 2 * cap : 64;
		s = realloc(steps, cap * sizeof(*s));
		if (!s)
			goto oom;
		steps = s;
	}
	if (tsv_copy(cols, S_NCOLS, steps[nr_steps].col))
		goto oom;
	nr_steps++;
	return 0;
oom:
	fprintf(stderr, "bisectmd: out of memory\n");
	return -1;
}

/* Columns by the header's names: a reordered file still reads right. */
static int load_steps(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/steps.tsv", dir);
	return tsv_read(path, "bisectmd", step_names, S_NCOLS, TSV_BY_NAME, add_step, NULL);
}

static int boots_of(const struct step *s)
{
	const char *p;
	int n = 0;

	for (p = s->col[S_TRIES]; *p; p++)
		n += *p == '@';
	return n;
}

static const struct step *find_role(const char *role)
{
	int i;

	for (i = 0; i < nr_steps; i++)
		if (!strcmp(steps[i].col[S_ROLE], role))
			return &steps[i];
	return NULL;
}

enum held { NOT_RUN, HELD, NOT_HELD, NOT_APPLIED };

struct check {
	const char *role, *what;
	const char *want;	/* the term the verification wants */
	enum held held;
};

static struct check verifications[] = {
	{ "culprit", "the culprit fails", term_new, NOT_RUN },
	{ "parent", "its parent passes", term_old, NOT_RUN },
	{ "revert", "BAD with the culprit reverted passes", term_old, NOT_RUN },
};
#define NR_VERIFY (int)(sizeof(verifications) / sizeof(verifications[0]))

static void judge_verifications(void)
{
	int fixed = !strcmp(get_or("fixed", "0"), "1");
	int i;

	if (fixed) {
		verifications[0].what = "the culprit passes (the fix)";
		verifications[1].what = "its parent fails";
		verifications[2].what = "BAD with the fix reverted fails";
	}
	for (i = 0; i < NR_VERIFY; i++) {
		const struct step *s = find_role(verifications[i].role);

		if (!s)
			continue;
		if (!strcmp(s->col[S_VERDICT], "-"))
			verifications[i].held = NOT_APPLIED;
		else
			verifications[i].held = strcmp(s->col[S_VERDICT], verifications[i].want) ?
				NOT_HELD : HELD;
	}
}

static const char *held_word(enum held h)
{
	static const char *const w[] = { "not run", "held", "did not hold", "not applied" };

	return w[h];
}

static int nr_held(void)
{
	int i, n = 0;

	for (i = 0; i < NR_VERIFY; i++)
		n += verifications[i].held == HELD;
	return n;
}

static void totals(int *builds, int *boots, int *reused)
{
	int i;

	*builds = *boots = *reused = 0;
	for (i = 0; i < nr_steps; i++) {
		/* A reused step was built too: its bzImage had to be compared. */
		*builds += strcmp(steps[i].col[S_BUILD], "-") != 0;
		*reused += !strncmp(steps[i].col[S_BUILD], "reused", 6);
		*boots += boots_of(&steps[i]);
	}
}

static void write_followups(FILE *f)
{
	int i;

	for (i = 0; i < nr_answer; i++) {
		char id[41], subj[512], rel[64], there[8];

		if (strcmp(answer[i].key, "followup") ||
		    sscanf(answer[i].val, "%40[^\t]\t%511[^\t]\t%63[^\t]\t%7s",
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
	const struct step *parent = find_role("parent");
	const char *good = get_or("good", ""), *id = strchr(good, ' ');

	return parent && verifications[1].held == NOT_HELD && id &&
	       !strncmp(id + 1, parent->col[S_COMMIT], strlen(parent->col[S_COMMIT]));
}

static void write_answer(FILE *f)
{
	const char *status = get_or("status", "failed");
	int i;

	fprintf(f, "# Bisection of %s: %s\n\n", get_or("series", "?"), get_or("checks", "?"));
	fprintf(f, "- history: %s, %s commits after GOOD\n", get_or("source", "?"),
		get_or("commits", "?"));
	fprintf(f, "- %s: %s\n- %s: %s\n", term_old, get_or("good", "?"), term_new,
		get_or("bad", "?"));
	fprintf(f, "- looking for: the first commit where the check %s\n",
		!strcmp(get_or("fixed", "0"), "1") ? "passes (FIXED=1)" : "fails");
	fprintf(f, "- guest arrays: %s\n", get_or("guest", "the series'"));
	fprintf(f, "- boots a step: %s (seeds from %s)\n\n", get_or("tries", "1"),
		get_or("seed", "?"));
	if (!strcmp(status, "ambiguous")) {
		fprintf(f, "No single commit: only skipped commits are left; the first %s commit is one of:\n\n",
			term_new);
		for (i = 0; i < nr_answer; i++)
			if (!strcmp(answer[i].key, "candidate"))
				fprintf(f, "- %s\n", answer[i].val);
		fputc('\n', f);
		return;
	}
	if (strcmp(status, "found")) {
		fprintf(f, "No answer: git bisect run did not finish (bisect-run.out says why).\n\n");
		return;
	}
	fprintf(f, "## The first %s commit\n\n", term_new);
	fprintf(f, "- commit %s\n- subject: %s\n- author: %s, %s\n", get_or("culprit", "?"),
		get_or("subject", "?"), get_or("author", "?"), get_or("date", "?"));
	if (get("upstream"))
		fprintf(f, "- backports upstream commit %s\n", get("upstream"));
	else
		fprintf(f, "- names no upstream commit (no \"commit <id> upstream.\" line)\n");
	write_followups(f);
	fprintf(f, "\nVerified: %d of %d\n\n", nr_held(), NR_VERIFY);
	for (i = 0; i < NR_VERIFY; i++)
		fprintf(f, "- %s: %s\n", verifications[i].what, held_word(verifications[i].held));
	if (good_is_bad())
		fprintf(f, "\nThe parent is GOOD, and GOOD is not %s: git bisect takes GOOD on trust, so this\n"
			"answer is only the first commit it could name.  Narrow the guest to what GOOD\n"
			"passes (CHUNKS=, LAYOUTS=), or choose another GOOD.\n", term_old);
	fputc('\n', f);
}

static void write_table(FILE *f)
{
	int i;

	fprintf(f, "## Steps\n\n| # | role | commit | subject | build | tries (outcome@seed) | s | first bad | verdict | note |\n");
	fprintf(f, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
	for (i = 0; i < nr_steps; i++) {
		char *const *c = steps[i].col;

		fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c[S_STEP],
			c[S_ROLE], c[S_COMMIT], c[S_SUBJECT], c[S_BUILD], c[S_TRIES],
			c[S_SECS], c[S_FIRST_BAD], c[S_VERDICT], c[S_NOTE]);
	}
}

static void summary(FILE *f)
{
	int builds, boots, reused;

	totals(&builds, &boots, &reused);
	fprintf(f, "bisect %s %s: ", get_or("series", "?"), get_or("checks", "?"));
	if (!strcmp(get_or("status", ""), "found"))
		fprintf(f, "first %s commit %.12s \"%s\", verified %d of %d",
			term_new, get_or("culprit", "?"), get_or("subject", "?"), nr_held(),
			NR_VERIFY);
	else
		fprintf(f, "%s", !strcmp(get_or("status", ""), "ambiguous") ?
			"ambiguous (skipped commits)" : "no answer");
	fprintf(f, "; %d steps, %d builds (%d bzImages identical to one judged: not booted), %d boots, %ss\n",
		nr_steps, builds, reused, boots, get_or("wall", "?"));
}

static void write_md(FILE *f)
{
	write_answer(f);
	write_table(f);
	fputc('\n', f);
	summary(f);
}

static void write_json(FILE *f)
{
	int builds, boots, reused, i, c;

	totals(&builds, &boots, &reused);
	fprintf(f, "{\n");
	for (i = 0; i < nr_answer; i++) {
		if (!strcmp(answer[i].key, "candidate") || !strcmp(answer[i].key, "followup"))
			continue;
		fprintf(f, "  ");
		json_str(f, answer[i].key);
		fprintf(f, ": ");
		json_str(f, answer[i].val);
		fprintf(f, ",\n");
	}
	fprintf(f, "  \"followups\": [");
	for (i = 0, c = 0; i < nr_answer; i++)
		if (!strcmp(answer[i].key, "followup")) {
			fprintf(f, "%s", c++ ? ", " : "");
			json_str(f, answer[i].val);
		}
	fprintf(f, "],\n  \"verified\": {");
	for (i = 0; i < NR_VERIFY; i++) {
		fprintf(f, "%s\"%s\": ", i ? ", " : "", verifications[i].role);
		json_str(f, held_word(verifications[i].held));
	}
	fprintf(f, "},\n  \"builds\": %d, \"boots\": %d, \"reused\": %d,\n  \"steps\": [\n",
		builds, boots, reused);
	for (i = 0; i < nr_steps; i++) {
		fprintf(f, "    {");
		for (c = 0; c < S_NCOLS; c++) {
			fprintf(f, "%s\"%s\": ", c ? ", " : "", step_names[c]);
			json_str(f, steps[i].col[c]);
		}
		fprintf(f, "}%s\n", i + 1 < nr_steps ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
}

int main(int argc, char **argv)
{
	int i;

	if (argc != 2) {
		fprintf(stderr, "usage: bisectmd RUN_DIR\n");
		return 2;
	}
	if (load_answer(argv[1]) || load_steps(argv[1]))
		return 2;
	judge_verifications();
	if (write_file("bisectmd", argv[1], "bisect.md", write_md) ||
	    write_file("bisectmd", argv[1], "bisect.json", write_json))
		return 2;
	write_md(stdout);
	if (strcmp(get_or("status", ""), "found"))
		return 1;
	for (i = 0; i < NR_VERIFY; i++)
		if (verifications[i].held == NOT_HELD || verifications[i].held == NOT_RUN)
			return 1;
	return 0;
}
