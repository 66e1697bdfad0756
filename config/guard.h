/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_GUARD_H
#define SG_GUARD_H

#include "facts.h"
#include "yamldoc.h"

/*
 * Prints one line per commit carried without its known follow-up fix and
 * returns how many; -1 if the inputs could not be read.
 */
int guard_series(const struct facts *facts, const char *series,
		 const char *const *base, int nr_base,
		 const char *const *series_files, int nr_files);

/*
 * sgconf guard: guard_series() of the series called name of branches.yaml
 * (dir: where its paths start), override standing in for its list of
 * fixes; every series when name is NULL.  0, or 1 when one fails.
 */
int guard_branches(struct ydoc *y, const char *dir, const char *name, const char *override);

#endif
