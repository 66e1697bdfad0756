/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A RAID0 made by the real mdadm over loop devices on tmpfs files, and the
 * layout model of it, built from what md reports in sysfs (member order,
 * data offsets, sizes) and nothing else.
 */
#ifndef SG_MD_H
#define SG_MD_H

#include <stddef.h>
#include <stdint.h>

#include "raid0_model.h"

/* The array of the checks that build one at a time (md_create). */
#define SG_MD_DEV "/dev/md0"

struct md_spec {
	int nr_devs;
	uint64_t dev_kib[RAID0_MAX_DEVS];
	unsigned int chunk_kib;
	const char *mdadm_layout;	/* --layout=, or NULL for none */
	enum raid0_layout layout;	/* what the model expects */
};

struct md_array {
	struct md_spec spec;
	char name[8];				/* md0, md1, ... */
	char dev[16];				/* /dev/ and name */
	char files[RAID0_MAX_DEVS][64];		/* creation order */
	char loops[RAID0_MAX_DEVS][32];
	int file_of_disk[RAID0_MAX_DEVS];	/* raid-disk -> creation index */
	uint64_t data_offset[RAID0_MAX_DEVS];	/* sectors, raid-disk order */
	struct raid0_model model;
	uint64_t sectors;	/* array size, as md reports it */
	int on_disks;		/* members are disks of the VM: keep them */
};

/* Parses "original", "alternate" or "dangerous=alternate" (mdadm=model). */
int md_parse_layout(const char *text, struct md_spec *spec);
const char *md_spec_describe(const struct md_spec *spec);
/* Returns 0 or an error code with the reason already printed as SG-INFO. */
int md_create(struct md_array *a, const struct md_spec *spec);
/*
 * The same as /dev/md<nth>, its members apart from every other array's,
 * for the checks that run over all their geometries at once.
 */
int md_create_nth(struct md_array *a, const struct md_spec *spec, int nth);
/*
 * The same over the VM's own disks (devs[], which outlive the guest), for
 * the cross-era scenarios: md_create_on() makes a new array with spec,
 * md_assemble() brings up the one on them, after mdadm's --update=update
 * when update is not NULL, and models it with spec's layout and md's
 * chunk.  md_assemble() returns 1 when mdadm failed: the kernel log says
 * why.
 */
int md_create_on(struct md_array *a, const struct md_spec *spec,
		 char devs[][32], int nr);
int md_assemble(struct md_array *a, const struct md_spec *spec,
		char devs[][32], int nr, const char *update);
void md_destroy(struct md_array *a);

/*
 * Members as they are now, read from their backing files, so no md or
 * block-layer code sits between a check and what was stored.
 */
struct md_members {
	unsigned char *data[RAID0_MAX_DEVS];	/* raid-disk order */
	size_t len[RAID0_MAX_DEVS];
};
int md_read_members(const struct md_array *a, struct md_members *mem);
void md_free_members(struct md_members *mem);
/*
 * 0 when the array and every member advertise discard (discard_max_bytes
 * in sysfs); -1 with the device that does not in why.  A discard check
 * that runs without it discards nothing and so cannot fail.
 */
int md_discard_ready(const struct md_array *a, char *why, size_t len);
/* Bytes the members' backing files hold now (discards punch holes). */
uint64_t md_member_bytes(const struct md_array *a);

/* The stored copy of one array sector, per the model, or NULL. */
const unsigned char *md_member_sector(const struct md_array *a,
				      const struct md_members *mem,
				      uint64_t sector, struct raid0_place *pl);

#endif
