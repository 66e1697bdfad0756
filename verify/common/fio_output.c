// SPDX-License-Identifier: GPL-2.0
/* What fio printed, read back: tests/unit/fio_output_test.c holds it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "raid0_check.h"

/* Terse version 4, 0-based fields: jobname, error, then per direction. */
#define TERSE_NAME 2
#define TERSE_ERROR 4
#define TERSE_READ_KIB 5
#define TERSE_WRITE_KIB 46
#define TERSE_TRIM_KIB 87
#define TERSE_FIELDS 88

/* The job's name ends with -tag: one of the array's jobs. */
static int is_tagged(const char *name, const char *tag)
{
	size_t n = strlen(name), t = strlen(tag);

	return n > t && name[n - t - 1] == '-' && !strcmp(name + n - t, tag);
}

static void add_terse(char *line, const char *tag, struct fio_result *r)
{
	char *field[TERSE_FIELDS], *save, *tok;
	int n = 0;

	for (tok = strtok_r(line, ";", &save); tok && n < TERSE_FIELDS;
	     tok = strtok_r(NULL, ";", &save))
		field[n++] = tok;
	if (n < TERSE_FIELDS || (tag && !is_tagged(field[TERSE_NAME], tag)))
		return;
	r->jobs++;
	r->job_errors += strtol(field[TERSE_ERROR], NULL, 10) != 0;
	r->written_kib += strtoull(field[TERSE_WRITE_KIB], NULL, 10);
	r->trimmed_kib += strtoull(field[TERSE_TRIM_KIB], NULL, 10);
	if (strstr(field[TERSE_NAME], "verify"))
		r->verified_kib += strtoull(field[TERSE_READ_KIB], NULL, 10);
}

/*
 * fio's verify failures: "verify: bad magic header 0, wanted acca" and
 * the like, then " at file F offset N, length L (requested block: ...)"
 * in a second write, so with jobs side by side another array's message
 * may come between the two: the second half alone says which file.
 */
static int is_verify_failure(const char *line)
{
	return strstr(line, "verify: bad ") || strstr(line, ": verify failed at") ||
	       (strstr(line, " at file ") && strstr(line, "(requested block: "));
}

/* fio's "       Expected CRC: 1234abcd" lines after a failure. */
static void add_crc_line(const char *line, struct fio_result *r)
{
	size_t n = strlen(r->first_bad);

	while (*line == ' ' || *line == '\t')
		line++;
	snprintf(r->first_bad + n, sizeof(r->first_bad) - n, "; %s", line);
}

/* The line names one of the array's files: where, not /dev/md1 in /dev/md10. */
static int names_file(const char *line, const char *where)
{
	size_t n = strlen(where);
	const char *s;

	for (s = strstr(line, where); s; s = strstr(s + 1, where))
		if (!isdigit((unsigned char)s[n]))
			return 1;
	return 0;
}

/* fio's error lines: its own ("fio: ...") and the ones naming an error. */
static int is_error(const char *line)
{
	return line[0] && (!strncmp(line, "fio: ", 5) || strstr(line, "error"));
}

/*
 * where: the text that names the array's files in fio's messages, or
 * NULL for all of them; other: the first error line naming no array's
 * file, kept for an array whose jobs failed without one of its own.
 */
static void parse(FILE *f, const char *tag, const char *where,
		  struct fio_result *r, char *other, size_t len)
{
	char *line = NULL;
	size_t cap = 0;
	int crc_lines = 0, mine;

	/* Whole lines: a terse line is over a kilobyte. */
	while (getline(&line, &cap, f) >= 0) {
		line[strcspn(line, "\n")] = '\0';
		mine = !where || names_file(line, where);
		if (!strncmp(line, "4;fio-", 6)) {
			add_terse(line, tag, r);
		} else if (mine && is_verify_failure(line) && !r->first_bad[0]) {
			snprintf(r->first_bad, sizeof(r->first_bad), "%.500s", line);
			crc_lines = 2;
		} else if (crc_lines && strstr(line, " CRC: ")) {
			add_crc_line(line, r);
			crc_lines--;
		} else if (mine && !r->first_err[0] && is_error(line)) {
			snprintf(r->first_err, sizeof(r->first_err), "%.300s", line);
			r->error_first = !r->first_bad[0];
		} else if (!mine && !other[0] && is_error(line) &&
			   !is_verify_failure(line)) {
			snprintf(other, len, "%.300s", line);
		}
	}
	free(line);
}

void fio_parse(FILE *f, struct fio_result *r)
{
	char other[1] = "";

	parse(f, NULL, NULL, r, other, sizeof(other));
}

void fio_parse_array(FILE *f, const struct fio_vars *array, int status,
		     struct fio_result *r)
{
	char other[400] = "";

	memset(r, 0, sizeof(*r));
	parse(f, array->tag, array->where, r, other, sizeof(other));
	if (r->jobs && !r->job_errors && !r->first_bad[0])
		return;
	r->status = status ? status : -1;
	/*
	 * fio's "fio: pid=N, err=84 ..." after a verify failure names no
	 * file, and another array's may come before this one's failure.
	 */
	if (!r->first_err[0] && !r->first_bad[0] && other[0]) {
		snprintf(r->first_err, sizeof(r->first_err), "%s", other);
		r->error_first = 1;
	}
}

int fio_verdict(const struct fio_result *r, const char *what, char *why,
		size_t len)
{
	/* A job that failed before any verify did: what follows proves nothing. */
	if (r->first_bad[0] && !r->error_first) {
		snprintf(why, len, "%s: fio exited %d: %s", what, r->status,
			 r->first_bad);
		return SPEC_FAIL;
	}
	if (r->status) {
		snprintf(why, len, "%s: fio exited %d%s: %s", what, r->status,
			 r->status == 127 ? " (not in the image)" : "",
			 r->first_err[0] ? r->first_err : "no error line");
		return SPEC_ERROR;
	}
	if (!r->verified_kib) {
		snprintf(why, len, "%s: fio verified nothing (%d jobs)", what, r->jobs);
		return SPEC_ERROR;
	}
	snprintf(why, len, "verified=%lluKiB written=%lluKiB trimmed=%lluKiB",
		 (unsigned long long)r->verified_kib,
		 (unsigned long long)r->written_kib,
		 (unsigned long long)r->trimmed_kib);
	return SPEC_PASS;
}
