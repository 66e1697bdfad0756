// SPDX-License-Identifier: GPL-2.0
/*
 * md-write-errors: the path most md arrays take when a disk fails, which
 * md-redundancy's failfast members do not: a member whose writes fail
 * with real I/O errors, neither failfast nor with a bad-block log
 * (metadata 0.90 has none), so that md's own write-error handling
 * (raid1d's and raid10d's handle_write_finished(), narrow_write_error()
 * finding no log) fails it while other writes to it are still in
 * flight.  A raid1 of two members and a raid10 (near copies), each with
 * an internal write-intent bitmap, made by the real mdadm over loop
 * devices and taken through common/mdrsteps.c: written, member 0's
 * store filled mid-write (its writes fail with ENOSPC), the member
 * re-added, md's check, every block read from the re-added member.
 *
 * The writes in flight when the member was failed must leave their
 * bitmap bits set: a write that failed on a member already Faulty and
 * ended as success (eeba6809d8d5 without 2417b9869b81, 5.10.0 to
 * 5.10.35) clears them, and the member comes back stale.
 */
#include "common/mdr.h"
#include "common/mdrsteps.h"

#define CHECK "md-write-errors"

/*
 * Member 0 runs out of space, and is failed as its failing writes are in
 * the kernel; others[] hold its copies.
 */
static const struct mdr_level levels[] = {
	{ .name = "raid1", .members = 2, .write_mostly = -1, .nospace = 1, .metadata = "0.90",
	  .sysfs_too = 1, .others = { 1 }, .nr_others = 1 },
	/* n2: the members pair up in order, 0 with 1 */
	{ .name = "raid10", .members = 4, .write_mostly = -1, .nospace = 1, .layout = "n2",
	  .metadata = "0.90", .sysfs_too = 1, .others = { 1 }, .nr_others = 1 },
};

int main(void)
{
	return mdrs_check(CHECK, levels, sizeof(levels) / sizeof(levels[0]), 11,
			  "arrays=2 levels=raid1,raid10(n2) metadata=0.90 bad-block-log=none "
			  "bitmap=internal writes=%d member-left=%s re-added scrubbed mismatch_cnt=0");
}
