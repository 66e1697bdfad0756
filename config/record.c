// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf BRANCHES record ID key=value...: the one writer of the upstream
 * facts.  The file is read and validated with libyaml, but written as
 * text: the new entry is appended as a block generated here (every value
 * a double-quoted scalar), so the comments that explain the file stay.
 * The result goes to a temporary file beside it, is re-read and checked
 * to hold the entry, and only then renamed over the old one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts.h"
#include "patchfile.h"
#include "record.h"

enum { K_SUBJECT, K_AUTHOR, K_DATE, K_RELEASE, K_KIND, K_FIXES, K_FILES,
       K_STABLE, NR_KEYS };

static const char *const keys[NR_KEYS] = {
	"subject", "author", "date", "release", "kind", "fixes", "files", "stable",
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
			fprintf(stderr, "record: \"%s\": not key=value with a key of subject, author, date, release, kind, fixes, files, stable\n",
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

/* key: ["a", "b", ...], wrapped under its first item. */
static int put_list(FILE *out, int k, const char *csv)
{
	char *copy = strdup(csv), *item, *save = NULL, full[41];
	int col, indent, first = 1;

	if (!copy)
		return -1;
	col = indent = fprintf(out, "    %s: [", keys[k]);
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
	for (k = NR_REQUIRED; k < NR_KEYS; k++)
		if (val[k] && *val[k] && put_list(out, k, val[k]))
			return -1;
	return 0;
}

/* The old file's bytes, ending in a newline. */
static int copy_file(const char *path, FILE *out)
{
	FILE *in = fopen(path, "r");
	char buf[65536];
	size_t n;
	int last = '\n';

	if (!in) {
		fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0) {
		fwrite(buf, 1, n, out);
		last = buf[n - 1];
	}
	fclose(in);
	if (last != '\n')
		fputc('\n', out);
	return 0;
}

/* The file as written holds the entry: it validates and has id. */
static int check_written(const char *tmp, const char *path, const char *id)
{
	static struct facts again;

	if (facts_load(&again, tmp)) {
		fprintf(stderr, "%s: not changed: with %s it would not validate\n",
			path, short_id(id));
		return -1;
	}
	if (!facts_find(&again, id)) {
		fprintf(stderr, "%s: not changed: %s is not under \"commits:\" once appended (is commits: the last key?)\n",
			path, short_id(id));
		return -1;
	}
	ydoc_free(&again.y);
	return 0;
}

static int write_new(const char *path, const char *id, const char **val)
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
	bad = copy_file(path, out);
	if (!bad && put_entry(out, id, val))
		bad = 2;
	if (fflush(out) || fsync(fd))
		bad = bad ?: 1;
	fclose(out);
	if (!bad && check_written(tmp, path, id))
		bad = 1;
	if (!bad && rename(tmp, path)) {
		fprintf(stderr, "%s: cannot replace: %s\n", path, strerror(errno));
		bad = 1;
	}
	if (bad)
		unlink(tmp);
	return bad;
}

int facts_record(const char *path, const char *id, int argc, char **argv)
{
	const char *val[NR_KEYS] = { 0 };
	int rc;

	if (!is_hex_id(id, 40, 40)) {
		fprintf(stderr, "record: %s: a commit id is 40 lower-case hex digits\n", id);
		return 2;
	}
	if (parse_args(argc, argv, val))
		return 2;
	if (facts_load(&facts, path))
		return 1;
	if (facts_find(&facts, id)) {
		fprintf(stderr, "%s is recorded already\n", short_id(id));
		return 0;
	}
	rc = write_new(path, id, val);
	if (!rc)
		printf("recorded %s\n", short_id(id));
	return rc;
}
