// SPDX-License-Identifier: GPL-2.0
/* What fio printed, read back: tests/unit/fio_output_test.c holds it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "raid0_check.h"

/* Terse version 4, 0-based fields: jobname, error, then per direction. */
#define TERSE_NAME 2
#define TERSE_READ_KIB 5
#define TERSE_WRITE_KIB 46
#define TERSE_TRIM_KIB 87
#define TERSE_FIELDS 88

static void add_terse(char *line, struct fio_result *r)
{
	char *field[TERSE_FIELDS], *save, *tok;
	int n = 0;

	for (tok = strtok_r(line, ";", &save); tok && n < TERSE_FIELDS;
	     tok = strtok_r(NULL, ";", &save))
		field[n++] = tok;
	if (n < TERSE_FIELDS)
		return;
	r->jobs++;
	r->written_kib += strtoull(field[TERSE_WRITE_KIB], NULL, 10);
	r->trimmed_kib += strtoull(field[TERSE_TRIM_KIB], NULL, 10);
	if (strstr(field[TERSE_NAME], "verify"))
		r->verified_kib += strtoull(field[TERSE_READ_KIB], NULL, 10);
}

static int is_verify_failure(const char *line)
{
	return strstr(line, "verify: bad ") || strstr(line, ": verify failed at");
}

/* fio's "       Expected CRC: 1234abcd" lines after a failure. */
static void add_crc_line(const char *line, struct fio_result *r)
{
	size_t n = strlen(r->first_bad);

	while (*line == ' ' || *line == '\t')
		line++;
	snprintf(r->first_bad + n, sizeof(r->first_bad) - n, "; %s", line);
}

void fio_parse(FILE *f, struct fio_result *r)
{
	char line[1024];
	int crc_lines = 0;

	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "4;fio-", 6)) {
			add_terse(line, r);
		} else if (is_verify_failure(line) && !r->first_bad[0]) {
			snprintf(r->first_bad, sizeof(r->first_bad), "%.500s", line);
			crc_lines = 2;
		} else if (crc_lines && strstr(line, " CRC: ")) {
			add_crc_line(line, r);
			crc_lines--;
		} else if (!r->first_err[0] && line[0] &&
			   (!strncmp(line, "fio: ", 5) || strstr(line, "error"))) {
			snprintf(r->first_err, sizeof(r->first_err), "%.300s", line);
			r->error_first = !r->first_bad[0];
		}
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
