// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "branches.h"
#include "lint.h"
#include "patchfile.h"

#define MAX_PATCHES 64
#define MAX_LINES 20000

static int problems;

static void problem(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void problem(const char *fmt, ...)
{
	va_list ap;

	printf("lint: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	problems++;
}

/* The folder of path, into dir. */
static void folder_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');

	snprintf(dir, len, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
}

/* The *.patch files in dir must be the n paths that lister names. */
static void check_listing(const char *dir, const char *lister, char paths[][4096], int n)
{
	char full[4400];
	struct dirent *e;
	DIR *d;
	int i, listed;

	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 6, ".patch"))
			continue;
		snprintf(full, sizeof(full), "%s/%s", dir, e->d_name);
		for (i = 0, listed = 0; i < n; i++)
			listed |= !strcmp(paths[i], full);
		if (!listed)
			problem("%s: not listed in %s", full, lister);
	}
	closedir(d);
	for (i = 0; i < n; i++) {
		struct stat st;

		if (stat(paths[i], &st))
			problem("%s: listed in %s but missing", paths[i], lister);
	}
}

/*
 * A stable maintainer's Signed-off-by: says that a release of this series
 * shipped the patch: the upstream facts must name one.  An adaptation from
 * another series says so in a bracketed note and carries no such sign-off.
 */
static void check_stable_signoff(const struct patchfile *p, const struct fact *f,
				 const char *series)
{
	const char *who;
	int i;

	for (i = 0; i < p->nr_signoffs; i++) {
		who = p->signoffs[i];
		if (!is_stable_maintainer(who) || (f && fact_stable_in(f, series)))
			continue;
		problem("%s:%d: Signed-off-by: %s, but no %s stable release carried %s "
			"(stable: in the upstream facts)", p->path, p->signoff_lines[i], who,
			series, f ? short_id(f->id) : "this patch");
	}
}

static int touched_upstream(const struct fact *f, const char *file)
{
	int i;

	for (i = 0; i < f->nr_files; i++)
		if (!strcmp(f->files[i], file))
			return 1;
	return 0;
}

/*
 * Who wrote the code: a backport ("commit <id> upstream.", the house form
 * intake writes, whatever form the patch came in) keeps the upstream
 * author and author date; code this project wrote is From:
 * SG_AUTHOR and says what it follows ("Based on commit <id> upstream"),
 * or, for a toolchain change with no upstream counterpart, nothing.
 */
static void check_authorship(const struct patchfile *p, const struct fact *f,
			     const char *kind)
{
	int line = p->upstream_line, based_on = p->upstream_form == UPSTREAM_BASED_ON;

	if (p->own && p->upstream[0] && !based_on)
		problem("%s:%d: written by this project, so \"Based on commit <id> upstream\", "
			"not \"commit <id> upstream.\"", p->path, line);
	else if (!p->own && based_on)
		problem("%s:%d: \"Based on commit\" is for code this project wrote (From: "
			SG_AUTHOR "); a backport opens with \"commit <id> upstream.\"",
			p->path, line);
	else if (p->own && !p->upstream[0] && strcmp(kind, "build-compat"))
		problem("%s:%d: a fix must name its upstream commit (\"commit <id> upstream.\")",
			p->path, line);
	else if (!p->own && p->upstream_form != UPSTREAM_COMMIT)
		problem("%s:%d: the body must open with \"commit <40 hex digits> upstream.\"",
			p->path, line);
	if (!f || p->own)
		return;
	if (f->author && strncmp(p->from, f->author, strlen(f->author)))
		problem("%s: From: %s, but the upstream author is %s", p->path,
			p->from, f->author);
	if (f->date && strcmp(p->date, f->date))
		problem("%s: Date: %s, but the upstream author date is %s", p->path,
			p->date, f->date);
}

static void check_against_facts(const struct facts *facts, const struct patchfile *p,
				const char *kind, const char *series)
{
	const struct fact *f = p->upstream[0] ? facts_find(facts, p->upstream) : NULL;
	int i, j, found;

	check_authorship(p, f, kind);
	check_stable_signoff(p, f, series);
	if (!p->upstream[0])
		return;
	if (!f) {
		problem("%s: upstream %s is not in the upstream facts file", p->path, p->upstream);
		return;
	}
	if (strcmp(f->kind, kind))
		problem("%s: upstream commit is recorded as kind %s", p->path, f->kind);
	for (i = 0; i < p->nr_files; i++)
		if (!touched_upstream(f, p->files[i]))
			problem("%s: touches %s, which its upstream commit does not", p->path,
				p->files[i]);
	for (i = 0; i < f->nr_fixes; i++) {
		for (j = 0, found = 0; j < p->nr_fixes; j++)
			found |= !strncmp(f->fixes[i], p->fixes[j], strlen(p->fixes[j]));
		if (!found)
			problem("%s: lacks the upstream Fixes: %s", p->path, short_id(f->fixes[i]));
	}
}

