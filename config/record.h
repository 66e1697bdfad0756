/* SPDX-License-Identifier: GPL-2.0 */
/* The one writer of the upstream facts file (backports/upstream.yaml). */
#ifndef SG_RECORD_H
#define SG_RECORD_H

#include "yamldoc.h"

/*
 * Adds commit id to the facts file at path, from key=value arguments
 * (subject, author, date, release, kind; fixes, files, stable as
 * comma-separated lists).  The file gets a text block appended, so its
 * comments survive; the result is re-read and validated before it
 * replaces the file (rename), so on any error the file is unchanged.
 * A commit recorded already gets the releases of stable= it lacks added
 * to its stable: list, in place; its other fields stay as they are.
 * Returns 0 (recorded, releases added, or recorded already), 1 (the file
 * could not be read, written or validated), 2 (bad input, named on stderr),
 * 3 (a fixes= id of a new entry is no recorded commit: each such id on
 * stdout, one a line, and nothing written).
 */
int facts_record(const char *path, const char *id, int argc, char **argv);

/* facts_record() on the facts file branches.yaml (in dir) names. */
int record_branches(struct ydoc *y, const char *dir, const char *id, int argc, char **argv);

#endif
