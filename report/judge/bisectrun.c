// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisectrun.h"
#include "tsv.h"

const char *bisect_get(const struct bisect_run *b, const char *key)
{
	int i;

	for (i = 0; i < b->nr_answer; i++)
		if (!strcmp(b->answer[i].key, key))
			return b->answer[i].val;
	return NULL;
}

const char *bisect_get_or(const struct bisect_run *b, const char *key, const char *dflt)
{
	const char *v = bisect_get(b, key);

	return v && *v ? v : dflt;
}

int bisect_boots(const struct step *s)
{
	const char *p;
	int n = 0;

	for (p = s->col[S_TRIES]; *p; p++)
		n += *p == '@';
	return n;
}

static int load_answer(const char *dir, struct bisect_run *b)
{
	char path[4096], line[8192], *tab;
	FILE *f;

	snprintf(path, sizeof(path), "%s/answer", dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: %s: cannot open\n", b->who, path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) && b->nr_answer < BISECT_MAX_ANSWER) {
		line[strcspn(line, "\r\n")] = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		b->answer[b->nr_answer].key = strdup(line);
		b->answer[b->nr_answer].val = strdup(tab + 1);
		b->nr_answer++;
	}
	fclose(f);
	if (bisect_get(b, "terms"))
		sscanf(bisect_get(b, "terms"), "%31s %31s", b->term_old, b->term_new);
	return 0;
}

static int add_step(void *ctx, char **cols)
{
	struct bisect_run *b = ctx;
	struct step *s;

	if (b->nr_steps == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		s = realloc(b->steps, b->cap * sizeof(*s));
		if (!s)
			goto oom;
		b->steps = s;
	}
	if (tsv_copy(cols, S_NCOLS, b->steps[b->nr_steps].col))
		goto oom;
	b->nr_steps++;
	return 0;
oom:
	fprintf(stderr, "%s: out of memory\n", b->who);
	return -1;
}

const struct step *bisect_find_role(const struct bisect_run *b, const char *role)
{
	int i;

	for (i = 0; i < b->nr_steps; i++)
		if (!strcmp(b->steps[i].col[S_ROLE], role))
			return &b->steps[i];
	return NULL;
}

/*
 * The verifications: the culprit must be judged the new term (bad, or
 * fixed with FIXED=1), its parent and the revert the old term; a revert
 * that did not apply is said as such.
 */
static void judge_verifications(struct bisect_run *b)
{
	static const struct verification bad[NR_VERIFY] = {
		{ "culprit", "the culprit fails", NULL, NOT_RUN },
		{ "parent", "its parent passes", NULL, NOT_RUN },
		{ "revert", "BAD with the culprit reverted passes", NULL, NOT_RUN },
	}, fixed[NR_VERIFY] = {
		{ "culprit", "the culprit passes (the fix)", NULL, NOT_RUN },
		{ "parent", "its parent fails", NULL, NOT_RUN },
		{ "revert", "BAD with the fix reverted fails", NULL, NOT_RUN },
	};
	const struct step *s;
	int i;

	memcpy(b->verify, strcmp(bisect_get_or(b, "fixed", "0"), "1") ? bad : fixed,
	       sizeof(b->verify));
	b->verify[0].want = b->term_new;
	b->verify[1].want = b->verify[2].want = b->term_old;
	for (i = 0; i < NR_VERIFY; i++) {
		s = bisect_find_role(b, b->verify[i].role);
		if (!s)
			continue;
		if (!strcmp(s->col[S_VERDICT], "-"))
			b->verify[i].held = NOT_APPLIED;
		else
			b->verify[i].held = strcmp(s->col[S_VERDICT], b->verify[i].want) ?
				NOT_HELD : HELD;
	}
}

const char *bisect_held_word(enum held h)
{
	static const char *const w[] = { "not run", "held", "did not hold", "not applied" };

	return w[h];
}

int bisect_nr_held(const struct bisect_run *b)
{
	int i, n = 0;

	for (i = 0; i < NR_VERIFY; i++)
		n += b->verify[i].held == HELD;
	return n;
}

void bisect_totals(const struct bisect_run *b, int *builds, int *boots, int *reused)
{
	int i;

	*builds = *boots = *reused = 0;
	for (i = 0; i < b->nr_steps; i++) {
		/* A reused step was built too: its bzImage had to be compared. */
		*builds += strcmp(b->steps[i].col[S_BUILD], "-") != 0;
		*reused += !strncmp(b->steps[i].col[S_BUILD], "reused", 6);
		*boots += bisect_boots(&b->steps[i]);
	}
}

const char *bisect_summary(const struct bisect_run *b, char *buf, size_t len)
{
	const char *status = bisect_get_or(b, "status", "");
	int builds, boots, reused;
	size_t at;

	bisect_totals(b, &builds, &boots, &reused);
	at = snprintf(buf, len, "bisect %s %s: ", bisect_get_or(b, "series", "?"),
		      bisect_get_or(b, "checks", "?"));
	if (at < len && !strcmp(status, "found"))
		at += snprintf(buf + at, len - at, "first %s commit %.12s \"%s\", verified %d of %d",
			       b->term_new, bisect_get_or(b, "culprit", "?"),
			       bisect_get_or(b, "subject", "?"), bisect_nr_held(b), NR_VERIFY);
	else if (at < len)
		at += snprintf(buf + at, len - at, "%s", !strcmp(status, "ambiguous") ?
			       "ambiguous (skipped commits)" : "no answer");
	if (at < len)
		snprintf(buf + at, len - at, "; %d steps, %d builds (%d bzImages identical to one judged: not booted), %d boots, %ss",
			 b->nr_steps, builds, reused, boots, bisect_get_or(b, "wall", "?"));
	return buf;
}

int bisect_load(const char *dir, const char *who, struct bisect_run *b)
{
	char path[4096];

	memset(b, 0, sizeof(*b));
	b->who = who;
	strcpy(b->term_old, "good");
	strcpy(b->term_new, "bad");
	if (load_answer(dir, b))
		return -1;
	/* Columns by the header's names: a reordered file still reads right. */
	snprintf(path, sizeof(path), "%s/steps.tsv", dir);
	if (tsv_read(path, who, step_names, S_NCOLS, TSV_BY_NAME, add_step, b))
		return -1;
	judge_verifications(b);
	return 0;
}

void bisect_free(struct bisect_run *b)
{
	int i;

	for (i = 0; i < b->nr_steps; i++)
		free(b->steps[i].col[0]);
	free(b->steps);
	for (i = 0; i < b->nr_answer; i++) {
		free(b->answer[i].key);
		free(b->answer[i].val);
	}
	memset(b, 0, sizeof(*b));
}