struct hunk_state {
	FILE *out;		/* preimage being written, or NULL */
	long next;		/* next preimage line number to write */
	long old_left, new_left;
	char file[256];
};

static void open_preimage(struct hunk_state *h, const char *dir, const char *file)
{
	char path[4600], *slash;

	if (h->out)
		fclose(h->out);
	h->out = NULL;
	h->next = 1;
	snprintf(h->file, sizeof(h->file), "%s", file);
	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	for (slash = path + strlen(dir) + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	h->out = fopen(path, "w");
}

static void fill_to(struct hunk_state *h, long line)
{
	for (; h->next < line; h->next++)
		if (h->out)
			fprintf(h->out, "stableguard preimage filler %ld\n", h->next);
}

/* One line of the diff body; returns -1 on a malformed hunk. */
static int hunk_line(struct hunk_state *h, const char *line)
{
	long a, b = 1, c, d = 1;

	if (!strncmp(line, "@@ ", 3)) {
		if (h->old_left || h->new_left)
			return -1;
		if (sscanf(line, "@@ -%ld,%ld +%ld,%ld @@", &a, &b, &c, &d) < 4 &&
		    sscanf(line, "@@ -%ld +%ld @@", &a, &c) < 2)
			return -1;
		if (a < h->next)
			return -1;
		fill_to(h, a);
		h->old_left = b;
		h->new_left = d;
		return 0;
	}
	if (!h->old_left && !h->new_left)
		return 0;
	if (line[0] == ' ' || line[0] == '-') {
		if (h->out)
			fprintf(h->out, "%s\n", line + 1);
		h->next++;
		h->old_left--;
	}
	if (line[0] == ' ' || line[0] == '+')
		h->new_left--;
	if (line[0] != ' ' && line[0] != '-' && line[0] != '+' && line[0] != '\\')
		return -1;
	return h->old_left < 0 || h->new_left < 0 ? -1 : 0;
}

static void check_hunks(const char *path, const char *preimage_root)
{
	struct hunk_state h = { 0 };
	char line[4096], a[256], b[256], dir[4400];
	int lineno = 0, in_diff = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	snprintf(dir, sizeof(dir), "%s/%s", preimage_root ? preimage_root : "",
		 strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	if (preimage_root)
		mkdir(dir, 0755);
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "diff --git a/%255s b/%255s", a, b) == 2) {
			if (h.old_left || h.new_left)
				break;
			open_preimage(&h, preimage_root ? dir : NULL, b);
			in_diff = 1;
			continue;
		}
		if (!in_diff || !strncmp(line, "--- ", 4) || !strncmp(line, "+++ ", 4))
			if (!h.old_left && !h.new_left)
				continue;
		if (!strcmp(line, "-- ") && !h.old_left && !h.new_left)
			break;
		if (hunk_line(&h, line)) {
			problem("%s:%d: malformed hunk (line counts do not add up)", path, lineno);
			break;
		}
	}
	if (h.old_left || h.new_left)
		problem("%s: %s: the last hunk is cut short", path, h.file);
	if (h.out)
		fclose(h.out);
	fclose(f);
}

/*
 * A mutant puts a bug back for the matrix to catch: code this project
 * wrote, which backports nothing and which no stable release shipped.
 */
static void check_mutant(const struct patchfile *p, const char *series)
{
	if (!p->own)
		problem("%s: From: %s, but a mutant is code this project wrote (From: "
			SG_AUTHOR ")", p->path, p->from);
	if (p->upstream[0])
		problem("%s:%d: a mutant backports nothing, but its body names upstream %s",
			p->path, p->upstream_line, p->upstream);
	check_stable_signoff(p, NULL, series);
}

/* What the patches of a list are held to, beyond headers and hunks. */
struct list_kind {
	const struct facts *facts;	/* a backport's facts; NULL: mutants */
	const char *kind;		/* "fix" or "build-compat" */
	const char *series;
};

/*
 * The n patches of paths, which lister names, and which must be the
 * *.patch files of the folder dir: each read, held to its kind, and its
 * hunks (written out as preimages when preimage_dir is set).
 */
static int lint_list(const char *dir, char paths[][4096], int n, const char *lister,
		     const struct list_kind *k, const char *preimage_dir)
{
	struct patchfile p;
	char err[4400];
	int i;

	problems = 0;
	check_listing(dir, lister, paths, n);
	for (i = 0; i < n; i++) {
		if (patchfile_read(paths[i], &p, err, sizeof(err))) {
			printf("lint: %s\n", err);
			problems++;
			continue;
		}
		if (!p.has_diff)
			problem("%s: no diff --git section", paths[i]);
		if (k->facts)
			check_against_facts(k->facts, &p, k->kind, k->series);
		else
			check_mutant(&p, k->series);
		check_hunks(paths[i], preimage_dir);
	}
	return problems;
}

