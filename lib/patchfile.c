// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "patchfile.h"

int is_hex_id(const char *s, int min, int max)
{
	int n = 0;

	for (; s[n]; n++)
		if (!isxdigit((unsigned char)s[n]) || isupper((unsigned char)s[n]))
			return 0;
	return n >= min && n <= max;
}

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

static void strip_patch_prefix(char *subject)
{
	char *end;

	if (subject[0] != '[' || !(end = strchr(subject, ']')))
		return;
	end++;
	while (*end == ' ')
		end++;
	memmove(subject, end, strlen(end) + 1);
}

/* The header a folded line continues, and how much room it has. */
struct header_slot {
	char *buf;
	size_t cap;
};

static void header(struct patchfile *p, const char *line, struct header_slot *last)
{
	static const struct { const char *name; size_t off, cap; } known[] = {
		{ "From: ", offsetof(struct patchfile, from), sizeof(p->from) },
		{ "Date: ", offsetof(struct patchfile, date), sizeof(p->date) },
		{ "Subject: ", offsetof(struct patchfile, subject), sizeof(p->subject) },
	};
	size_t i, n;

	if ((line[0] == ' ' || line[0] == '\t') && last->buf) {
		/* RFC 2822 folding: a continuation of the previous header. */
		n = strlen(last->buf);
		snprintf(last->buf + n, last->cap - n, "%s", line);
		return;
	}
	last->buf = NULL;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		n = strlen(known[i].name);
		if (strncmp(line, known[i].name, n))
			continue;
		last->buf = (char *)p + known[i].off;
		last->cap = known[i].cap;
		snprintf(last->buf, last->cap, "%s", line + n);
		return;
	}
}

/*
 * Whose Signed-off-by: says a stable release shipped the patch: the
 * maintainers of the kernel.org stable and longterm series of the 2014-2016
 * era and of the extended-stable series built on them, by the addresses
 * their sign-offs use.  Greg's is the one on the stable-queue patches this
 * tree carries (releases/4.0.3, 4.0.5, 4.0.6, 3.14.42, 3.14.44, 3.14.45).
 */
static const char *const stable_maintainers[] = {
	"gregkh@linuxfoundation.org", "gregkh@suse.de", "greg@kroah.com",
	"sashal@kernel.org", "sasha.levin@oracle.com", "ben@decadent.org.uk",
	"jslaby@suse.cz", "luis.henriques@canonical.com", "kamal@canonical.com",
	"w@1wt.eu", "lizefan@huawei.com",
};

int is_stable_maintainer(const char *who)
{
	size_t i;

	for (i = 0; i < sizeof(stable_maintainers) / sizeof(stable_maintainers[0]); i++)
		if (strstr(who, stable_maintainers[i]))
			return 1;
	return 0;
}

int is_stable_signoff(const char *line)
{
	if (strncmp(line, "Signed-off-by: ", 15))
		return 0;
	return is_stable_maintainer(line + 15);
}

/*
 * The forms in which the stable patches of the era name their upstream
 * commit.  The first four open the body; git cherry-pick -x puts its
 * line after the message, so that one counts on any line of it.  The
 * two forms whose writers give the full id take 40 hex digits only; the
 * others take an abbreviation of 12 or more, as Fixes: does.
 */
static const struct upstream_form {
	const char *before, *after;
	int min, kind;
} upstream_forms[] = {
	{ "commit ", " upstream", 40, UPSTREAM_COMMIT },	/* Greg's stable-queue */
	{ "[ Upstream commit ", " ]", 40, UPSTREAM_BRACKET },	/* the networking queue */
	{ "Upstream commit ", "", 12, UPSTREAM_PLAIN },
	{ "Based on commit ", "", 12, UPSTREAM_BASED_ON },
	{ "(cherry picked from commit ", ")", 12, UPSTREAM_CHERRY },	/* git cherry-pick -x */
};

static int hex_run(const char *s)
{
	int n = 0;

	while (isxdigit((unsigned char)s[n]) && !isupper((unsigned char)s[n]))
		n++;
	return n;
}

int upstream_line_id(const char *line, char *id, size_t len)
{
	const struct upstream_form *f;
	const char *hex, *rest;
	size_t i;
	int n;

	for (i = 0; i < sizeof(upstream_forms) / sizeof(upstream_forms[0]); i++) {
		f = &upstream_forms[i];
		if (strncmp(line, f->before, strlen(f->before)))
			continue;
		hex = line + strlen(f->before);
		n = hex_run(hex);
		rest = hex + n;
		if (n < f->min || n > 40 || strncmp(rest, f->after, strlen(f->after)) ||
		    isalnum((unsigned char)rest[strlen(f->after)]))
			continue;
		snprintf(id, len, "%.*s", n, hex);
		return f->kind;
	}
	return 0;
}

void upstream_body_line(const char *line, int lineno, int *first, char id[41], int *form)
{
	char word[64];
	int kind = upstream_line_id(line, word, sizeof(word));

	if (!*first && line[0])
		*first = lineno;
	else if (id[0] || kind != UPSTREAM_CHERRY)
		return;
	if (!kind)
		return;
	snprintf(id, 41, "%s", word);
	*form = kind;
}

