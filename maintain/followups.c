// SPDX-License-Identifier: GPL-2.0
/*
 * followups PLAN UPSTREAM REV [FINDINGS]
 *
 * The fixes upstream has for what each series carries, and does not
 * carry.  PLAN (maintain/follow-ups.sh writes it) names each series, the
 * upstream tag its base grew from, its work repository in the cache ("-"
 * if none) and then the upstream commits it carries, with where each
 * came from:
 *
 *	series 3.19 v3.19 /cache/src/3.19 3.19.8 stable history
 *	carried 47d68979cc968535cb87f3e5f2e6a3533ea48fbd 3.19.8 (0a1b2c3d4e5f)
 *
 * Besides those, a series carries every commit its tag contains.  One
 * pass over `git log REV` (uphist.c) finds every commit with a Fixes:
 * trailer; one that names a carried commit, or a fix the series misses,
 * and that the series does not carry, is a missing follow-up fix.  Per
 * series a table, and the make intake line that takes each.  FINDINGS,
 * if named, gets "ID RELEASE TARGET TARGET_RELEASE TARGET_KIND" per
 * missing fix, for the facts (the target is a fix where a patch carries it).  $SG_APPLY_CHECK REPO BRANCH UPSTREAM ID says whether the
 * fix applies to the series' stable branch.
 *
 * $SG_EVIDENCE, if set, names a file of "SERIES<TAB>ID<TAB>TEXT" lines
 * (follow-ups.sh: the proof index and the newest make proofs MISSING=1
 * run): under each missing fix whose id starts with ID, "evidence: TEXT".
 *
 * Exit 0: nothing missing; 1: a series misses a fix; 2: bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "uphist.h"

struct carried {
	char id[41];
	char *where;
};

struct series {
	char name[64], tag[128], repo[4096], base[512];
	uint32_t bit;
	struct carried *c;
	size_t n, cap;
};

/* What each Fixes: target of a fix resolved to. */
struct target {
	int state;		/* 0 unknown, 1 one commit, 2 more than one */
	unsigned char id[20];
};

/* What shows a missing fix: a check or test, and what it found. */
struct evidence {
	char *series, *id, *text;
};

static struct series series[UP_MAX_SERIES];
static struct evidence *evidence;
static size_t nr_evidence;
static int nr_series;
static struct uphist h;
static struct target (*targets)[UP_MAX_FIXES];
static uint32_t *missing;	/* per fix: bit s when series s misses it */
static size_t *fix_order;	/* fixes sorted by id, for lookups */

static int plan_line(char *line, const char *plan, int lineno)
{
	struct series *s = &series[nr_series - 1];
	char id[64];
	int n = 0;

	line[strcspn(line, "\n")] = '\0';
	if (!strncmp(line, "series ", 7)) {
		if (nr_series == UP_MAX_SERIES)
			return -1;
		s = &series[nr_series];
		if (sscanf(line, "series %63s %127s %4095s %n", s->name, s->tag, s->repo, &n) != 3)
			return -1;
		snprintf(s->base, sizeof(s->base), "%s", line + n);
		s->bit = 1u << nr_series++;
		return 0;
	}
	if (!nr_series || sscanf(line, "carried %63s %n", id, &n) != 1 || strlen(id) > 40) {
		fprintf(stderr, "%s:%d: not \"series NAME TAG REPO BASE\" or \"carried ID WHERE\"\n",
			plan, lineno);
		return -1;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->c = realloc(s->c, s->cap * sizeof(*s->c));
	}
	snprintf(s->c[s->n].id, 41, "%s", id);
	s->c[s->n++].where = strdup(line + n);
	return 0;
}

static int read_plan(const char *plan)
{
	FILE *f = fopen(plan, "r");
	char line[8192];
	int lineno = 0;

	if (!f) {
		perror(plan);
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		if (plan_line(line, plan, ++lineno)) {
			fclose(f);
			return -1;
		}
	fclose(f);
	return 0;
}

/* $SG_EVIDENCE's lines, if it names a file; a line without three fields is named. */
static int read_evidence(void)
{
	const char *path = getenv("SG_EVIDENCE");
	char line[8192], *id, *text;
	size_t cap = 0;
	int lineno = 0;
	FILE *f;

	if (!path || !*path)
		return 0;
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		id = strchr(line, '\t');
		text = id ? strchr(id + 1, '\t') : NULL;
		if (!text || id == line || text == id + 1) {
			fprintf(stderr, "%s:%d: not \"SERIES<TAB>ID<TAB>TEXT\"\n", path, lineno);
			fclose(f);
			return -1;
		}
		*id++ = '\0';
		*text++ = '\0';
		if (nr_evidence == cap) {
			cap = cap ? 2 * cap : 64;
			evidence = realloc(evidence, cap * sizeof(*evidence));
		}
		evidence[nr_evidence].series = strdup(line);
		evidence[nr_evidence].id = strdup(id);
		evidence[nr_evidence++].text = strdup(text);
	}
	fclose(f);
	return 0;
}

