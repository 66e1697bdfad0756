// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf BRANCHES record ID key=value...: the one writer of the upstream
 * facts.  The file is read and validated with libyaml, but written as
 * text: the new entry is appended as a block generated here (every value
 * a double-quoted scalar), so the comments that explain the file stay.
 * A commit recorded already gets only the stable= releases it lacks,
 * written into its entry's text where libyaml's marks say its stable:
 * list is (or a new stable: line after its release:); nothing else of
 * a recorded entry changes.
 * The result goes to a temporary file beside it, is re-read and checked
 * to hold the entry, and only then renamed over the old one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts.h"
#include "patchfile.h"
#include "record.h"
#include "yamldoc.h"

enum { K_SUBJECT, K_AUTHOR, K_DATE, K_RELEASE, K_KIND, K_FIXES, K_FILES,
       K_STABLE, K_CHECKS, K_FSTESTS, NR_KEYS };

/* checks= and fstests= go under proven-by: (put_entry), as its two lists. */
static const char *const keys[NR_KEYS] = {
	"subject", "author", "date", "release", "kind", "fixes", "files", "stable",
	"checks", "fstests",
};
/* The first five must be given. */
#define NR_REQUIRED 5

/* Wrap flow lists here, as the hand-written entries do. */
#define WRAP_COLUMN 72

static struct facts facts;

static int key_index(const char *arg, size_t len)
{
	int i;

	for (i = 0; i < NR_KEYS; i++)
		if (strlen(keys[i]) == len && !strncmp(arg, keys[i], len))
			return i;
	return -1;
}

static int parse_args(int argc, char **argv, const char **val)
{
	int i, k;

	for (i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');

		k = eq ? key_index(argv[i], eq - argv[i]) : -1;
		if (k < 0) {
			fprintf(stderr, "record: \"%s\": not key=value with a key of subject, author, date, release, kind, fixes, files, stable, checks, fstests\n",
				argv[i]);
			return -1;
		}
		if (val[k]) {
			fprintf(stderr, "record: %s= given twice\n", keys[k]);
			return -1;
		}
		val[k] = eq + 1;
	}
	for (k = 0; k < NR_REQUIRED; k++)
		if (!val[k] || !*val[k]) {
			fprintf(stderr, "record: %s= is missing\n", keys[k]);
			return -1;
		}
	if (strcmp(val[K_KIND], "fix") && strcmp(val[K_KIND], "history") &&
	    strcmp(val[K_KIND], "build-compat")) {
		fprintf(stderr, "record: kind=%s: must be fix, history or build-compat\n",
			val[K_KIND]);
		return -1;
	}
	return 0;
}

/* The full id of the one recorded commit id starts with, else id. */
static int resolve_fix(const char *id, char *out)
{
	size_t n = strlen(id);
	int i, found = 0;

	if (!is_hex_id(id, 8, 40)) {
		fprintf(stderr, "record: fixes=%s: not 8 to 40 lower-case hex digits\n", id);
		return -1;
	}
	snprintf(out, 41, "%s", id);
	for (i = 0; i < facts.n; i++)
		if (!strncmp(facts.f[i].id, id, n) && found++ == 0)
			snprintf(out, 41, "%s", facts.f[i].id);
	if (found > 1) {
		fprintf(stderr, "record: fixes=%s: matches %d recorded commits; give more digits\n",
			id, found);
		return -1;
	}
	return 0;
}

/*
 * The fixes= ids (comma-separated) no recorded commit starts with: each
 * on stdout, one a line, the answer a caller reads (exit 3), and named on
 * stderr.  Returns how many; a malformed id is left to resolve_fix.
 */
