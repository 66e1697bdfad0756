/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal assertions for the host unit tests. */
#ifndef SG_TEST_CHECK_H
#define SG_TEST_CHECK_H

#include <stdio.h>

static int test_failures;

#define EXPECT(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			test_failures++;				\
			fprintf(stderr, "%s:%d: expected %s: ", __FILE__, \
				__LINE__, #cond);			\
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
		}							\
	} while (0)

#endif
