// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "uphist.h"

struct tag {
	char *name;
	unsigned char id[20];
	unsigned long long version;	/* 0: not a release tag */
};

static struct tag *tags;
static int nr_tags;
static uint32_t all_series;

int hex_to_id(const char *hex, unsigned char *id)
{
	int i;

	for (i = 0; i < 20; i++)
		if (sscanf(hex + 2 * i, "%2hhx", &id[i]) != 1)
			return -1;
	return 0;
}

void id_to_hex(const unsigned char *id, char *hex)
{
	int i;

	for (i = 0; i < 20; i++)
		sprintf(hex + 2 * i, "%02x", id[i]);
}

/* vA.B[.C][-rcN] as a number that sorts -rcN before the release. */
static unsigned long long release_version(const char *t)
{
	unsigned a, b, c = 0, rc = 999;
	int n = 0;

	if (sscanf(t, "v%u.%u%n", &a, &b, &n) != 2)
		return 0;
	t += n;
	if (sscanf(t, ".%u%n", &c, &n) == 1)
		t += n;
	if (sscanf(t, "-rc%u%n", &rc, &n) == 1)
		t += n;
	if (*t)
		return 0;
	return ((a * 1000ULL + b) * 1000ULL + c) * 1000ULL + rc;
}

static int by_version(const void *a, const void *b)
{
	const struct tag *x = a, *y = b;

	return x->version < y->version ? -1 : x->version > y->version;
}

static size_t slot(const struct uphist *h, const unsigned char *id)
{
	uint64_t k;

	memcpy(&k, id, sizeof(k));
	return k & (h->cap - 1);
}

static struct up_commit *insert(struct uphist *h, const unsigned char *id);

/* A free slot has mask UINT32_MAX (there are at most 31 series). */
static void grow(struct uphist *h)
{
	struct up_commit *old = h->tab;
	size_t i, cap = h->cap;

	h->cap = cap ? cap * 2 : 1 << 16;
	h->tab = malloc(h->cap * sizeof(*h->tab));
	if (!h->tab) {
		perror("follow-ups");
		exit(1);
	}
	for (i = 0; i < h->cap; i++)
		h->tab[i].mask = UINT32_MAX;
	h->n = 0;
	for (i = 0; i < cap; i++)
		if (old[i].mask != UINT32_MAX)
			*insert(h, old[i].id) = old[i];
	free(old);
}

struct up_commit *up_find(struct uphist *h, const unsigned char *id)
{
	size_t i;

	if (!h->cap)
		return NULL;
	for (i = slot(h, id); h->tab[i].mask != UINT32_MAX; i = (i + 1) & (h->cap - 1))
		if (!memcmp(h->tab[i].id, id, 20))
			return &h->tab[i];
	return NULL;
}

static struct up_commit *insert(struct uphist *h, const unsigned char *id)
{
	struct up_commit *c = up_find(h, id);
	size_t i;

	if (c)
		return c;
	if (2 * (h->n + 1) > h->cap)
		grow(h);
	for (i = slot(h, id); h->tab[i].mask != UINT32_MAX; i = (i + 1) & (h->cap - 1))
		;
	memcpy(h->tab[i].id, id, 20);
	h->tab[i].rank = UP_NO_RANK;
	h->tab[i].mask = 0;
	h->n++;
	return &h->tab[i];
}

