/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Self-describing sector pattern: every 512-byte sector written by a check
 * names the array sector it was meant for, the run's seed and a generation
 * number, and carries a body derived from those, so a sector found anywhere
 * can be told apart from zeros, garbage or another sector's data.
 */
#ifndef SG_PATTERN_H
#define SG_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define SG_SECTOR_SIZE 512
#define SG_PATTERN_MAGIC 0x73675061745f7631ULL /* "sgPat_v1" */

enum pattern_kind {
	PATTERN_OK,		/* intact sector of this run */
	PATTERN_ZERO,		/* all zero bytes */
	PATTERN_FOREIGN,	/* intact sector of another seed */
	PATTERN_TORN,		/* header of this run, body damaged */
	PATTERN_GARBAGE,	/* anything else */
};

struct pattern_tag {
	uint64_t seed;
	uint64_t sector;
	uint32_t gen;
};

void pattern_fill(void *buf, uint64_t seed, uint32_t gen, uint64_t sector);
void pattern_fill_range(void *buf, uint64_t seed, uint32_t gen,
			uint64_t first_sector, size_t nr_sectors);
enum pattern_kind pattern_decode(const void *buf, uint64_t seed,
				 struct pattern_tag *tag);
/* Human-readable description of what a sector holds, for failure reports. */
void pattern_describe(const void *buf, uint64_t seed, char *out, size_t len);

#endif
