// SPDX-License-Identifier: GPL-2.0
/*
 * The layout model against examples worked by hand from the RAID0 format
 * (chunk 4 sectors, members of 8, 12, 12 and 16 sectors):
 *
 *	zone 0: all four members, member sectors [0, 8)  -> array [0, 32)
 *	zone 1: members 1-3,      member sectors [8, 12) -> array [32, 44)
 *	zone 2: member 3,         member sectors [12, 16)-> array [44, 48)
 *
 * In zone 1 the original layout counts chunks from the array's start
 * (array chunk 8 is 8 % 3 = 2, member 3), the alternate one from the
 * zone's start (zone chunk 0, member 1).
 */
#include <stdint.h>

#include "../../verify/common/raid0_model.h"
#include "check.h"

struct example {
	uint64_t sector;
	int dev;
	uint64_t dev_sector;
	int zone;
};

static void expect_map(const struct raid0_model *m, const struct example *e,
		       const char *what)
{
	struct raid0_place p;
	int rc = raid0_map(m, e->sector, &p);

	EXPECT(rc == 0, "%s: sector %llu maps", what, (unsigned long long)e->sector);
	if (rc)
		return;
	EXPECT(p.dev == e->dev && p.sector == e->dev_sector && p.zone == e->zone,
	       "%s: sector %llu -> member %d sector %llu zone %d, got %d/%llu/%d",
	       what, (unsigned long long)e->sector, e->dev,
	       (unsigned long long)e->dev_sector, e->zone, p.dev,
	       (unsigned long long)p.sector, p.zone);
}

static void test_zones(void)
{
	static const uint64_t devs[] = { 8, 12, 12, 16 };
	struct raid0_model m;

	EXPECT(raid0_model_init(&m, RAID0_LAYOUT_ALTERNATE, 4, 4, devs) == 0, "init");
	EXPECT(m.nr_zones == 3, "3 zones, got %d", m.nr_zones);
	EXPECT(m.sectors == 48, "48 sectors, got %llu", (unsigned long long)m.sectors);
	EXPECT(m.zones[1].start == 32 && m.zones[1].end == 44 &&
	       m.zones[1].dev_start == 8 && m.zones[1].nr_devs == 3, "zone 1");
	EXPECT(m.zones[2].nr_devs == 1 && m.zones[2].devs[0] == 3, "zone 2");
}

static void test_layouts(void)
{
	static const uint64_t devs[] = { 8, 12, 12, 16 };
	static const struct example both[] = {
		{ 0, 0, 0, 0 }, { 5, 1, 1, 0 }, { 17, 0, 5, 0 }, { 31, 3, 7, 0 },
		{ 44, 3, 12, 2 }, { 47, 3, 15, 2 },
	};
	static const struct example alternate[] = {
		{ 32, 1, 8, 1 }, { 37, 2, 9, 1 }, { 43, 3, 11, 1 },
	};
	static const struct example original[] = {
		{ 32, 3, 8, 1 }, { 37, 1, 9, 1 }, { 43, 2, 11, 1 },
	};
	struct raid0_model alt, orig;
	struct raid0_place p;
	unsigned int i;

	raid0_model_init(&alt, RAID0_LAYOUT_ALTERNATE, 4, 4, devs);
	raid0_model_init(&orig, RAID0_LAYOUT_ORIGINAL, 4, 4, devs);
	for (i = 0; i < sizeof(both) / sizeof(both[0]); i++) {
		expect_map(&alt, &both[i], "alternate");
		expect_map(&orig, &both[i], "original");
	}
	for (i = 0; i < sizeof(alternate) / sizeof(alternate[0]); i++)
		expect_map(&alt, &alternate[i], "alternate");
	for (i = 0; i < sizeof(original) / sizeof(original[0]); i++)
		expect_map(&orig, &original[i], "original");
	EXPECT(raid0_map(&alt, 48, &p) == -1, "sector 48 is beyond the array");
}

/* Chunk of 3 sectors; members of 7 and 10 are cut to 6 and 9. */
static void test_not_power_of_two(void)
{
	static const uint64_t devs[] = { 7, 10 };
	static const struct example ex[] = {
		{ 4, 1, 1, 0 }, { 7, 0, 4, 0 }, { 11, 1, 5, 0 }, { 13, 1, 7, 1 },
	};
	struct raid0_model m;
	unsigned int i;

	EXPECT(raid0_model_init(&m, RAID0_LAYOUT_ORIGINAL, 3, 2, devs) == 0, "init");
	EXPECT(m.sectors == 15, "15 sectors, got %llu", (unsigned long long)m.sectors);
	for (i = 0; i < sizeof(ex) / sizeof(ex[0]); i++)
		expect_map(&m, &ex[i], "chunk 3");
}

/* Every member sector is used exactly once: the map is a bijection. */
static void test_bijection(void)
{
	static const uint64_t devs[] = { 40, 64, 64, 88, 100 };
	static unsigned char seen[5][128];
	struct raid0_model m;
	struct raid0_place p;
	uint64_t s;
	int layout, clashes = 0;

	for (layout = RAID0_LAYOUT_ORIGINAL; layout <= RAID0_LAYOUT_ALTERNATE; layout++) {
		__builtin_memset(seen, 0, sizeof(seen));
		raid0_model_init(&m, layout, 6, 5, devs);
		for (s = 0; s < m.sectors; s++) {
			if (raid0_map(&m, s, &p))
				break;
			clashes += seen[p.dev][p.sector]++ != 0;
		}
		EXPECT(s == m.sectors && !clashes, "layout %d: %d clashes", layout, clashes);
	}
}

static void test_bad_geometry(void)
{
	static const uint64_t tiny[] = { 2, 8 };
	struct raid0_model m;

	EXPECT(raid0_model_init(&m, RAID0_LAYOUT_ORIGINAL, 4, 2, tiny) == -1,
	       "a member smaller than a chunk is refused");
	EXPECT(raid0_model_init(&m, 7, 4, 2, tiny) == -1, "unknown layout refused");
}

int main(void)
{
	test_zones();
	test_layouts();
	test_not_power_of_two();
	test_bijection();
	test_bad_geometry();
	return test_failures ? 1 : 0;
}
