// SPDX-License-Identifier: GPL-2.0
/*
 * kcidb.json of a bisection: a checkout and a build per step (the commit
 * with the series' build-compat on top), a test per boot of it (each of
 * its tries, OUTCOME@SEED), its log logs/<step>-<commit>-<try>.log.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kcidb.h"
#include "outfile.h"
#include "runfolder.h"

static const char *dir;
static char run[256];
static const struct bisect_run *b;

/* The full id of a step's commit when the answer names it. */
static const char *full_id(const struct step *s)
{
	static const char *const keys[] = { "culprit", "good", "bad" };
	const char *c = s->col[S_COMMIT], *v;
	size_t i, n = strlen(c);

	if (!strcmp(s->col[S_ROLE], "revert") || n < 7)
		return NULL;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		v = bisect_get(b, keys[i]);
		if (v && strchr(v, ' '))	/* good and bad: "REV ID" */
			v = strchr(v, ' ') + 1;
		if (v && strlen(v) == 40 && !strncmp(v, c, n))
			return v;
	}
	return NULL;
}

static const char *step_id(const struct step *s, char *buf, size_t len)
{
	char part[64];

	snprintf(part, sizeof(part), "step%s", s->col[S_STEP]);
	return kcidb_id(buf, len, run, part);
}

/* log_url of logs/NAME when the bisection wrote it. */
static void log_url(struct jw *w, const char *name)
{
	char rel[PATH_MAX], path[PATH_MAX], url[3 * PATH_MAX];

	snprintf(rel, sizeof(rel), "logs/%s", name);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (!access(path, F_OK))
		jw_str(w, "log_url", kcidb_url(url, sizeof(url), dir, rel));
}

static void write_checkout(struct jw *w, const struct step *s)
{
	const char *full = full_id(s);
	char id[512], buf[1024];

	jw_open(w, NULL, '{');
	jw_str(w, "id", step_id(s, id, sizeof(id)));
	jw_str(w, "origin", KCIDB_ORIGIN);
	jw_str(w, "tree_name", KCIDB_ORIGIN);
	if (full)
		jw_str(w, "git_commit_hash", full);
	snprintf(buf, sizeof(buf), "%s %s", s->col[S_COMMIT], s->col[S_SUBJECT]);
	jw_str(w, "comment", buf);
	/* No build: the series' build-compat did not apply at the commit. */
	jw_bool(w, "valid", strcmp(s->col[S_BUILD], "-") != 0);
	jw_open(w, "misc", '{');
	jw_str(w, "series", bisect_get_or(b, "series", "?"));
	jw_str(w, "commit", s->col[S_COMMIT]);
	jw_str(w, "role", s->col[S_ROLE]);
	jw_close(w, '}');
	jw_close(w, '}');
}

static const char *build_status(const struct step *s)
{
	if (!strcmp(s->col[S_BUILD], "failed"))
		return "FAIL";
	if (!strcmp(s->col[S_BUILD], "-"))
		return "SKIP";
	return "PASS";	/* built, or "reused <commit>": identical to one built */
}

static void write_build(struct jw *w, const struct step *s)
{
	char id[512], name[256];
	double secs = kcidb_secs(s->col[S_SECS]);

	jw_open(w, NULL, '{');
	jw_str(w, "id", step_id(s, id, sizeof(id)));
	jw_str(w, "checkout_id", id);
	jw_str(w, "origin", KCIDB_ORIGIN);
	jw_str(w, "architecture", "x86_64");
	jw_str(w, "status", build_status(s));
	if (strcmp(build_status(s), "PASS") && strcmp(s->col[S_NOTE], "-"))
		jw_str(w, "log_excerpt", s->col[S_NOTE]);
	snprintf(name, sizeof(name), "%s-%s.build", s->col[S_STEP], s->col[S_COMMIT]);
	log_url(w, name);
	jw_open(w, "misc", '{');
	jw_str(w, "step", s->col[S_STEP]);
	jw_str(w, "role", s->col[S_ROLE]);
	jw_str(w, "build", s->col[S_BUILD]);
	jw_str(w, "verdict", s->col[S_VERDICT]);
	if (secs >= 0)
		jw_num(w, "step_secs", secs);
	jw_close(w, '}');
	jw_close(w, '}');
}

/* A test per try of a step: "OUTCOME@SEED", the k-th of its tries. */
static void write_try(struct jw *w, const struct step *s, const char *try, int k)
{
	const char *checks = bisect_get_or(b, "checks", "");
	char id[512], part[256], outcome[32], seed[32], name[256];

	if (sscanf(try, "%31[^@]@%31s", outcome, seed) != 2)
		return;
	jw_open(w, NULL, '{');
	snprintf(part, sizeof(part), "step%s/%d", s->col[S_STEP], k);
	jw_str(w, "id", kcidb_id(id, sizeof(id), run, part));
	jw_str(w, "build_id", step_id(s, id, sizeof(id)));
	jw_str(w, "origin", KCIDB_ORIGIN);
	/* One check: its path; several: the suite's, one verdict for all. */
	if (*checks && !strchr(checks, ','))
		snprintf(part, sizeof(part), "%s.%s", KCIDB_ORIGIN, checks);
	else
		snprintf(part, sizeof(part), "%s", KCIDB_ORIGIN);
	jw_str(w, "path", part);
	jw_str(w, "status", kcidb_status(outcome));
	if (!strcmp(outcome, "FAIL") && strcmp(s->col[S_FIRST_BAD], "-"))
		jw_str(w, "log_excerpt", s->col[S_FIRST_BAD]);
	snprintf(name, sizeof(name), "%s-%s-%d.log", s->col[S_STEP], s->col[S_COMMIT], k);
	log_url(w, name);
	jw_open(w, "misc", '{');
	jw_str(w, "checks", checks);
	jw_str(w, "seed", seed);
	jw_int(w, "try", k);
	jw_str(w, "step_verdict", s->col[S_VERDICT]);
	jw_str(w, "log", name);
	jw_close(w, '}');
	jw_close(w, '}');
}

static void write_tries(struct jw *w, const struct step *s)
{
	char tries[4096], *try, *save = NULL;
	int k = 1;

	snprintf(tries, sizeof(tries), "%s", s->col[S_TRIES]);
	for (try = strtok_r(tries, ",", &save); try; try = strtok_r(NULL, ",", &save))
		write_try(w, s, try, k++);
}

static void write_all(FILE *f)
{
	struct jw w;
	int i;

	kcidb_begin(&w, f);
	jw_open(&w, "checkouts", '[');
	for (i = 0; i < b->nr_steps; i++)
		write_checkout(&w, &b->steps[i]);
	jw_close(&w, ']');
	jw_open(&w, "builds", '[');
	for (i = 0; i < b->nr_steps; i++)
		write_build(&w, &b->steps[i]);
	jw_close(&w, ']');
	jw_open(&w, "tests", '[');
	for (i = 0; i < b->nr_steps; i++)
		write_tries(&w, &b->steps[i]);
	jw_close(&w, ']');
	jw_close(&w, '}');
}

int kcidb_bisect(const char *run_dir, const struct bisect_run *bisect)
{
	char buf[PATH_MAX];

	dir = run_dir;
	b = bisect;
	snprintf(run, sizeof(run), "%s", run_name(dir, buf, sizeof(buf)));
	return write_file("report", dir, "kcidb.json", write_all) ? -1 : 0;
}
