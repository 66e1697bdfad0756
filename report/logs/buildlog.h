/* SPDX-License-Identifier: GPL-2.0 */
/*
 * buildlog: the line of a failed kernel build that explains it, as 0-day
 * quotes it: the compiler's or the linker's first error, not make's
 * "make[4]: *** [...] Error 2" that follows it.
 */
#ifndef SG_BUILDLOG_H
#define SG_BUILDLOG_H

#include <stdio.h>

/*
 * The first error line of the build log f into buf (its line end cut;
 * the source path relative to the tree when the compiler printed it
 * absolute).  0 when one was found; 1 when none was (buf then holds the
 * last line that is not make's, or is empty).
 */
int buildlog_first_error(FILE *f, char *buf, size_t len);

#endif
