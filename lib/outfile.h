/* SPDX-License-Identifier: GPL-2.0 */
/* The report tools' output files (JSON is written by jsonw.h alone). */
#ifndef SG_OUTFILE_H
#define SG_OUTFILE_H

#include <stdio.h>

/* dir/name opened for writing, or NULL after saying why on stderr. */
FILE *outfile_create(const char *who, const char *dir, const char *name);
/*
 * dir/name written by fn; 0, or -1 after saying "who: path: cannot
 * write" on stderr.
 */
int write_file(const char *who, const char *dir, const char *name,
	       void (*fn)(FILE *));

#endif