/* The tags of repo, each with the commit it names. */
static int read_tags(struct uphist *h)
{
	char cmd[8400], *line = NULL, obj[64], peeled[64], name[4096];
	size_t len = 0;
	FILE *p;
	int cap = 0;

	snprintf(cmd, sizeof(cmd),
		 "git -C '%s' for-each-ref --format='%%(objectname) %%(*objectname) %%(refname:short)' refs/tags",
		 h->repo);
	p = popen(cmd, "r");
	while (p && getline(&line, &len, p) > 0) {
		int n = sscanf(line, "%63s %63s %4095s", obj, peeled, name);

		if (n == 2) {	/* a lightweight tag: no peeled object */
			snprintf(name, sizeof(name), "%s", peeled);
			peeled[0] = '\0';
		} else if (n != 3) {
			continue;
		}
		if (nr_tags == cap) {
			cap = cap ? 2 * cap : 256;
			tags = realloc(tags, cap * sizeof(*tags));
		}
		tags[nr_tags].name = strdup(name);
		hex_to_id(peeled[0] ? peeled : obj, tags[nr_tags].id);
		tags[nr_tags].version = release_version(name);
		nr_tags++;
	}
	free(line);
	return p ? pclose(p) : -1;
}

int up_open(struct uphist *h, const char *repo)
{
	char cmd[8400];
	int i;

	memset(h, 0, sizeof(*h));
	h->repo = repo;
	if (strchr(repo, '\'')) {
		fprintf(stderr, "follow-ups: UPSTREAM=%s: a path with a quote\n", repo);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "git -C '%s' rev-parse --git-dir >/dev/null 2>&1", repo);
	if (system(cmd)) {
		fprintf(stderr, "follow-ups: UPSTREAM=%s: not a git repository\n", repo);
		return -1;
	}
	grow(h);
	if (read_tags(h))
		return -1;
	qsort(tags, nr_tags, sizeof(*tags), by_version);
	h->release = calloc(nr_tags + 1, sizeof(char *));
	for (i = 0; i < nr_tags; i++) {
		struct up_commit *c;

		if (!tags[i].version)
			continue;
		c = insert(h, tags[i].id);
		if (c->rank == UP_NO_RANK)
			c->rank = h->nr_releases;
		h->release[h->nr_releases++] = tags[i].name;
	}
	return 0;
}

int up_tag_commit(struct uphist *h, const char *tag, unsigned char *id)
{
	int i;

	(void)h;
	for (i = 0; i < nr_tags; i++)
		if (!strcmp(tags[i].name, tag)) {
			memcpy(id, tags[i].id, 20);
			return 0;
		}
	return -1;
}

void up_mark(struct uphist *h, const unsigned char *id, uint32_t bit)
{
	insert(h, id)->mask |= bit;
	all_series |= bit;
}

const char *up_release(const struct uphist *h, uint16_t rank)
{
	return rank < h->nr_releases ? h->release[rank] : "(no release yet)";
}

/* "Fixes: <8 to 40 hex>" lines of a message, lower-cased. */
static void read_fixes(struct up_fix *f, char *body)
{
	char *line, *save = NULL;

	for (line = strtok_r(body, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = line;
		int n = 0;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncasecmp(p, "Fixes:", 6) || f->nr_targets == UP_MAX_FIXES)
			continue;
		for (p += 6; *p == ' ' || *p == '\t'; p++)
			;
		while (isxdigit((unsigned char)p[n]))
			n++;
		if (n < 8 || n > 40)
			continue;
		f->target[f->nr_targets] = strndup(p, n);
		for (p = f->target[f->nr_targets]; *p; p++)
			*p = tolower((unsigned char)*p);
		f->nr_targets++;
	}
}

static void keep_fix(struct uphist *h, const struct up_commit *c, char *author,
		     char *date, char *body)
{
	struct up_fix f = { .rank = c->rank, .mask = c->mask };
	char *nl = strchr(body, '\n');

	if (!strstr(body, "ixes:") && !strstr(body, "IXES:"))
		return;
	memcpy(f.id, c->id, 20);
	f.subject = strndup(body, nl ? (size_t)(nl - body) : strlen(body));
	read_fixes(&f, nl ? nl + 1 : body + strlen(body));
	if (!f.nr_targets) {
		free(f.subject);
		return;
	}
	f.author = strdup(author);
	f.date = strdup(date);
	if (h->nr_fixes == h->cap_fixes) {
		h->cap_fixes = h->cap_fixes ? 2 * h->cap_fixes : 4096;
		h->fix = realloc(h->fix, h->cap_fixes * sizeof(*h->fix));
	}
	h->fix[h->nr_fixes++] = f;
}

