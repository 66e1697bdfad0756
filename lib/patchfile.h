/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A git format-patch mbox file as stableguard reads it: the headers a
 * stable maintainer keeps (From, Date, Subject), the upstream commit the
 * body names ("commit <40 hex> upstream." or another form stable patches
 * use, see upstream_line_id()), its Fixes: and Signed-off-by: trailers,
 * and the files the diff touches.  A stable-queue quilt patch
 * reads the same: its in-body From: is the author, its plain "---"/"+++"
 * diff names the files.
 */
#ifndef SG_PATCHFILE_H
#define SG_PATCHFILE_H

#include <stddef.h>
#include <stdio.h>

#define PATCH_MAX_FILES 64
#define PATCH_MAX_FIXES 8
#define PATCH_MAX_SIGNOFFS 16
/* The author of code this project wrote, as its patches' From: says. */
#define SG_AUTHOR "stableguard <stableguard@localhost>"

struct patchfile {
	char path[4096];
	char from[256];
	char date[128];
	char subject[512];	/* without the [PATCH ...] prefix */
	char upstream[41];	/* "" when the body does not name one; 12 to 40 hex */
	int upstream_form;	/* UPSTREAM_*: the form that named it, 0 if none */
	int own;		/* From: SG_AUTHOR: code this project wrote */
	int upstream_line;	/* line of the body's first text, for errors */
	int nr_fixes;
	char fixes[PATCH_MAX_FIXES][41];	/* as written: 12 to 40 hex */
	int nr_signoffs;
	char signoffs[PATCH_MAX_SIGNOFFS][256];	/* "Name <mail>" of each Signed-off-by: */
	int signoff_lines[PATCH_MAX_SIGNOFFS];
	int nr_files;
	char files[PATCH_MAX_FILES][256];
	int has_diff;
	int git_diff;		/* "diff --git" lines; else a plain (quilt) diff */
	int in_body_from;	/* the body repeats the author (quilt) */
	int stable_signoffs;	/* sign-offs of a stable maintainer */
};

/* Returns 0, or -1 with the reason in err (prefixed by path:line). */
int patchfile_read(const char *path, struct patchfile *p, char *err, int len);
int is_hex_id(const char *s, int min, int max);
/* A Signed-off-by: of a stable maintainer: what a stable release adds. */
int is_stable_signoff(const char *line);
/* "Name <address>" is a stable maintainer's. */
int is_stable_maintainer(const char *who);
/* line (just read from f) starts a diff: a git one, or a plain one whose
 * "--- " line the next "+++ " line confirms. */
int diff_starts(const char *line, FILE *f);
/*
 * The upstream commit line names, into id, and the form that names it
 * (UPSTREAM_*); 0 when it names none.  The house form, the one intake
 * writes and the lint asks of a backport, is UPSTREAM_COMMIT.
 */
#define UPSTREAM_COMMIT 1	/* "commit <40 hex> upstream." */
#define UPSTREAM_BRACKET 2	/* "[ Upstream commit <40 hex> ]" */
#define UPSTREAM_PLAIN 3	/* "Upstream commit <hex>" */
#define UPSTREAM_BASED_ON 4	/* "Based on commit <hex> [upstream]": an adaptation */
#define UPSTREAM_CHERRY 5	/* "(cherry picked from commit <hex>)", any line */
int upstream_line_id(const char *line, char *id, size_t len);
/*
 * A message body's lines, in order, read for the upstream commit it
 * names: a form on its first text line (whose number goes to *first), or
 * a cherry-pick line further on.  id ("" to start) and *form get it.
 */
void upstream_body_line(const char *line, int lineno, int *first, char id[41], int *form);
/* Patch files named by a series file, resolved against its folder. */
int series_read(const char *series_path, char paths[][4096], int max,
		char *err, int len);

#endif
