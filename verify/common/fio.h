/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio inside the guest: a job file of the image's /etc/fio (from
 * verify/fio/), every number in it handed over as an SG_* environment
 * variable, and fio's own verdict read back from what it printed: its
 * exit status, the KiB each job moved (terse output) and its first verify
 * failure.
 */
#ifndef SG_FIO_H
#define SG_FIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FIO_JOBS_DIR "/etc/fio"

struct fio_result {
	int status;		/* fio's exit status; 127: not in the image */
	int jobs;		/* terse lines read */
	uint64_t written_kib, trimmed_kib;
	uint64_t verified_kib;	/* read by jobs whose name says verify */
	char first_bad[600];	/* first verify failure, with its CRC lines */
	char first_err[400];	/* first error line otherwise */
	int error_first;	/* first_err came before any verify failure */
};

/* SG_<name>=val for the next fio_run(). */
void fio_env(const char *name, uint64_t val);
void fio_env_str(const char *name, const char *val);
/* Runs fio on /etc/fio/job; -1 only if its output could not be read. */
int fio_run(const char *job, struct fio_result *r);
/* Reads fio's output (terse version 4 lines and its errors) into r. */
void fio_parse(FILE *f, struct fio_result *r);
/*
 * SPEC_PASS (why: what was verified), SPEC_FAIL (why: the first verify
 * failure) or SPEC_ERROR (fio could not do its work: its first error).
 * what names the run in why, e.g. the array.
 */
int fio_verdict(const struct fio_result *r, const char *what, char *why,
		size_t len);

#endif
