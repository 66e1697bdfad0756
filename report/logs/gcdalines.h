/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The gcov counters a coverage boot printed (SG-GCDA lines of its serial
 * log, verify/common/protocol.h), each written as the file it was:
 * DIR/<check>/<path below debugfs's gcov/>.
 */
#ifndef SG_GCDALINES_H
#define SG_GCDALINES_H

/* The files written; -1 when LOG cannot be read or a line is damaged (said). */
int gcda_lines_write(const char *log, const char *dir);

#endif