/* One record: "H P...\nauthor\ndate\nmessage". */
static int read_commit(struct uphist *h, char *rec)
{
	char *author = strchr(rec, '\n'), *date, *body, *p;
	unsigned char id[20], parent[20];
	struct up_commit *c, copy;

	if (!author || hex_to_id(rec, id))
		return -1;
	*author++ = '\0';
	date = strchr(author, '\n');
	if (!date)
		return -1;
	*date++ = '\0';
	body = strchr(date, '\n');
	if (!body)
		return -1;
	*body++ = '\0';
	c = insert(h, id);
	copy = *c;	/* inserting parents may move the table */
	for (p = rec + 40; *p == ' ' && !hex_to_id(p + 1, parent); p += 41) {
		struct up_commit *pc = insert(h, parent);

		if (copy.rank < pc->rank)
			pc->rank = copy.rank;
		pc->mask |= copy.mask;
	}
	/* What every series' base has is no follow-up for any of them. */
	if ((copy.mask & all_series) != all_series || !all_series)
		keep_fix(h, &copy, author, date, body);
	return 0;
}

static int by_id(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

static void sort_ids(struct uphist *h)
{
	size_t i, n = 0;

	h->sorted = malloc(h->n * 20 + 1);
	for (i = 0; i < h->cap; i++)
		if (h->tab[i].mask != UINT32_MAX)
			memcpy(h->sorted + 20 * n++, h->tab[i].id, 20);
	qsort(h->sorted, n, 20, by_id);
}

int up_walk(struct uphist *h, const char *rev)
{
	char cmd[8400], *rec = NULL;
	size_t len = 0, n = 0;
	FILE *p;
	int rc;

	if (strchr(rev, '\'')) {
		fprintf(stderr, "follow-ups: %s: a revision with a quote\n", rev);
		return -1;
	}
	snprintf(cmd, sizeof(cmd),
		 "git -C '%s' log -z --topo-order --format='%%H %%P%%n%%an%%n%%aD%%n%%B' '%s' --",
		 h->repo, rev);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (getdelim(&rec, &len, '\0', p) > 0) {
		if (read_commit(h, rec)) {
			fprintf(stderr, "follow-ups: git log of %s: cannot read record %zu\n",
				h->repo, n);
			pclose(p);
			return -1;
		}
		n++;
	}
	free(rec);
	rc = pclose(p);
	if (rc || !n) {
		fprintf(stderr, "follow-ups: git log %s in %s failed\n", rev, h->repo);
		return -1;
	}
	sort_ids(h);
	return 0;
}

int up_resolve(struct uphist *h, const char *abbrev, unsigned char *id)
{
	unsigned char lo[20] = { 0 };
	size_t n = strlen(abbrev), a = 0, b = h->n, i, found = 0;
	char hex[41];

	/* The smallest id with the prefix: the abbreviation, then zeros. */
	for (i = 0; i < n && i < 40; i++) {
		int d = isdigit((unsigned char)abbrev[i]) ? abbrev[i] - '0' :
			tolower((unsigned char)abbrev[i]) - 'a' + 10;

		lo[i / 2] |= i % 2 ? d : d << 4;
	}
	while (a < b) {
		size_t m = (a + b) / 2;

		if (memcmp(h->sorted + 20 * m, lo, 20) < 0)
			a = m + 1;
		else
			b = m;
	}
	for (i = a; i < h->n && found < 2; i++) {
		id_to_hex(h->sorted + 20 * i, hex);
		if (strncmp(hex, abbrev, n))
			break;
		if (!found++)
			memcpy(id, h->sorted + 20 * i, 20);
	}
	return found;
}
