/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An independent model of the md RAID0 layout, written from the on-disk
 * format rather than from raid0.c: members are cut to whole chunks, zone k
 * stripes over every member still longer than zone k-1, and a chunk's
 * member is picked from the chunk number counted from the array's start
 * (the original layout, before 3.14) or from the zone's start (the layout
 * 20d0189b1012 brought in by accident, mdadm's "alternate").
 */
#ifndef SG_RAID0_MODEL_H
#define SG_RAID0_MODEL_H

#include <stdint.h>

#define RAID0_MAX_DEVS 16

enum raid0_layout {
	RAID0_LAYOUT_ORIGINAL = 1,	/* md's RAID0_ORIG_LAYOUT */
	RAID0_LAYOUT_ALTERNATE = 2,	/* md's RAID0_ALT_MULTIZONE_LAYOUT */
};

struct raid0_zone {
	uint64_t start;		/* first array sector of the zone */
	uint64_t end;		/* one past its last array sector */
	uint64_t dev_start;	/* member sector where the zone begins */
	int nr_devs;
	int devs[RAID0_MAX_DEVS];	/* member indexes, in raid-disk order */
};

struct raid0_model {
	enum raid0_layout layout;
	uint64_t chunk;		/* sectors */
	int nr_devs;
	uint64_t dev_sectors[RAID0_MAX_DEVS];	/* usable, cut to chunks */
	int nr_zones;
	struct raid0_zone zones[RAID0_MAX_DEVS];
	uint64_t sectors;	/* array size */
};

struct raid0_place {
	int dev;		/* member index, raid-disk order */
	uint64_t sector;	/* member sector, from its data offset */
	int zone;
};

/* Returns 0, or -1 when the geometry is not a valid RAID0. */
int raid0_model_init(struct raid0_model *m, enum raid0_layout layout,
		     uint64_t chunk_sectors, int nr_devs,
		     const uint64_t *dev_sectors);
/* Returns 0, or -1 when the sector is beyond the array. */
int raid0_map(const struct raid0_model *m, uint64_t sector,
	      struct raid0_place *place);
const char *raid0_layout_name(enum raid0_layout layout);
int raid0_layout_parse(const char *name, enum raid0_layout *layout);

#endif
