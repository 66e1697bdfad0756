// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "branches.h"
#include "facts.h"
#include "patchfile.h"
#include "runfile.h"

static const char *const kinds[] = { "fix", "build-compat", "history", NULL };

const char *short_id(const char *id)
{
	static char buf[4][13];
	static int next;
	char *b = buf[next++ % 4];

	snprintf(b, 13, "%s", id);
	return b;
}

static int known_kind(const char *k)
{
	int i;

	for (i = 0; k && kinds[i]; i++)
		if (!strcmp(k, kinds[i]))
			return 1;
	return 0;
}

static void load_list(struct ydoc *y, yaml_node_t *seq, const char *what,
		      int max, int *n, void (*put)(struct fact *, int, const char *),
		      struct fact *f)
{
	int i;

	if (seq && !ydoc_is_seq(seq)) {
		ydoc_err(y, seq, "%s: \"%s\" must be a list", f->id, what);
		return;
	}
	for (i = 0; i < ydoc_len(seq); i++) {
		const char *s = ydoc_str(ydoc_item(y, seq, i));

		if (!s || *n == max) {
			ydoc_err(y, ydoc_item(y, seq, i), "%s: bad or too many %s", f->id, what);
			continue;
		}
		put(f, (*n)++, s);
	}
}

static void put_fix(struct fact *f, int i, const char *s)
{
	snprintf(f->fixes[i], 41, "%s", s);
}

static void put_check(struct fact *f, int i, const char *s)
{
	f->checks[i] = s;
}

static void put_test(struct fact *f, int i, const char *s)
{
	f->tests[i] = s;
}

/* proven-by: {checks: [raid0-map, ...], fstests: [generic/086]} */
static void load_proofs(struct ydoc *y, yaml_node_t *m, struct fact *f)
{
	int i;

	f->proven_by = m;
	if (!m)
		return;
	if (!ydoc_is_map(m)) {
		ydoc_err(y, m, "%s: \"proven-by\" must be a mapping of checks and fstests",
			 short_id(f->id));
		return;
	}
	for (i = 0; i < ydoc_len(m); i++) {
		const char *k = ydoc_str(ydoc_key(y, m, i));

		if (!k || (strcmp(k, "checks") && strcmp(k, "fstests")))
			ydoc_err(y, ydoc_key(y, m, i), "%s: proven-by: %s: want checks or fstests",
				 short_id(f->id), k ? k : "?");
	}
	load_list(y, ydoc_get(y, m, "checks"), "proven-by checks", FACT_MAX_PROOFS,
		  &f->nr_checks, put_check, f);
	load_list(y, ydoc_get(y, m, "fstests"), "proven-by fstests", FACT_MAX_PROOFS,
		  &f->nr_tests, put_test, f);
	for (i = 0; i < f->nr_tests; i++)
		if (!strchr(f->tests[i], '/'))
			ydoc_err(y, m, "%s: proven-by: fstests: %s is no test (generic/086)",
				 short_id(f->id), f->tests[i]);
}

static void put_file(struct fact *f, int i, const char *s)
{
	f->files[i] = s;
}

/*
 * stable: a list of releases, each "4.0.5" or {release: 4.0.5, source:
 * <where that is said>}.  A release begins with its series' number.
 */
static void load_stable(struct ydoc *y, yaml_node_t *seq, struct fact *f)
{
	int i;

	if (seq && !ydoc_is_seq(seq)) {
		ydoc_err(y, seq, "%s: \"stable\" must be a list", short_id(f->id));
		return;
	}
	for (i = 0; i < ydoc_len(seq); i++) {
		yaml_node_t *it = ydoc_item(y, seq, i);
		struct stable_release *s = &f->stable[f->nr_stable];
		const char *rel = ydoc_str(it);

		if (ydoc_is_map(it)) {
			rel = ydoc_str(ydoc_get(y, it, "release"));
			s->source = ydoc_str(ydoc_get(y, it, "source"));
			if (!s->source)
				ydoc_err(y, it, "%s: a stable entry given as a mapping needs a source",
					 short_id(f->id));
		}
		if (!rel || !isdigit((unsigned char)rel[0]) || f->nr_stable == FACT_MAX_STABLE) {
			ydoc_err(y, it, "%s: bad or too many stable releases", short_id(f->id));
			continue;
		}
		s->release = rel;
		f->nr_stable++;
	}
}

static void load_one(struct facts *facts, yaml_node_t *n)
{
	struct ydoc *y = &facts->y;
	struct fact *f = &facts->f[facts->n];
	const char *id = ydoc_str(ydoc_get(y, n, "id"));

	memset(f, 0, sizeof(*f));
	if (!ydoc_is_map(n) || !id || !is_hex_id(id, 40, 40)) {
		ydoc_err(y, n, "each commit needs an id of 40 lower-case hex digits");
		return;
	}
	snprintf(f->id, sizeof(f->id), "%s", id);
	f->subject = ydoc_str(ydoc_get(y, n, "subject"));
	f->author = ydoc_str(ydoc_get(y, n, "author"));
	f->date = ydoc_str(ydoc_get(y, n, "date"));
	f->release = ydoc_str(ydoc_get(y, n, "release"));
	f->kind = ydoc_str(ydoc_get(y, n, "kind"));
	if (!f->subject || !f->release)
		ydoc_err(y, n, "%s: needs subject and release", short_id(id));
	if (!known_kind(f->kind))
		ydoc_err(y, n, "%s: kind must be fix, build-compat or history", short_id(id));
	load_list(y, ydoc_get(y, n, "fixes"), "fixes", FACT_MAX_FIXES, &f->nr_fixes, put_fix, f);
	load_list(y, ydoc_get(y, n, "files"), "files", FACT_MAX_FILES, &f->nr_files, put_file, f);
	load_stable(y, ydoc_get(y, n, "stable"), f);
	load_proofs(y, ydoc_get(y, n, "proven-by"), f);
	facts->n++;
}

