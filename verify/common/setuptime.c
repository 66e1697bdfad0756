// SPDX-License-Identifier: GPL-2.0
#include <time.h>

#include "setuptime.h"

static int depth, fsck_runs;
static double started, total, fsck_total;

double sg_now(void)
{
	struct timespec ts;

	/* CLOCK_MONOTONIC: on every kernel we boot (3.10 on). */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void sg_setup_begin(void)
{
	if (depth++ == 0)
		started = sg_now();
}

void sg_setup_end(void)
{
	if (depth == 0)
		return;
	if (--depth == 0)
		total += sg_now() - started;
}

double sg_setup_secs(void)
{
	return total;
}

void sg_fsck_add(double secs)
{
	fsck_total += secs;
	fsck_runs++;
}

double sg_fsck_secs(int *runs)
{
	*runs = fsck_runs;
	return fsck_total;
}