static void body_line(struct patchfile *p, const char *line, int lineno)
{
	char id[64];

	if (is_stable_signoff(line))
		p->stable_signoffs++;
	/* A quilt patch repeats its author first in the body, as git am
	 * would take it: that is the author, and the body starts after. */
	if (!p->upstream_line && !p->in_body_from && !strncmp(line, "From: ", 6)) {
		p->in_body_from = 1;
		snprintf(p->from, sizeof(p->from), "%s", line + 6);
		return;
	}
	upstream_body_line(line, lineno, &p->upstream_line, p->upstream, &p->upstream_form);
	if (!strncmp(line, "Signed-off-by: ", 15) && p->nr_signoffs < PATCH_MAX_SIGNOFFS) {
		snprintf(p->signoffs[p->nr_signoffs], 256, "%s", line + 15);
		p->signoff_lines[p->nr_signoffs++] = lineno;
	}
	if (!strncmp(line, "Fixes: ", 7) && p->nr_fixes < PATCH_MAX_FIXES &&
	    sscanf(line + 7, "%63s", id) == 1 && is_hex_id(id, 12, 40))
		snprintf(p->fixes[p->nr_fixes++], 41, "%s", id);
}

static void add_file(struct patchfile *p, const char *name)
{
	if (p->nr_files < PATCH_MAX_FILES)
		snprintf(p->files[p->nr_files++], 256, "%s", name);
}

/* A plain diff's file: "+++ b/x" (or "--- a/x" over "+++ /dev/null"),
 * its first path component being the tree's folder, as patch -p1 takes. */
static void plain_diff_file(struct patchfile *p, const char *prev, const char *line)
{
	const char *name = strcmp(line + 4, "/dev/null") ? line + 4 : prev + 4;
	const char *slash = strchr(name, '/');
	char file[256];

	if (!slash || sscanf(slash + 1, "%255s", file) != 1)
		return;
	p->has_diff = 1;
	add_file(p, file);
}

static void diff_line(struct patchfile *p, const char *prev, const char *line)
{
	char a[256], b[256];

	if (!p->git_diff && !strncmp(prev, "--- ", 4) && !strncmp(line, "+++ ", 4)) {
		plain_diff_file(p, prev, line);
		return;
	}
	if (sscanf(line, "diff --git a/%255s b/%255s", a, b) != 2)
		return;
	p->has_diff = p->git_diff = 1;
	add_file(p, b);
}

/* Where the diff starts: a git diff, or a plain one (quilt) whose
 * "--- " line the next "+++ " line confirms. */
int diff_starts(const char *line, FILE *f)
{
	long at;
	char next[8];
	int plain;

	if (!strncmp(line, "diff --git ", 11))
		return 1;
	if (strncmp(line, "--- ", 4) || !strcmp(line, "--- "))
		return 0;
	at = ftell(f);
	plain = fgets(next, sizeof(next), f) && !strncmp(next, "+++ ", 4);
	fseek(f, at, SEEK_SET);
	return plain;
}

int patchfile_read(const char *path, struct patchfile *p, char *err, int len)
{
	struct header_slot last = { NULL, 0 };
	char line[4096], prev[4096] = "";
	int lineno = 0, in_headers = 1, in_diff = 0;
	FILE *f = fopen(path, "r");

	memset(p, 0, sizeof(*p));
	snprintf(p->path, sizeof(p->path), "%s", path);
	if (!f) {
		snprintf(err, len, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		chomp(line);
		if (in_headers) {
			if (!line[0])
				in_headers = 0;
			else
				header(p, line, &last);
			continue;
		}
		if (!in_diff && diff_starts(line, f))
			in_diff = 1;
		if (in_diff)
			diff_line(p, prev, line);
		else
			body_line(p, line, lineno);
		memcpy(prev, line, sizeof(prev));
	}
	fclose(f);
	strip_patch_prefix(p->subject);
	p->own = !strcmp(p->from, SG_AUTHOR);
	if (!p->from[0] || !p->date[0] || !p->subject[0]) {
		snprintf(err, len, "%s:1: not a git format-patch mbox (needs From:, Date: and Subject:)", path);
		return -1;
	}
	return 0;
}

int series_read(const char *series_path, char paths[][4096], int max,
		char *err, int len)
{
	char line[1024], dir[4096], *slash;
	int n = 0, lineno = 0;
	FILE *f = fopen(series_path, "r");

	if (!f) {
		snprintf(err, len, "%s: cannot open", series_path);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s", series_path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	while (fgets(line, sizeof(line), f)) {
		char *p = line;

		lineno++;
		line[strcspn(line, "#")] = '\0';
		chomp(line);
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			continue;
		if (n == max) {
			snprintf(err, len, "%s:%d: too many patches", series_path, lineno);
			fclose(f);
			return -1;
		}
		snprintf(paths[n++], 4096, "%s/%s", dir, p);
	}
	fclose(f);
	return n;
}