int facts_load(struct facts *facts, const char *path)
{
	yaml_node_t *list;
	int i, j;

	memset(facts, 0, sizeof(*facts));
	if (ydoc_load(&facts->y, path))
		return -1;
	list = ydoc_get(&facts->y, ydoc_root(&facts->y), "commits");
	if (!ydoc_is_seq(list)) {
		ydoc_err(&facts->y, ydoc_root(&facts->y), "needs a list \"commits\"");
		return -1;
	}
	if (ydoc_len(list) > FACTS_MAX)
		ydoc_err(&facts->y, list, "more than %d commits: raise FACTS_MAX", FACTS_MAX);
	for (i = 0; i < ydoc_len(list) && facts->n < FACTS_MAX; i++)
		load_one(facts, ydoc_item(&facts->y, list, i));
	for (i = 0; i < facts->n; i++)
		for (j = 0; j < facts->f[i].nr_fixes; j++)
			if (!facts_find(facts, facts->f[i].fixes[j]))
				ydoc_err(&facts->y, ydoc_item(&facts->y, list, i),
					 "%s: Fixes: %s is not a known commit",
					 short_id(facts->f[i].id), facts->f[i].fixes[j]);
	return facts->y.errors ? -1 : 0;
}

int facts_load_for_branches(struct facts *facts, struct ydoc *branches,
			    const char *dir)
{
	const char *rel = ydoc_str(ydoc_get(branches, ydoc_root(branches), "upstream"));
	char path[8192];

	if (!rel) {
		fprintf(stderr, "%s: no \"upstream\" facts file named\n", branches->path);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return facts_load(facts, path);
}

const struct fact *facts_find(const struct facts *facts, const char *prefix)
{
	size_t n = strlen(prefix);
	int i;

	if (n < 12)
		return NULL;
	for (i = 0; i < facts->n; i++)
		if (!strncmp(facts->f[i].id, prefix, n))
			return &facts->f[i];
	return NULL;
}

const struct stable_release *fact_stable_in(const struct fact *f, const char *series)
{
	size_t n = strlen(series);
	int i;

	for (i = 0; i < f->nr_stable; i++)
		if (!strncmp(f->stable[i].release, series, n) &&
		    strchr(". -", f->stable[i].release[n]))
			return &f->stable[i];
	return NULL;
}

/*
 * The commits of the facts file that say Fixes: ID, one line each:
 * "id<TAB>subject<TAB>release<TAB>kind".  Nothing (exit 0) when ID is not
 * known or nothing fixes it: a bisection prints what is known, no more.
 */
int facts_fixed_by(struct ydoc *y, const char *dir, const char *id)
{
	static struct facts facts;
	size_t n = strlen(id);
	int i, j;

	if (n < 12) {
		fprintf(stderr, "sgconf: fixed-by: %s: want at least 12 hex digits\n", id);
		return 2;
	}
	if (facts_load_for_branches(&facts, y, dir))
		return 1;
	for (i = 0; i < facts.n; i++) {
		const struct fact *f = &facts.f[i];

		for (j = 0; j < f->nr_fixes; j++)
			if (!strncmp(f->fixes[j], id, n))
				printf("%s\t%s\t%s\t%s\n", f->id, f->subject,
				       f->release ?: "-", f->kind ?: "-");
	}
	return 0;
}

static void proof_row(const struct fact *f, const char *kind, const char *name, const char *fixes)
{
	const char *values[PI_NCOLS] = { f->id, kind, name, fixes[0] ? fixes : "-", f->subject };

	runfile_put_row(stdout, runfile_kind("proofindex"), values);
}

int facts_proofs(struct ydoc *y, const char *dir)
{
	static struct facts facts;
	char fixes[FACT_MAX_FIXES * 41 + 1];
	const struct fact *f;
	int i, j, bad = 0;

	if (facts_load_for_branches(&facts, y, dir))
		return 2;
	for (i = 0; i < facts.n; i++)
		for (j = 0; j < facts.f[i].nr_checks; j++)
			if (!branches_is_check(y, facts.f[i].checks[j])) {
				ydoc_err(&facts.y, facts.f[i].proven_by,
					 "%s: proven-by: %s is not a check of %s",
					 short_id(facts.f[i].id), facts.f[i].checks[j], y->path);
				bad = 1;
			}
	if (bad)
		return 2;
	runfile_put_header(stdout, runfile_kind("proofindex"));
	for (i = 0; i < facts.n; i++) {
		f = &facts.f[i];
		fixes[0] = '\0';
		for (j = 0; j < f->nr_fixes; j++)
			snprintf(fixes + strlen(fixes), sizeof(fixes) - strlen(fixes), "%s%s",
				 j ? "," : "", f->fixes[j]);
		for (j = 0; j < f->nr_checks; j++)
			proof_row(f, "check", f->checks[j], fixes);
		for (j = 0; j < f->nr_tests; j++)
			proof_row(f, "fstests", f->tests[j], fixes);
	}
	return 0;
}
