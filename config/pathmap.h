/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The path map (branches.yaml's pathmap:, a file of its own): kernel
 * path globs, each with the project's checks that reach that code, the
 * fstests tests or groups that do, and a line saying why.  The gate
 * reads it for the files a queue touches: what covers each, which
 * touched paths nothing covers, and, with an fstests checkout, the tests
 * to add to the data-integrity list within a budget of minutes.
 */
#ifndef SG_PATHMAP_H
#define SG_PATHMAP_H

#include "yamldoc.h"

struct pathmap_opts {
	const char *fstests;	/* the checkout, for groups and what exists; NULL: none */
	const char *times;	/* a results.tsv whose secs say a test's cost; NULL */
	const char *always;	/* the tests that run anyway (the data-integrity list) */
	int minutes;		/* the budget of the fstests guest */
};

/*
 * sgconf FILE pathmap [--fstests DIR] [--times TSV] [--always "T..."]
 * [--minutes N] PATH...: the map checked (globs, checks that
 * branches.yaml names, tests as DIR/NNN or group:NAME; an error names
 * the map's file and line and nothing is printed), then a run file of
 * kind touched on stdout, a row per PATH; a branches.yaml that names no
 * map gets the header alone (and a line on stderr).
 */
int pathmap_print(struct ydoc *branches, const char *dir, const struct pathmap_opts *o,
		  int npaths, char **paths);

#endif