static int unknown_fixes(const char *csv)
{
	char *copy = strdup(csv), *id, *save = NULL;
	int i, unknown = 0;

	for (id = strtok_r(copy, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
		if (!is_hex_id(id, 8, 40))
			continue;
		for (i = 0; i < facts.n && strncmp(facts.f[i].id, id, strlen(id)); i++)
			;
		if (i < facts.n)
			continue;
		printf("%s\n", id);
		fprintf(stderr, "record: fixes=%s: not a recorded commit\n", id);
		unknown++;
	}
	free(copy);
	return unknown;
}

static void put_quoted(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void put_field(FILE *out, const char *key, const char *val)
{
	fprintf(out, "    %s: ", key);
	put_quoted(out, val);
	fputc('\n', out);
}

/* key: ["a", "b", ...] at column at, wrapped under its first item. */
static int put_list(FILE *out, int at, int k, const char *csv)
{
	char *copy = strdup(csv), *item, *save = NULL, full[41];
	int col, indent, first = 1;

	if (!copy)
		return -1;
	col = indent = fprintf(out, "%*s%s: [", at, "", keys[k]);
	for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		const char *v = item;

		if (k == K_FIXES) {
			if (resolve_fix(item, full)) {
				free(copy);
				return -1;
			}
			v = full;
		}
		if (!first && col + strlen(v) + 4 > WRAP_COLUMN) {
			fprintf(out, ",\n%*s", indent, "");
			col = indent;
		} else if (!first) {
			col += fprintf(out, ", ");
		}
		put_quoted(out, v);
		col += strlen(v) + 2;
		first = 0;
	}
	fputs("]\n", out);
	free(copy);
	return 0;
}

static int put_entry(FILE *out, const char *id, const char **val)
{
	int k;

	fprintf(out, "\n  - id: \"%s\"\n", id);
	for (k = 0; k < NR_REQUIRED; k++)
		put_field(out, keys[k], val[k]);
	for (k = NR_REQUIRED; k < K_CHECKS; k++)
		if (val[k] && *val[k] && put_list(out, 4, k, val[k]))
			return -1;
	if ((val[K_CHECKS] && *val[K_CHECKS]) || (val[K_FSTESTS] && *val[K_FSTESTS]))
		fputs("    proven-by:\n", out);
	for (k = K_CHECKS; k < NR_KEYS; k++)
		if (val[k] && *val[k] && put_list(out, 6, k, val[k]))
			return -1;
	return 0;
}

/* The facts file as read: its bytes, and where each line starts. */
struct text {
	char *buf;
	size_t len;
	size_t *line;	/* line[i]: the offset of line i (0-based, as libyaml counts) */
	size_t nr_lines;
};

static int read_text(const char *path, struct text *t)
{
	FILE *in = fopen(path, "r");
	size_t cap = 0, i;

	memset(t, 0, sizeof(*t));
	if (!in || getdelim(&t->buf, &cap, '\0', in) < 0) {
		fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
		if (in)
			fclose(in);
		return -1;
	}
	fclose(in);
	t->len = strlen(t->buf);
	t->line = malloc((t->len + 2) * sizeof(*t->line));
	if (!t->line)
		return -1;
	t->line[t->nr_lines++] = 0;
	for (i = 0; i < t->len; i++)
		if (t->buf[i] == '\n')
			t->line[t->nr_lines++] = i + 1;
	return 0;
}

/* The byte offset of a libyaml mark (line, and column in characters). */
static size_t offset_of(const struct text *t, size_t line, size_t column)
{
	size_t at;

	if (line >= t->nr_lines)
		return t->len;
	for (at = t->line[line]; column && at < t->len && t->buf[at] != '\n'; column--)
		for (at++; at < t->len && (t->buf[at] & 0xc0) == 0x80; at++)
			;
	return at;
}

/* What goes into the file, and where: text[0..at), insert, text[at..). */
struct edit {
	const struct text *text;
	size_t at;
	const char *id;
	const char **val;	/* a new entry: appended */
	char *insert;		/* releases added to an entry's stable: */
};

static int put_edit(FILE *out, const struct edit *e)
{
	const struct text *t = e->text;

	fwrite(t->buf, 1, e->at, out);
	if (e->at == t->len && t->len && t->buf[t->len - 1] != '\n')
		fputc('\n', out);
	if (e->val && put_entry(out, e->id, e->val))
		return 2;
	if (e->insert)
		fputs(e->insert, out);
	fwrite(t->buf + e->at, 1, t->len - e->at, out);
	return 0;
}

static int has_release(const struct fact *f, const char *rel)
{
	int i;

	for (i = 0; i < f->nr_stable; i++)
		if (!strcmp(f->stable[i].release, rel))
			return 1;
	return 0;
}

/* item is one of the comma-separated csv. */
static int in_csv(const char *csv, const char *item)
{
	size_t n = strlen(item);
	const char *p;

	for (p = csv; (p = strstr(p, item)); p += n)
		if ((p == csv || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

/* The file as written holds the entry: it validates, has id, and each
 * release of stable (comma-separated, or NULL) under its stable:. */
static int check_written(const char *tmp, const char *path, const char *id,
			 const char *stable)
{
	static struct facts again;
	const struct fact *f;
	char *copy, *rel, *save = NULL;
	int bad = 0;

	if (facts_load(&again, tmp)) {
		fprintf(stderr, "%s: not changed: with %s it would not validate\n",
			path, short_id(id));
		return -1;
	}
	f = facts_find(&again, id);
	if (!f) {
		fprintf(stderr, "%s: not changed: %s is not under \"commits:\" once appended (is commits: the last key?)\n",
			path, short_id(id));
		return -1;
	}
	copy = strdup(stable ? stable : "");
	for (rel = strtok_r(copy, ",", &save); rel; rel = strtok_r(NULL, ",", &save))
		if (!has_release(f, rel) && !bad++)
			fprintf(stderr, "%s: not changed: %s would not have stable %s\n",
				path, short_id(id), rel);
	free(copy);
	ydoc_free(&again.y);
	return bad ? -1 : 0;
}

static int write_new(const char *path, const struct edit *e, const char *stable)
{
	char tmp[4200];
	struct stat st;
	FILE *out;
	int fd, bad;

	snprintf(tmp, sizeof(tmp), "%s.new.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0 || stat(path, &st)) {
		fprintf(stderr, "%s: cannot write beside it: %s\n", path, strerror(errno));
		return 1;
	}
	fchmod(fd, st.st_mode & 07777);
	out = fdopen(fd, "w");
	bad = put_edit(out, e);
	if (fflush(out) || fsync(fd))
		bad = bad ?: 1;
	fclose(out);
	if (!bad && check_written(tmp, path, e->id, stable))
		bad = 1;
	if (!bad && rename(tmp, path)) {
		fprintf(stderr, "%s: cannot replace: %s\n", path, strerror(errno));
		bad = 1;
	}
	if (bad)
		unlink(tmp);
	return bad;
}

/* The releases of stable (comma-separated) that f does not have yet,
 * comma-separated into out; 0 when there are none. */
static int new_releases(const struct fact *f, const char *stable, char *out, size_t len)
{
	char *copy = strdup(stable), *rel, *save = NULL;
	size_t n = 0;
	int found = 0;

	out[0] = '\0';
	for (rel = strtok_r(copy, ",", &save); rel; rel = strtok_r(NULL, ",", &save)) {
		if (has_release(f, rel) || in_csv(out, rel))
			continue;
		n += snprintf(out + n, n < len ? len - n : 0, "%s%s", found++ ? "," : "", rel);
	}
	free(copy);
	return found;
}

/* The commits: entry of id in the loaded facts. */
static yaml_node_t *entry_of(const char *id)
{
	struct ydoc *y = &facts.y;
	yaml_node_t *list = ydoc_get(y, ydoc_root(y), "commits"), *e;
	int i;

	for (i = 0; i < ydoc_len(list); i++) {
		e = ydoc_item(y, list, i);
		if (!strcmp(ydoc_str(ydoc_get(y, e, "id")) ?: "", id))
			return e;
	}
	return NULL;
}

/* Each release of rels (comma-separated), quoted, between before and
 * after; bare_first: the first without before. */
static void put_releases(FILE *out, const char *rels, const char *before,
			 const char *after, int bare_first)
{
	char *copy = strdup(rels), *rel, *save = NULL;

	for (rel = strtok_r(copy, ",", &save); rel; rel = strtok_r(NULL, ",", &save)) {
		if (!bare_first || rel != copy)
			fputs(before, out);
		put_quoted(out, rel);
		fputs(after, out);
	}
	free(copy);
}

/* No stable: yet: a line of its own after the release: line. */
static void new_stable_line(FILE *out, yaml_node_t *entry, const char *rels,
			    struct edit *e)
{
	size_t line = ydoc_get(&facts.y, entry, "release")->end_mark.line;

	e->at = offset_of(e->text, line + 1, 0);
	put_list(out, entry->start_mark.column, K_STABLE, rels);
}

/* stable: [...]: before its "]". */
static int into_flow_list(FILE *out, yaml_node_t *st, const char *rels, struct edit *e)
{
	e->at = offset_of(e->text, st->end_mark.line, st->end_mark.column - 1);
	if (e->text->buf[e->at] != ']') {
		fprintf(stderr, "record: %s: its stable: list does not end in \"]\"\n",
			short_id(e->id));
		return -1;
	}
	put_releases(out, rels, ", ", "", ydoc_len(st) == 0);
	return 0;
}

/* stable: then "- ..." lines: more of them after the last. */
static void into_block_list(FILE *out, yaml_node_t *st, const char *rels, struct edit *e)
{
	yaml_node_t *last = ydoc_item(&facts.y, st, ydoc_len(st) - 1);
	char indent[64];
	/* A block mapping item ends where the next token starts. */
	size_t line = last->end_mark.line + !(ydoc_is_map(last) &&
		last->data.mapping.style == YAML_BLOCK_MAPPING_STYLE);

	e->at = offset_of(e->text, line, 0);
	snprintf(indent, sizeof(indent), "%*s- ", (int)st->start_mark.column, "");
	put_releases(out, rels, indent, "\n", 0);
}

/*
 * Where rels go in the entry's text, and what: e->at, and e->insert
 * (malloc'd).
 */
static int place_releases(yaml_node_t *entry, const char *rels, struct edit *e)
{
	yaml_node_t *st = ydoc_get(&facts.y, entry, "stable");
	size_t len = 0;
	FILE *out = open_memstream(&e->insert, &len);
	int rc = 0;

	if (!out)
		return -1;
	if (!st)
		new_stable_line(out, entry, rels, e);
	else if (st->data.sequence.style == YAML_FLOW_SEQUENCE_STYLE)
		rc = into_flow_list(out, st, rels, e);
	else
		into_block_list(out, st, rels, e);
	fclose(out);
	return rc;
}

/* A recorded commit: the releases of stable= it lacks, added. */
static int add_stable(const char *path, const char *id, const char *stable)
{
	const struct fact *f = facts_find(&facts, id);
	char rels[1024];
	struct text t;
	struct edit e = { .text = &t, .id = f->id };
	int rc;

	if (!stable || !new_releases(f, stable, rels, sizeof(rels))) {
		fprintf(stderr, "%s is recorded already\n", short_id(id));
		return 0;
	}
	if (read_text(path, &t))
		return 1;
	rc = place_releases(entry_of(f->id), rels, &e) ? 1 : write_new(path, &e, rels);
	if (!rc)
		printf("recorded %s: stable %s added\n", short_id(id), rels);
	free(e.insert);
	free(t.buf);
	free(t.line);
	return rc;
}

int facts_record(const char *path, const char *id, int argc, char **argv)
{
	const char *val[NR_KEYS] = { 0 };
	struct text t;
	struct edit e = { .text = &t, .id = id, .val = val };
	int rc;

	if (!is_hex_id(id, 40, 40)) {
		fprintf(stderr, "record: %s: a commit id is 40 lower-case hex digits\n", id);
		return 2;
	}
	if (parse_args(argc, argv, val))
		return 2;
	if (facts_load(&facts, path))
		return 1;
	if (facts_find(&facts, id) && (val[K_CHECKS] || val[K_FSTESTS])) {
		fprintf(stderr, "record: %s is recorded: its proven-by is edited in %s by hand\n",
			short_id(id), path);
		return 2;
	}
	if (facts_find(&facts, id))
		return add_stable(path, id, val[K_STABLE]);
	if (val[K_FIXES] && unknown_fixes(val[K_FIXES]))
		return 3;
	if (read_text(path, &t))
		return 1;
	e.at = t.len;
	rc = write_new(path, &e, NULL);
	if (!rc)
		printf("recorded %s\n", short_id(id));
	free(t.buf);
	free(t.line);
	return rc;
}

/* Each of checks=a,b is a check of branches.yaml: 0, or -1 naming one that is not. */
static int known_checks(struct ydoc *y, int argc, char **argv)
{
	yaml_node_t *c = ydoc_get(y, ydoc_root(y), "checks");
	char *copy, *name, *save = NULL;
	int i, j, bad = 0;

	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "checks=", 7))
			continue;
		copy = strdup(argv[i] + 7);
		for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
			for (j = 0; j < ydoc_len(c) && strcmp(ydoc_str(ydoc_item(y, c, j)), name); j++)
				;
			if (j == ydoc_len(c)) {
				fprintf(stderr, "record: checks=%s: not a check of %s\n", name, y->path);
				bad = -1;
			}
		}
		free(copy);
	}
	return bad;
}

/* sgconf record: facts_record() on the facts file branches.yaml names. */
int record_branches(struct ydoc *y, const char *dir, const char *id, int argc, char **argv)
{
	const char *rel = ydoc_str(ydoc_get(y, ydoc_root(y), "upstream"));
	char path[8192];

	if (known_checks(y, argc, argv))
		return 2;
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return facts_record(path, id, argc, argv);
}