int lint_series(const struct facts *facts, const char *series,
		const char *series_file, const char *kind, const char *preimage_dir)
{
	static char paths[MAX_PATCHES][4096];
	struct list_kind k = { facts, kind, series };
	char err[4400], dir[4096];
	int n;

	n = series_read(series_file, paths, MAX_PATCHES, err, sizeof(err));
	if (n < 0) {
		printf("lint: %s\n", err);
		return 1;
	}
	folder_of(series_file, dir, sizeof(dir));
	return lint_list(dir, paths, n, series_file, &k, preimage_dir);
}

int lint_regress(const char *series, char paths[][4096], int n,
		 const char *lister, const char *preimage_dir)
{
	struct list_kind k = { NULL, NULL, series };
	char dir[4096];

	if (!n)
		return 0;
	folder_of(paths[0], dir, sizeof(dir));
	return lint_list(dir, paths, n, lister, &k, preimage_dir);
}

#define MAX_MUTANTS 32

/* The regress: patches of a series' variants, each once, as paths. */
static int regress_paths(struct ydoc *y, const char *dir, yaml_node_t *s, char paths[][4096])
{
	yaml_node_t *vs = ydoc_get(y, s, "variants"), *list;
	char path[4096];
	int i, j, k, n = 0;

	for (i = 0; i < ydoc_len(vs); i++) {
		list = ydoc_get(y, ydoc_value(y, vs, i), "regress");
		for (j = 0; j < ydoc_len(list); j++) {
			if (!branches_file(dir, ydoc_str(ydoc_item(y, list, j)), path, sizeof(path)))
				continue;
			for (k = 0; k < n && strcmp(paths[k], path); k++)
				;
			if (k == n && n < MAX_MUTANTS)
				snprintf(paths[n++], sizeof(paths[0]), "%s", path);
		}
	}
	return n;
}

/* The mutants of a series, linted as code of this project's own. */
static int lint_mutants(struct ydoc *y, const char *dir, yaml_node_t *s, const char *name,
			const char *preimage)
{
	static char paths[MAX_MUTANTS][4096];
	char lister[4400], rdir[4200];
	int n = regress_paths(y, dir, s, paths);

	snprintf(lister, sizeof(lister), "the regress: lists of %s's variants in %s",
		 name, y->path);
	if (preimage && n) {
		snprintf(rdir, sizeof(rdir), "%s/%s/regress", preimage, name);
		mkdir(rdir, 0755);
	}
	return lint_regress(name, paths, n, lister, preimage && n ? rdir : NULL);
}

static int lint_one(struct ydoc *y, const char *base, struct facts *facts, const char *name,
		    const char *preimage, const char *override)
{
	yaml_node_t *s = branches_series(y, name);
	char path[4096], dir[4200];
	const char *compat;
	int bad;

	if (!s)
		return 1;
	if (preimage) {
		snprintf(dir, sizeof(dir), "%s/%s", preimage, name);
		mkdir(dir, 0755);
	}
	branches_file(base, ydoc_str(ydoc_get(y, s, "patches")), path, sizeof(path));
	bad = lint_series(facts, name, override ? override : path, "fix",
			  preimage ? dir : NULL);
	compat = ydoc_str(ydoc_get(y, s, "build-compat"));
	if (compat) {
		branches_file(base, compat, path, sizeof(path));
		if (preimage) {
			snprintf(dir, sizeof(dir), "%s/%s/build-compat", preimage, name);
			mkdir(dir, 0755);
		}
		bad += lint_series(facts, name, path, "build-compat", preimage ? dir : NULL);
	}
	bad += lint_mutants(y, base, s, name, preimage);
	if (!bad)
		printf("lint: %s: patch sets well formed\n", name);
	return bad;
}

int lint_branches(struct ydoc *y, const char *dir, const char *name, const char *preimage,
		  const char *override)
{
	static struct facts facts;
	yaml_node_t *series = ydoc_get(y, ydoc_root(y), "series");
	int i, bad = 0;

	if (facts_load_for_branches(&facts, y, dir))
		return 1;
	if (preimage)
		mkdir(preimage, 0755);
	if (name)
		return lint_one(y, dir, &facts, name, preimage, override) ? 1 : 0;
	for (i = 0; i < ydoc_len(series); i++)
		bad |= lint_one(y, dir, &facts, ydoc_str(ydoc_key(y, series, i)),
				preimage, NULL) != 0;
	return bad;
}
