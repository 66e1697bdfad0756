// SPDX-License-Identifier: GPL-2.0
/*
 * quiltmail: a stable-queue quilt patch as intake takes it.
 *
 *	quiltmail info PATCH			what it is, as QM_* shell assignments
 *	quiltmail mail PATCH SERIES RELEASE	the mail git am takes into SERIES
 *	quiltmail upstream PATCH...		"ID PATCH" for each patch (quilt or
 *						git) that names its upstream commit
 *	git log -z --format=%H%n%B | quiltmail messages
 *						"ID COMMIT" for each commit whose
 *						message names its upstream commit
 *
 * The upstream commit is read in one place, upstream_line_id() of
 * patchfile.c: the shell of intake, follow-ups and bisect asks it through
 * "quiltmail upstream" (patch files) and "quiltmail messages" (commits)
 * rather than matching the forms itself.
 *
 * A stable-queue patch is a quilt patch: a plain "---"/"+++" diff, the
 * author repeated first in the body, a "commit <id> upstream." line and
 * the sign-offs of the stable release that shipped it (RELEASE, e.g.
 * 4.0.5).  The mail has the author, date and subject of its headers (the
 * in-body From: wins, as with git am), the body without the repeated
 * From: and without the upstream line (intake writes the stable header
 * itself).  The stable sign-offs are kept only when SERIES is RELEASE's
 * series: elsewhere they would claim a release that never carried the
 * patch, so they go and a bracketed note says whose patch it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "patchfile.h"

/* A value as a single-quoted shell word. */
static void put_quoted(const char *name, const char *val)
{
	printf("%s='", name);
	for (; *val; val++)
		if (*val == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*val);
	puts("'");
}

/* n strings, width bytes apart from first, comma-separated. */
static void put_list(const char *name, const char *first, int n, size_t width)
{
	char buf[PATCH_MAX_FILES * 257] = "";
	size_t len = 0;
	int i;

	for (i = 0; i < n; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s", i ? "," : "",
				first + i * width);
	put_quoted(name, buf);
}

static int cmd_info(const struct patchfile *p)
{
	put_quoted("QM_ID", p->upstream);
	printf("QM_QUILT=%d\n", !p->git_diff);
	printf("QM_STABLE_SIGNOFFS=%d\n", p->stable_signoffs);
	put_quoted("QM_SUBJECT", p->subject);
	put_quoted("QM_AUTHOR", p->from);
	put_quoted("QM_DATE", p->date);
	put_list("QM_FIXES", p->fixes[0], p->nr_fixes, sizeof(p->fixes[0]));
	put_list("QM_FILES", p->files[0], p->nr_files, sizeof(p->files[0]));
	return 0;
}

/* RELEASE (4.0.5) is a release of SERIES (4.0). */
static int release_of(const char *release, const char *series)
{
	size_t n = strlen(series);

	return !strncmp(release, series, n) && release[n] == '.';
}

/* The next line of f in *line, without its newline (the rest byte for
 * byte: the diff is copied as it is); 0 at the end of f. */
static int next_line(FILE *f, char **line, size_t *cap)
{
	ssize_t n = getline(line, cap, f);

	if (n < 0)
		return 0;
	if (n && (*line)[n - 1] == '\n')
		(*line)[n - 1] = '\0';
	return 1;
}

/* Skips the headers, the repeated From: and the upstream line, and the
 * blank lines around them; returns 1 with the first line of the message
 * in *line, or 0 at the end of f. */
static int message_start(FILE *f, char **line, size_t *cap)
{
	char id[41];
	int in_headers = 1;

	while (next_line(f, line, cap)) {
		if (in_headers) {
			in_headers = **line != '\0';
			continue;
		}
		if (!**line || !strncmp(*line, "From: ", 6) ||
		    upstream_line_id(*line, id, sizeof(id)))
			continue;
		return 1;
	}
	return 0;
}

/* The end of the message: the "---" before the diffstat, or the diff. */
static int message_ends(const char *line, FILE *f)
{
	return !strcmp(line, "---") || diff_starts(line, f);
}

static int cmd_mail(const struct patchfile *p, const char *series, const char *release)
{
	int keep = release_of(release, series), blanks = 0, more;
	char *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(p->path, "r");

	if (!f) {
		fprintf(stderr, "quiltmail: %s: cannot open\n", p->path);
		return 1;
	}
	printf("From %s Mon Sep 17 00:00:00 2001\n", p->upstream[0] ? p->upstream :
	       "0000000000000000000000000000000000000000");
	printf("From: %s\nDate: %s\nSubject: %s\n\n", p->from, p->date, p->subject);
	for (more = message_start(f, &line, &cap);
	     more && !message_ends(line, f); more = next_line(f, &line, &cap)) {
		if (!keep && is_stable_signoff(line))
			continue;
		/* Blank lines only between text: none left at the end. */
		if (!line[0]) {
			blanks++;
			continue;
		}
		for (; blanks; blanks--)
			putchar('\n');
		puts(line);
	}
	if (!keep)
		printf("[ stableguard: the patch %s shipped (stable-queue releases/%s),\n  taken into %s as it is ]\n",
		       release, release, series);
	if (!more || strcmp(line, "---"))
		puts("---");
	for (; more; more = next_line(f, &line, &cap))
		puts(line);
	free(line);
	fclose(f);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: quiltmail info PATCH | mail PATCH SERIES RELEASE | upstream PATCH... | messages\n");
	return 2;
}

static int read_patch(const char *path, struct patchfile *p)
{
	char err[4200];

	if (patchfile_read(path, p, err, sizeof(err))) {
		fprintf(stderr, "quiltmail: %s\n", err);
		return 1;
	}
	if (!p->has_diff) {
		fprintf(stderr, "quiltmail: %s: no diff in it\n", path);
		return 1;
	}
	return 0;
}

static int cmd_upstream(char **paths, int n)
{
	static struct patchfile p;
	int i;

	for (i = 0; i < n; i++) {
		if (read_patch(paths[i], &p))
			return 1;
		if (p.upstream[0])
			printf("%s %s\n", p.upstream, paths[i]);
	}
	return 0;
}

/* One commit's record of git log -z --format=%H%n%B: its id, subject,
 * body; the body read as a patch's is. */
static void message_upstream(char *rec)
{
	char *commit = strsep(&rec, "\n"), *line, id[41] = "";
	int lineno = 0, first = 0, form = 0;

	strsep(&rec, "\n");	/* the subject */
	while (rec && (line = strsep(&rec, "\n")))
		upstream_body_line(line, ++lineno, &first, id, &form);
	if (id[0])
		printf("%s %s\n", id, commit);
}

static int cmd_messages(FILE *in)
{
	char *rec = NULL;
	size_t cap = 0;

	while (getdelim(&rec, &cap, '\0', in) > 0)
		message_upstream(rec);
	free(rec);
	return 0;
}

int main(int argc, char **argv)
{
	static struct patchfile p;

	if (argc == 2 && !strcmp(argv[1], "messages"))
		return cmd_messages(stdin);
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "upstream"))
		return cmd_upstream(argv + 2, argc - 2);
	if (read_patch(argv[2], &p))
		return 1;
	if (!strcmp(argv[1], "info") && argc == 3)
		return cmd_info(&p);
	if (!strcmp(argv[1], "mail") && argc == 5)
		return cmd_mail(&p, argv[3], argv[4]);
	return usage();
}
