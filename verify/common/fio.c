// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "guest.h"
#include "raid0_check.h"

#define FIO_OUT "/tmp/sg-fio.out"
/* Terse version 4, 0-based fields: jobname, error, then per direction. */
#define TERSE_NAME 2
#define TERSE_READ_KIB 5
#define TERSE_WRITE_KIB 46
#define TERSE_TRIM_KIB 87
#define TERSE_FIELDS 88

void fio_env(const char *name, uint64_t val)
{
	char v[32];

	snprintf(v, sizeof(v), "%llu", (unsigned long long)val);
	fio_env_str(name, v);
}

void fio_env_str(const char *name, const char *val)
{
	char key[64];

	snprintf(key, sizeof(key), "SG_%s", name);
	setenv(key, val, 1);
}

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

static void read_output(FILE *f, struct fio_result *r)
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
		}
	}
}

int fio_run(const char *job, struct fio_result *r)
{
	char path[128];
	const char *argv[] = { "fio", "--output-format=terse", "--terse-version=4",
			       path, NULL };
	FILE *f;

	memset(r, 0, sizeof(*r));
	snprintf(path, sizeof(path), FIO_JOBS_DIR "/%s", job);
	r->status = sg_run_output(argv, FIO_OUT);
	f = fopen(FIO_OUT, "r");
	if (!f)
		return -1;
	read_output(f, r);
	fclose(f);
	return 0;
}

int fio_verdict(const struct fio_result *r, const char *what, char *why,
		size_t len)
{
	if (r->first_bad[0]) {
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
