// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "guest.h"
#include "sgprint.h"

#define FIO_RUN "/tmp/sg-fio.fio"
#define FIO_OUT "/tmp/sg-fio.out"
/* Two lines a failing array (its verify failure, fio's error), and spare. */
#define FIO_LOG_LINES 40

static int write_run(const char *job, const struct fio_vars *arrays, int n,
		     char *why, size_t len)
{
	char path[128];
	FILE *in, *out;
	int ret;

	snprintf(path, sizeof(path), FIO_JOBS_DIR "/%s", job);
	in = fopen(path, "r");
	if (!in) {
		snprintf(why, len, "%s: not in the image", path);
		return -1;
	}
	out = fopen(FIO_RUN, "w");
	if (!out) {
		fclose(in);
		snprintf(why, len, "cannot write " FIO_RUN);
		return -1;
	}
	ret = fio_jobs_write(in, path, arrays, n, out, why, len);
	fclose(in);
	if (fclose(out))
		ret = -1;
	return ret;
}

/* fio's own lines (its errors, not the terse ones) into the guest's log. */
static void log_messages(void)
{
	char *line = NULL;
	size_t cap = 0;
	int n = 0;
	FILE *f;

	f = fopen(FIO_OUT, "r");
	if (!f)
		return;
	while (getline(&line, &cap, f) >= 0 && n < FIO_LOG_LINES) {
		if (!strncmp(line, "4;fio-", 6))
			continue;
		line[strcspn(line, "\n")] = '\0';
		sg_info("fio said: %.400s", line);
		n++;
	}
	free(line);
	fclose(f);
}

int fio_run_all(const char *job, const struct fio_vars *arrays, int n,
		struct fio_result *r, char *why, size_t len)
{
	const char *argv[] = { "fio", "--output-format=terse", "--terse-version=4",
			       FIO_RUN, NULL };
	int status, i;
	FILE *f;

	if (write_run(job, arrays, n, why, len))
		return -1;
	status = sg_run_output(argv, FIO_OUT);
	log_messages();
	for (i = 0; i < n; i++) {
		f = fopen(FIO_OUT, "r");
		if (!f) {
			snprintf(why, len, "fio's output unreadable");
			return -1;
		}
		fio_parse_array(f, &arrays[i], status, &r[i]);
		fclose(f);
	}
	return 0;
}
