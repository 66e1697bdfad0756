/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What md-redundancy and md-write-errors do to each array of theirs
 * (mdr.h's plumbing): written, member 0 lost mid-write, re-added,
 * scrubbed, read from the member that came back; the steps are in
 * mdrsteps.c.
 */
#ifndef SG_MDRSTEPS_H
#define SG_MDRSTEPS_H

#include <stddef.h>
#include <stdint.h>

#include "mdr.h"

#define MDRS_ROUNDS 12		/* batches of writes, member 0 lost in the tenth */
#define MDRS_DEPTH 32		/* writes a batch */

/*
 * Every step on an array of lv's level, /dev/md<nth>, seeded: 0; 1 a
 * mismatch (why names the array sector and what it holds); 2 could not
 * run.  How member 0 left ("raid1:out-of-space") is appended to left.
 */
int mdrs_run(const struct mdr_level *lv, int nth, uint64_t seed, char *left, size_t left_len,
	     char *why, size_t len);
/*
 * A check's main: every level of levels[n] in turn (/dev/md<first>,
 * then the next), seeded by the guest's seed=, until one does not pass;
 * its ERROR or FAIL said, else its PASS, the seed and pass_said (a
 * format whose %d is the writes of a level, %s how member 0 left each).
 */
int mdrs_check(const char *check, const struct mdr_level *levels, int n, int first,
	       const char *pass_said);

#endif
