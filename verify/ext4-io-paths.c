// SPDX-License-Identifier: GPL-2.0
/*
 * ext4-io-paths: a check by I/O path, not by bug.  On a plain ext4 over a
 * loop device, one file per way of opening it (through the page cache
 * and with O_DIRECT, each with no sync flag, O_SYNC and O_DSYNC) is
 * driven by seeded operations through every way a program writes and
 * reads a file (common/iomodel.c: write() and writev() at the file
 * position, pwrite, pwritev2 with RWF_DSYNC, Linux AIO, io_uring, mmap
 * and msync; overwrites,
 * extending writes, writes into holes and preallocated blocks, unaligned
 * edges; fallocate, punched holes, truncates), each followed by none,
 * fsync or fdatasync.  After every operation the file's size, the file
 * position and the bytes it touched are compared with a model; the whole
 * file again after dropping caches and after unmounting and mounting;
 * then e2fsck -fn.  A stable backport that breaks one path of one file
 * system (6.1.64's O_DIRECT file position: 91562895f803 without
 * 936e114a245b) fails here without a check written for it.  The same
 * operations on ext4 over the md array: md-ext4-io-paths.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fsfile.h"
#include "common/guest.h"
#include "common/iomodel.h"
#include "common/sgprint.h"

#define CHECK "ext4-io-paths"
#define IMG "/tmp/sg-io.img"
#define MNT "/mnt/sg-io"
#define IMG_MIB 48
#define STEPS 100

static int remount(void *ctx)
{
	const char *loop = ctx;

	return umount(MNT) || sg_mount(loop, MNT, "");
}

int main(void)
{
	static struct iom files[IOM_NR_MODES];
	uint64_t seed = sg_param_u64("seed", 1);
	char loop[32], why[1024] = "", fsck[512];
	unsigned int unsupported = 0;
	int rc, ops = 0;

	sg_begin(CHECK);
	mkdir(MNT, 0755);
	if (sg_make_file(IMG, (uint64_t)IMG_MIB << 20) || sg_loop_attach(IMG, loop, sizeof(loop)))
		return sg_error("cannot set up a loop device on " IMG);
	if (fsfile_mkfs(loop, 4096) || sg_mount(loop, MNT, ""))
		return sg_error("mkfs or mount of %s failed", loop);
	rc = iom_modes(files, MNT, seed, STEPS, remount, loop, &unsupported, &ops, why, sizeof(why));
	umount(MNT);
	if (rc != 2 && fsfile_fsck(loop, fsck, sizeof(fsck)) == FSCK_COMPLAINT && !rc) {
		snprintf(why, sizeof(why), "%s", fsck);
		rc = 1;
	}
	sg_loop_detach(loop);
	unlink(IMG);
	if (rc == 2)
		return sg_error("seed=%llu %s", (unsigned long long)seed, why);
	if (rc)
		return sg_fail("seed=%llu first: %s", (unsigned long long)seed, why);
	return sg_pass("seed=%llu cases=%d ops=%d remount=same e2fsck=clean%s",
		       (unsigned long long)seed, IOM_NR_MODES, ops,
		       iom_untested(unsupported));
}
