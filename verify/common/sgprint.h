/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The result protocol between a check and the host.  The host reads the
 * serial console; a check prints exactly one line
 *	SG-RESULT <check> <PASS|FAIL|REFUSED|ERROR> <detail>
 * and may print any number of "SG-INFO <check> ..." lines before it.
 * FAIL means the data was wrong; ERROR means the check could not run;
 * REFUSED (cross-era scenarios only) means the kernel would not assemble
 * the array, and said so.
 */
#ifndef SG_REPORT_H
#define SG_REPORT_H

#include <stdint.h>

#define SG_EXIT_PASS 0
#define SG_EXIT_FAIL 1
#define SG_EXIT_ERROR 2
#define SG_EXIT_REFUSED 3

void sg_begin(const char *check);
void sg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_pass(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_refused(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "sg_<name>=value" from the kernel command line, or def. */
const char *sg_param(const char *name, const char *def);
uint64_t sg_param_u64(const char *name, uint64_t def);

#endif