/* Under a missing fix (hex) of s, what shows it. */
static void print_evidence(const struct series *s, const char *hex)
{
	size_t i;

	for (i = 0; i < nr_evidence; i++)
		if (!strcmp(evidence[i].series, s->name) &&
		    !strncmp(hex, evidence[i].id, strlen(evidence[i].id)))
			printf("      evidence: %s\n", evidence[i].text);
}

static int by_carried_id(const void *a, const void *b)
{
	return strcmp(((const struct carried *)a)->id, ((const struct carried *)b)->id);
}

/* Abbreviated carried ids become the full ids UPSTREAM has. */
static int resolve_carried(struct series *s)
{
	unsigned char id[20];
	size_t i;
	int bad = 0;

	for (i = 0; i < s->n; i++) {
		if (strlen(s->c[i].id) == 40)
			continue;
		switch (up_resolve(&h, s->c[i].id, id)) {
		case 1:
			id_to_hex(id, s->c[i].id);
			break;
		case 2:
			fprintf(stderr, "follow-ups: %s: %s (%s) matches more than one commit of %s\n",
				s->name, s->c[i].id, s->c[i].where, h.repo);
			bad = -1;
		}
	}
	qsort(s->c, s->n, sizeof(*s->c), by_carried_id);
	return bad;
}

static const struct carried *in_list(const struct series *s, const unsigned char *id)
{
	struct carried key;

	id_to_hex(id, key.id);
	return bsearch(&key, s->c, s->n, sizeof(*s->c), by_carried_id);
}

/* Where series s got id from, or NULL if it does not carry it. */
static const char *carried_from(const struct series *s, const unsigned char *id)
{
	static char base[200];
	const struct carried *c = in_list(s, id);
	struct up_commit *u;

	if (c)
		return c->where;
	u = up_find(&h, id);
	if (u && (u->mask & s->bit)) {
		snprintf(base, sizeof(base), "base (%s)", s->tag);
		return base;
	}
	return NULL;
}

static int by_fix_id(const void *a, const void *b)
{
	return memcmp(h.fix[*(const size_t *)a].id, h.fix[*(const size_t *)b].id, 20);
}

static long find_fix(const unsigned char *id)
{
	size_t a = 0, b = h.nr_fixes;

	while (a < b) {
		size_t m = (a + b) / 2;
		int c = memcmp(h.fix[fix_order[m]].id, id, 20);

		if (!c)
			return fix_order[m];
		if (c < 0)
			a = m + 1;
		else
			b = m;
	}
	return -1;
}

/* Every Fixes: target resolved; unknown ones named, ambiguous ones refused. */
static int resolve_targets(void)
{
	size_t i;
	int j, bad = 0;
	char hex[41];

	targets = calloc(h.nr_fixes + 1, sizeof(*targets));
	missing = calloc(h.nr_fixes + 1, sizeof(*missing));
	fix_order = malloc((h.nr_fixes + 1) * sizeof(*fix_order));
	for (i = 0; i < h.nr_fixes; i++) {
		struct up_fix *f = &h.fix[i];

		fix_order[i] = i;
		for (j = 0; j < f->nr_targets; j++) {
			targets[i][j].state = up_resolve(&h, f->target[j], targets[i][j].id);
			if (targets[i][j].state == 1)
				continue;
			id_to_hex(f->id, hex);
			fprintf(stderr, "follow-ups: %.12s (\"%s\"): Fixes: %s: %s\n", hex,
				f->subject, f->target[j], targets[i][j].state ?
				"matches more than one commit of UPSTREAM; give more digits" :
				"unknown: UPSTREAM has no such commit");
			bad |= targets[i][j].state == 2;
		}
	}
	qsort(fix_order, h.nr_fixes, sizeof(*fix_order), by_fix_id);
	return bad ? -1 : 0;
}

/* Fix i is missed by s if s lacks it and has, or misses, what it fixes. */
static int misses(const struct series *s, size_t i)
{
	const struct up_fix *f = &h.fix[i];
	int j;

	if ((f->mask & s->bit) || in_list(s, f->id))
		return 0;
	for (j = 0; j < f->nr_targets; j++) {
		long t;

		if (targets[i][j].state != 1)
			continue;
		if (carried_from(s, targets[i][j].id))
			return 1;
		t = find_fix(targets[i][j].id);
		if (t >= 0 && (missing[t] & s->bit))
			return 1;
	}
	return 0;
}

