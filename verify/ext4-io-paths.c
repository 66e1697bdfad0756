// SPDX-License-Identifier: GPL-2.0
/*
 * ext4-io-paths: a check by I/O path, not by bug.  On a plain ext4 over a
 * loop device, one file per way of opening it (through the page cache
 * and with O_DIRECT, each with no sync flag, O_SYNC and O_DSYNC) is
 * driven by seeded operations through every way a program writes and
 * reads a file (common/iomodel.c: write() and writev() at the file
 * position, pwrite, pwritev2 with RWF_DSYNC, mmap and msync; overwrites,
 * extending writes, writes into holes and preallocated blocks, unaligned
 * edges; fallocate, punched holes, truncates), each followed by none,
 * fsync or fdatasync.  After every operation the file's size, the file
 * position and the bytes it touched are compared with a model; the whole
 * file again after dropping caches and after unmounting and mounting;
 * then e2fsck -fn.  A stable backport that breaks one path of one file
 * system (6.1.64's O_DIRECT file position: 91562895f803 without
 * 936e114a245b) fails here without a check written for it.
 */
#include <fcntl.h>
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
#define NR_MODES 6

static const struct iom_mode modes[NR_MODES] = {
	{ 0, 0 }, { 0, O_SYNC }, { 0, O_DSYNC }, { 1, 0 }, { 1, O_SYNC }, { 1, O_DSYNC },
};

/* The file of one mode: its operations, the checks between them; 0, 1 or 2. */
static int run_mode(struct iom *m, int k, uint64_t seed, char *why, size_t len)
{
	char path[64];
	int i, rc;

	snprintf(path, sizeof(path), MNT "/file-%d", k);
	if (iom_open(m, strdup(path), modes[k], seed, why, len))
		return 2;
	for (i = 1; i <= STEPS; i++) {
		rc = iom_step(m, why, len);
		if (rc)
			return rc;
		if (i % 16 == 0 && (rc = iom_verify(m, "read whole", why, len)))
			return rc;
	}
	iom_close(m);
	sg_drop_caches();
	return iom_verify(m, "after dropping caches", why, len);
}

/* Every mode's file again after a remount; the first that differs said. */
static int after_remount(struct iom *files, int n, const char *loop, char *why, size_t len)
{
	int k, rc = 0;

	if (umount(MNT) || sg_mount(loop, MNT, "")) {
		snprintf(why, len, "cannot unmount and mount %s again", loop);
		return 2;
	}
	for (k = 0; k < n && !rc; k++)
		rc = iom_verify(&files[k], "after unmounting and mounting again", why, len);
	return rc;
}

int main(void)
{
	static struct iom files[NR_MODES];
	uint64_t seed = sg_param_u64("seed", 1);
	char loop[32], why[1024] = "", fsck[512];
	unsigned int unsupported = 0;
	int k, rc = 0, ops = 0;

	sg_begin(CHECK);
	mkdir(MNT, 0755);
	if (sg_make_file(IMG, (uint64_t)IMG_MIB << 20) || sg_loop_attach(IMG, loop, sizeof(loop)))
		return sg_error("cannot set up a loop device on " IMG);
	if (fsfile_mkfs(loop, 4096) || sg_mount(loop, MNT, ""))
		return sg_error("mkfs or mount of %s failed", loop);
	for (k = 0; k < NR_MODES && !rc; k++) {
		rc = run_mode(&files[k], k, seed, why, sizeof(why));
		ops += files[k].op;
		unsupported |= files[k].unsupported;
	}
	if (!rc)
		rc = after_remount(files, NR_MODES, loop, why, sizeof(why));
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
	return sg_pass("seed=%llu ops=%d modes=%d remount=same e2fsck=clean%s",
		       (unsigned long long)seed, ops, NR_MODES,
		       unsupported & IOM_NO_PWRITEV2 ?
		       " untested: pwritev2(RWF_DSYNC), not in this kernel (pwrite in its place)" : "");
}
