/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An md array of copies or parity (raid1, raid10, raid5) made by the real
 * mdadm over loop devices on tmpfs files, with an internal write-intent
 * bitmap, and what md-redundancy does to its members through md's sysfs
 * and mdadm: fail, remove and re-add one, make one run out of space, wait
 * for a recovery, scrub with md's own check.  Each returns 0, or -1 (2
 * for mdr_scrub, 1 when md found copies that differ) with the reason in
 * why.
 */
#ifndef SG_MDR_H
#define SG_MDR_H

#include <stddef.h>
#include <stdint.h>

#define MDR_WORKDIR "/tmp/sg-mdr"
#define MDR_MEMBER_MIB 12
#define MDR_MAX_MEMBERS 4
#define MDR_WAIT_SECS 300
/* Member 0's own tmpfs when it is to run out of space: what it holds. */
#define MDR_NOSPACE_DIR MDR_WORKDIR "/small"
#define MDR_FILLER MDR_NOSPACE_DIR "/filler"

enum mdr_failfast {
	MDR_NO_FAILFAST,
	MDR_FAILFAST_ELSE_SYSFS,	/* none: failed through sysfs, not by ENOSPC */
};

struct mdr_level {
	const char *name;		/* raid1, for mdadm --level and the messages */
	int members;
	int write_mostly;		/* made write-mostly through sysfs, or -1 */
	int nospace;			/* member 0 failed by ENOSPC, its writes' errors */
	enum mdr_failfast failfast;	/* member 0 failfast, and where the kernel
					 * has none (before 4.10) */
	const char *layout;		/* --layout=, or NULL */
	const char *metadata;		/* --metadata=, or NULL (mdadm's 1.2) */
	int sysfs_too;			/* nospace, and failed through sysfs as soon
					 * as the batch is in the kernel */
	int others[MDR_MAX_MEMBERS];	/* failed at the end: the re-added one's copies */
	int nr_others;
};

struct mdr_array {
	const struct mdr_level *lv;
	char dev[16];				/* /dev/md1 */
	char sys[48];				/* /sys/block/md1/md */
	char files[MDR_MAX_MEMBERS][48];
	char loops[MDR_MAX_MEMBERS][32];
	int fd;					/* the array, O_DIRECT */
	int nospace;				/* lv->nospace, if the kernel has failfast */
	uint64_t bytes;				/* the array's size */
};


/*
 * /dev/md<nth> of lv's level over fresh zeroed members (--assume-clean),
 * 64 KiB bitmap chunks, the bitmap daemon every second, lv's write-mostly
 * member with write-behind, member 0 on a tmpfs of its own when
 * lv->nospace (and failfast when lv->failfast, if the kernel has it: else
 * not nospace, a->nospace), lv's metadata; a->fd the array, O_DIRECT.
 */
int mdr_create(struct mdr_array *a, int nth, char *why, size_t len);
void mdr_destroy(struct mdr_array *a);
int mdr_attr(const struct mdr_array *a, const char *attr, const char *val);
/* dev-<member m>/state: "faulty", "remove", "writemostly", "failfast"... */
int mdr_member_state(const struct mdr_array *a, int m, const char *state);
int mdr_member_faulty(const struct mdr_array *a, int m);
/* Member m, failed, removed and re-added with mdadm --re-add. */
int mdr_readd(struct mdr_array *a, int m, char *why, size_t len);
/* Until md is idle and whole again; until md says it recovers. */
int mdr_wait_idle(const struct mdr_array *a, char *why, size_t len);
int mdr_wait_recovering(const struct mdr_array *a, char *why, size_t len);
/* md's check: 0 when every copy (or the parity) agrees, 1 when not, 2. */
int mdr_scrub(const struct mdr_array *a, const char *when, char *why, size_t len);
/*
 * Member 0 (a->nospace) out of space: its last quarter but 128 KiB punched (never
 * written by step 1), its tmpfs filled; mdr_free_member_store() undoes
 * the filling.
 */
int mdr_fill_member_store(const struct mdr_array *a, char *why, size_t len);
void mdr_free_member_store(void);

#endif