/* Oldest first, again until nothing changes (a Fixes: may point ahead). */
static void decide(void)
{
	int s, changed = 1;
	size_t i;

	while (changed) {
		changed = 0;
		for (i = h.nr_fixes; i-- > 0;)
			for (s = 0; s < nr_series; s++)
				if (!(missing[i] & series[s].bit) && misses(&series[s], i)) {
					missing[i] |= series[s].bit;
					changed = 1;
				}
	}
}

static const char *applies(const struct series *s, const char *id)
{
	const char *check = getenv("SG_APPLY_CHECK");
	char branch[128];
	pid_t pid;
	int st;

	if (!strcmp(s->repo, "-") || !check)
		return "no tree";
	snprintf(branch, sizeof(branch), "stable/%s", s->name);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		execl(check, check, s->repo, branch, h.repo, id, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return "?";
	switch (WEXITSTATUS(st)) {
	case 0: return "yes";
	case 1: return "no";
	case 3: return "no tree";
	}
	return "?";
}

/* The target of fix i that makes s miss it, and where s has that from. */
static void why(const struct series *s, size_t i, char *target, const char **from)
{
	int j;

	for (j = 0; j < h.fix[i].nr_targets; j++) {
		long t;

		if (targets[i][j].state != 1)
			continue;
		id_to_hex(targets[i][j].id, target);
		*from = carried_from(s, targets[i][j].id);
		if (*from)
			return;
		t = find_fix(targets[i][j].id);
		if (t >= 0 && (missing[t] & s->bit)) {
			*from = "missing too (above)";
			return;
		}
	}
}

static int report_series(const struct series *s, FILE *findings)
{
	char hex[41], target[41];
	unsigned char tid[20];
	const char *from = "";
	size_t i;
	int n = 0;

	printf("%s: base %s + %s; %zu carried commits named\n", s->name, s->tag,
	       s->base, s->n);
	for (i = h.nr_fixes; i-- > 0;) {
		const struct up_fix *f = &h.fix[i];
		struct up_commit *t;

		if (!(missing[i] & s->bit))
			continue;
		if (!n++)
			printf("  %-12s  %-10s  %-50s  %-12s  %-28s  %s\n", "missing fix",
			       "release", "subject", "fixes", "carried from",
			       "applies to stable/S");
		id_to_hex(f->id, hex);
		why(s, i, target, &from);
		printf("  %.12s  %-10s  %-50.50s  %.12s  %-28s  %s\n", hex,
		       up_release(&h, f->rank), f->subject, target, from,
		       applies(s, hex));
		print_evidence(s, hex);
		hex_to_id(target, tid);
		t = up_find(&h, tid);
		if (findings)
			fprintf(findings, "%s %s %s %s %s\n", hex, up_release(&h, f->rank),
				target, up_release(&h, t ? t->rank : UP_NO_RANK),
				strncmp(from, "patch ", 6) ? "history" : "fix");
	}
	if (!n) {
		printf("  no missing follow-up fix\n");
		return 0;
	}
	for (i = h.nr_fixes; i-- > 0;) {
		if (!(missing[i] & s->bit))
			continue;
		id_to_hex(h.fix[i].id, hex);
		printf("  take: git -C %s format-patch -1 --stdout %s > %.12s.mbox && make intake MBOX=%.12s.mbox SERIES=\"%s\" COMMIT=%s RELEASE=%s\n",
		       h.repo, hex, hex, hex, s->name, hex, up_release(&h, h.fix[i].rank));
	}
	return 1;
}

int main(int argc, char **argv)
{
	unsigned char id[20];
	FILE *findings = NULL;
	int s, bad = 0;

	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: followups PLAN UPSTREAM REV [FINDINGS]\n");
		return 2;
	}
	if (read_plan(argv[1]) || read_evidence() || up_open(&h, argv[2]))
		return 2;
	for (s = 0; s < nr_series; s++) {
		if (up_tag_commit(&h, series[s].tag, id)) {
			fprintf(stderr, "follow-ups: %s: UPSTREAM=%s has no tag %s\n",
				series[s].name, argv[2], series[s].tag);
			return 2;
		}
		up_mark(&h, id, series[s].bit);
	}
	if (up_walk(&h, argv[3]))
		return 2;
	for (s = 0; s < nr_series; s++)
		bad |= resolve_carried(&series[s]);
	if (resolve_targets() || bad)
		return 2;
	decide();
	if (argc == 5 && !(findings = fopen(argv[4], "w"))) {
		perror(argv[4]);
		return 2;
	}
	for (s = 0; s < nr_series; s++)
		bad |= report_series(&series[s], findings);
	if (findings)
		fclose(findings);
	fprintf(stderr, "follow-ups: %zu commits of %s read, %zu with Fixes: after the oldest base\n",
		h.n, argv[3], h.nr_fixes);
	return bad ? 1 : 0;
}
