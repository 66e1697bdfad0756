// SPDX-License-Identifier: GPL-2.0
/*
 * md-redundancy: md beyond raid0, by the path an array of copies or
 * parity goes through when a disk leaves and comes back.  A raid1 (one
 * member write-mostly, with write-behind), a raid10 (near copies) and a
 * raid5, each with an internal write-intent bitmap, made by the real
 * mdadm over loop devices, each taken through common/mdrsteps.c:
 *
 *   1. every block written once (the sector pattern, O_DIRECT; with a
 *      member that will run out of space, the first half), read back,
 *      and scrubbed with md's own check (mismatch_cnt must be 0);
 *   2. 12 batches of 32 seeded 4 KiB writes through Linux AIO, the first
 *      nine within what step 1 wrote; then member 0 leaves: on raid1 and
 *      raid10 (member 0 failfast) its backing store runs out of space
 *      (its never-written last quarter punched, its tmpfs filled), so
 *      its writes there fail in the kernel's own error path while others
 *      are in flight; on raid5 (and before 4.10, no failfast) it is
 *      failed through md's sysfs, as mdadm --fail does, while the tenth
 *      batch is in the kernel; the last batches write anywhere, degraded
 *      (few: each keeps its bitmap chunk dirty);
 *   3. the member removed and re-added with mdadm --re-add: md recovers
 *      only what the bitmap says it missed;
 *   4. md's check again, then the other copies failed, so that every
 *      block is read from the re-added member (or rebuilt from it with
 *      the parity) and compared with what was written last;
 *   5. on the raid1, the data on the write-mostly member alone while a
 *      normal member recovers: every block read during the recovery.
 *
 * A bitmap bit cleared for a write the member never got (5.10.35 and
 * before: a failed write on a Faulty member ended as success) leaves the
 * re-added member stale: md's check after the re-add finds the copies
 * differ, and step 4 would name the block.
 */
#include "common/mdr.h"
#include "common/mdrsteps.h"

#define CHECK "md-redundancy"

/* Member 0 is the one failed and re-added; others[] hold its copies. */
static const struct mdr_level levels[] = {
	{ .name = "raid1", .members = 3, .write_mostly = 2, .nospace = 1,
	  .failfast = MDR_FAILFAST_ELSE_SYSFS, .others = { 1, 2 }, .nr_others = 2 },
	/* n2: the members pair up in order, 0 with 1 */
	{ .name = "raid10", .members = 4, .write_mostly = -1, .nospace = 1,
	  .failfast = MDR_FAILFAST_ELSE_SYSFS, .layout = "n2", .others = { 1 }, .nr_others = 1 },
	{ .name = "raid5", .members = 4, .write_mostly = -1, .others = { 1 }, .nr_others = 1 },
};

int main(void)
{
	return mdrs_check(CHECK, levels, sizeof(levels) / sizeof(levels[0]), 1,
			  "arrays=3 levels=raid1(write-mostly,write-behind),raid10(n2),raid5 bitmap=internal "
			  "writes=%d member-left=%s re-added scrubbed mismatch_cnt=0 "
			  "raid1-read-while-recovering=ok");
}
