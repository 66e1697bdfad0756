/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A bisection's run folder (maintain/bisect.sh), read for bisectmd and
 * for report (its kcidb.json and report.html):
 *
 *	steps.tsv	a header line naming the columns, then a row a step
 *			(lib/runfile.h: step role commit subject build tries
 *			secs first_bad verdict note), read by name
 *	answer		key<TAB>value lines; candidate and followup may repeat
 *
 * A step's tries are OUTCOME@SEED, comma-separated: one boot each, whose
 * serial log is logs/<step>-<commit>-<k>.log.
 */
#ifndef SG_BISECTRUN_H
#define SG_BISECTRUN_H

#include <stddef.h>

#include "runfile.h"	/* steps.tsv's columns: enum step_col, step_names */

#define BISECT_MAX_ANSWER 64

struct step {
	char *col[S_NCOLS];
};

struct answer_line {
	char *key, *val;
};

/* How a verification of the answer went. */
enum held { NOT_RUN, HELD, NOT_HELD, NOT_APPLIED };

struct verification {
	const char *role, *what;
	const char *want;	/* the term the verification wants */
	enum held held;
};

/* The culprit, its parent, BAD with the culprit reverted. */
#define NR_VERIFY 3

struct bisect_run {
	struct step *steps;
	int nr_steps, cap;
	struct answer_line answer[BISECT_MAX_ANSWER];
	int nr_answer;
	char term_old[32], term_new[32];	/* good bad, or broken fixed */
	const char *who;
	struct verification verify[NR_VERIFY];	/* judged by bisect_load() */
};

/* dir's answer and steps.tsv into *b; -1 after saying why on stderr. */
int bisect_load(const char *dir, const char *who, struct bisect_run *b);
void bisect_free(struct bisect_run *b);
/* The answer's first value of key, or NULL. */
const char *bisect_get(const struct bisect_run *b, const char *key);
/* ... or dflt when there is none or it is empty. */
const char *bisect_get_or(const struct bisect_run *b, const char *key, const char *dflt);
/* How many boots a step made: one a try. */
int bisect_boots(const struct step *s);
/* The first step of role, or NULL. */
const struct step *bisect_find_role(const struct bisect_run *b, const char *role);
const char *bisect_held_word(enum held h);
int bisect_nr_held(const struct bisect_run *b);
/* Builds (reused ones too: compared), boots, bzImages reused. */
void bisect_totals(const struct bisect_run *b, int *builds, int *boots, int *reused);
/* The one summary line of a bisection, into buf (bisect.md's last line). */
const char *bisect_summary(const struct bisect_run *b, char *buf, size_t len);

#endif
