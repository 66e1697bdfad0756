/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a run folder records beside its rows, for kcidb.json and
 * report.html: its kind, the files of one line (seed, builds), what
 * matrix.sh kept of each series in kernels/<series>/, the cross-era
 * pairs' list, and where a row's serial log is now.
 *
 *	kernels/S/.id		"KERNEL PATCHSET" of the series' branches
 *	kernels/S/.checkout	a run file of kind checkout (runfile.h):
 *				commit branch config compiler
 *	kernels/S/.skip		why the series was not run
 *	kernels/S/V		the path of the bzImage variant V booted
 *	kernels/S/.V.build-secs	how long V's build took (0: kept, not built)
 *	cross.list		the pairs: name writer writer_variant reader
 *				reader_variant ... (sgconf plan wrote it, read by name)
 */
#ifndef SG_RUNFOLDER_H
#define SG_RUNFOLDER_H

#include <stddef.h>

enum run_kind { RUN_NONE, RUN_MATRIX, RUN_BISECT };

/* A matrix run has results.tsv, a bisection steps.tsv and answer. */
enum run_kind run_kind(const char *dir);
/* The folder's last path component (the run's name). */
const char *run_name(const char *dir, char *buf, size_t len);
/* The first line of dir/name without its line end, or NULL. */
const char *run_line(const char *dir, const char *name, char *buf, size_t len);

struct run_series {
	char kernel[64], patchset[64];		/* .id; "" when not there */
	char commit[64], branch[128];		/* .checkout */
	char config[512], compiler[256];
	char skip[512];				/* .skip */
};

/* What kernels/<series>/ holds; absent files leave their fields "". */
void run_series_info(const char *dir, const char *series, struct run_series *s);
/* Whether kernels/<series>/<variant> names the bzImage it booted. */
int run_kernel_kept(const char *dir, const char *series, const char *variant);
/* Seconds of the variant's build, or -1 when not recorded. */
double run_build_secs(const char *dir, const char *series, const char *variant);
/*
 * The reader's series and variant of the cross-era pair name, from
 * cross.list; 0, or -1 when the list or the pair is not there.
 */
int run_pair_reader(const char *dir, const char *name, char *series, size_t slen,
		    char *variant, size_t vlen);
/*
 * A log a row names (its path when the run was made) as a path relative
 * to dir: under dir; or, the folder moved, its tail that is under dir
 * now (logs/6.1-base.log); or the way there from dir (../other/...).
 * NULL when the file is nowhere ("-", a run on another machine).
 */
const char *run_log_rel(const char *dir, const char *path, char *buf, size_t len);

#endif
