// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "guest.h"

#define FIO_OUT "/tmp/sg-fio.out"

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
	fio_parse(f, r);
	fclose(f);
	return 0;
}
