// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "mix.h"
#include "pattern.h"

struct pattern_header {
	uint64_t magic;
	uint64_t seed;
	uint64_t sector;
	uint32_t gen;
	uint32_t pad;
};

#define BODY_WORDS ((SG_SECTOR_SIZE - sizeof(struct pattern_header)) / 8)

static void fill_body(uint64_t *body, const struct pattern_header *h)
{
	uint64_t state = sg_mix64(h->seed ^ sg_mix64(h->sector + ((uint64_t)h->gen << 48)));
	size_t i;

	for (i = 0; i < BODY_WORDS; i++) {
		state += SG_GOLDEN;
		body[i] = sg_mix64(state);
	}
}

void pattern_fill(void *buf, uint64_t seed, uint32_t gen, uint64_t sector)
{
	struct pattern_header h = {
		.magic = SG_PATTERN_MAGIC,
		.seed = seed,
		.sector = sector,
		.gen = gen,
	};
	uint64_t body[BODY_WORDS];

	fill_body(body, &h);
	memcpy(buf, &h, sizeof(h));
	memcpy((char *)buf + sizeof(h), body, sizeof(body));
}

void pattern_fill_range(void *buf, uint64_t seed, uint32_t gen,
			uint64_t first_sector, size_t nr_sectors)
{
	size_t i;

	for (i = 0; i < nr_sectors; i++)
		pattern_fill((char *)buf + i * SG_SECTOR_SIZE, seed, gen,
			     first_sector + i);
}

static int all_zero(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return 0;
	return 1;
}

enum pattern_kind pattern_decode(const void *buf, uint64_t seed,
				 struct pattern_tag *tag)
{
	struct pattern_header h;
	uint64_t body[BODY_WORDS];

	if (all_zero(buf, SG_SECTOR_SIZE))
		return PATTERN_ZERO;
	memcpy(&h, buf, sizeof(h));
	if (h.magic != SG_PATTERN_MAGIC)
		return PATTERN_GARBAGE;
	tag->seed = h.seed;
	tag->sector = h.sector;
	tag->gen = h.gen;
	fill_body(body, &h);
	if (memcmp((const char *)buf + sizeof(h), body, sizeof(body)))
		return h.seed == seed ? PATTERN_TORN : PATTERN_GARBAGE;
	return h.seed == seed ? PATTERN_OK : PATTERN_FOREIGN;
}

void pattern_describe(const void *buf, uint64_t seed, char *out, size_t len)
{
	struct pattern_tag tag;

	switch (pattern_decode(buf, seed, &tag)) {
	case PATTERN_OK:
		snprintf(out, len, "data of array sector %llu gen %u",
			 (unsigned long long)tag.sector, tag.gen);
		break;
	case PATTERN_ZERO:
		snprintf(out, len, "zeros");
		break;
	case PATTERN_FOREIGN:
		snprintf(out, len, "data of seed %llu sector %llu",
			 (unsigned long long)tag.seed,
			 (unsigned long long)tag.sector);
		break;
	case PATTERN_TORN:
		snprintf(out, len, "torn sector (header for sector %llu gen %u)",
			 (unsigned long long)tag.sector, tag.gen);
		break;
	default:
		snprintf(out, len, "unrecognised bytes");
		break;
	}
}
