/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sgprint: how a check prints its lines of the guest protocol
 * (protocol.h): any number of SG-INFO, then exactly one SG-RESULT, whose
 * printer returns the exit status main() should return.
 */
#ifndef SG_SGPRINT_H
#define SG_SGPRINT_H

#include <stdint.h>

#include "protocol.h"

void sg_begin(const char *check);
void sg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_pass(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int sg_refused(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* fstests only: the test did not apply here (its _notrun reason). */
int sg_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "sg_<name>=value" from the kernel command line, or def. */
const char *sg_param(const char *name, const char *def);
uint64_t sg_param_u64(const char *name, uint64_t def);

#endif
