/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_LINT_H
#define SG_LINT_H

#include "facts.h"
#include "yamldoc.h"

/*
 * Lints the patches named by series_file, which must be exactly the
 * *.patch files in its folder: mbox headers, the upstream line, an id the
 * facts know as kind, Fixes: as the facts say, only the files upstream
 * touched, a stable maintainer's Signed-off-by: only where the facts name
 * a stable release of series ("3.19") that carried the commit, and hunks
 * whose line counts add up.  When preimage_dir is set,
 * writes there, per patch, the files its hunks expect (lines at their
 * positions, filler between) so that git apply --check can try it.
 * Prints one line per problem; returns how many.
 */
int lint_series(const struct facts *facts, const char *series,
		const char *series_file, const char *kind, const char *preimage_dir);

/*
 * Lints the n mutant patches of a series (its variants' regress: lists,
 * which lister names for errors), which must be exactly the *.patch files
 * in their folder: mbox headers, code this project wrote (From:
 * SG_AUTHOR) that names no upstream commit and carries no stable
 * sign-off, and hunks whose line counts add up; preimages as above.
 */
int lint_regress(const char *series, char paths[][4096], int n,
		 const char *lister, const char *preimage_dir);

/*
 * sgconf lint: the fix and build-compat lists and the mutants of the
 * series called name of branches.yaml (dir: where its paths start), or of
 * every series when name is NULL; each patch's preimage written under
 * preimage/<series>/ when preimage is not NULL; override stands in for
 * the list of fixes.  0, or 1 when a patch is not well formed.
 */
int lint_branches(struct ydoc *y, const char *dir, const char *name, const char *preimage,
		  const char *override);

#endif
