/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio inside the guest: a job file of the image's /etc/fio (from
 * verify/fio/) for one array, run once over every array with each one's
 * numbers in place of its ${SG_NAME}, and fio's own verdict read back
 * for each array from what it printed: the errors of its jobs, the KiB
 * each job moved (terse output) and its first verify failure.
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
	int job_errors;		/* of them, jobs that ended in an error */
	uint64_t written_kib, trimmed_kib;
	uint64_t verified_kib;	/* read by jobs whose name says verify */
	char first_bad[600];	/* first verify failure, with its CRC lines */
	char first_err[400];	/* first error line otherwise */
	int error_first;	/* first_err came before any verify failure */
};

/*
 * One array's part of a run: its name, which fio's job names end with
 * (fill-md0), the text fio's messages name its files by ("/dev/md0 ",
 * "/mnt/sg-fio/md0/"), and the numbers its jobs take as ${SG_NAME}.
 */
#define FIO_MAX_VARS 16
struct fio_vars {
	char tag[16];
	char where[48];
	int n;
	char name[FIO_MAX_VARS][24];
	char val[FIO_MAX_VARS][400];
};
void fio_var(struct fio_vars *v, const char *name, uint64_t val);
void fio_var_str(struct fio_vars *v, const char *name, const char *val);

/*
 * One fio over every array at once.  Under TCG fio costs some 0.35 s a
 * run and 0.1 s a step whatever its I/O (it spins 50 ms calibrating its
 * clock and sleeps 0.1 s after starting each step's jobs), so a run per
 * array was most of a check's time.  The profile is a job file of
 * /etc/fio written for one array; fio_jobs_write() writes it out again
 * with each job once per array (named with the array's tag after it,
 * [global]'s lines in each, since they name the array too, and
 * ${SG_NAME} replaced by the array's value).  A job with stonewall
 * begins a step: a step's jobs of every array run side by side, the
 * steps one after another, as the profile has them for one array.
 * Returns 0, or -1 with why (naming the job file and line).
 */
int fio_jobs_write(FILE *in, const char *name, const struct fio_vars *arrays,
		   int n, FILE *out, char *why, size_t len);
/*
 * Runs fio on the profile job over the n arrays; r[i] is arrays[i]'s
 * part (fio_parse_array).  -1 with why only if the run could not be
 * written or fio's output read.
 */
int fio_run_all(const char *job, const struct fio_vars *arrays, int n,
		struct fio_result *r, char *why, size_t len);
/* Reads fio's output (terse version 4 lines and its errors) into r. */
void fio_parse(FILE *f, struct fio_result *r);
/*
 * The same for one array of a run whose exit status was status: its
 * jobs' lines, the verify failures and errors that name its files, and
 * fio's other error lines if one of its jobs failed.  Its status is 0
 * when its jobs all ended without error, else fio's.
 */
void fio_parse_array(FILE *f, const struct fio_vars *array, int status,
		     struct fio_result *r);
/*
 * SPEC_PASS (why: what was verified), SPEC_FAIL (why: the first verify
 * failure) or SPEC_ERROR (fio could not do its work: its first error).
 * what names the run in why, e.g. the array.
 */
int fio_verdict(const struct fio_result *r, const char *what, char *why,
		size_t len);

#endif
