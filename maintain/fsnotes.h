/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fstests part of a series' release notes: what the latest make
 * fstests run of the patch set ran (maintain/fsnotes.c), test by test,
 * judged against the series' baseline as the run judged it.
 */
#ifndef SG_FSNOTES_H
#define SG_FSNOTES_H

#include <stdio.h>

#define FSNOTES_MAX 128

struct fsnote {
	char variant[64], test[64], observed[8], reason[160];
	int match;
};

struct fsnotes {
	char run[256], kernel[64];
	struct fsnote rows[FSNOTES_MAX];
	int nr, passed, failed, skipped, errors, mismatches;
};

/*
 * The rows of SERIES in RESULTS, a make fstests run's results.tsv, or
 * none when RESULTS is NULL or "-".  Returns -1 when it cannot be read.
 */
int fsnotes_load(struct fsnotes *fs, const char *results, const char *series);
/* The notes' fstests section, Markdown when md. */
void fsnotes_write(FILE *f, const struct fsnotes *fs, int md);

#endif
