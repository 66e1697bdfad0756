// SPDX-License-Identifier: GPL-2.0
/*
 * ext4-es-delayed: the fstests generic/086 sequence.  A buffered write
 * into an unallocated range, an fallocate of a superset before writeback,
 * fsync, a cache drop, then a write to another part of the same block:
 * with d2dc317d564a missing the written extent stays marked delayed, the
 * second write treats its block as new and zeroes what the first one wrote.
 * Cases are in eighths of a block and run at 1k and 4k block sizes;
 * after each block size's cases, e2fsck -fn on the unmounted filesystem.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fsfile.h"
#include "common/guest.h"
#include "common/sgprint.h"

#define CHECK "ext4-es-delayed"
#define IMG "/tmp/sg-ext4.img"
#define MNT "/mnt/sg-ext4"
#define IMG_MIB 32
#define MAX_FILE (512 * 1024)

/* w:OFF:LEN buffered write, f:OFF:LEN fallocate, s fsync, d drop caches. */
static const char *const cases[] = {
	"w:8:4 f:0:16 s d w:12:4 s d",
	"w:10:2 f:8:24 s d w:13:2 s d",
	"w:12:4 f:0:32 s d w:8:2 s d",
	"w:8:4 f:0:32 s d w:20:4 s d",
	"w:8:2 f:0:16 w:24:2 f:16:16 w:72:2 f:64:24 s d w:74:2 w:26:4 s d",
	/*
	 * Since 4.x the delalloc writeback itself no longer trips the bug;
	 * a later write into the rest of the fallocated range does: it is
	 * converted from unwritten at fsync and, unguarded, marked delayed.
	 */
	"w:16:4 f:0:32 s d w:0:4 s d w:4:4 s d",
	"w:8:2 f:0:32 s w:25:2 s d w:28:3 s d",
	"w:40:8 f:0:64 s w:2:3 w:50:4 s d w:6:2 w:56:8 s d",
	/* The reproducer in d2dc317d564a's message, at 4k: 4096+2048, ... */
	"w:8:4 f:0:256 w:128:4 s d w:132:4 s d",
};

struct file_model {
	unsigned char data[MAX_FILE];
	uint64_t size;
};

static int do_write(int fd, struct file_model *m, uint64_t seed, int op,
		    uint64_t off, uint64_t len)
{
	uint64_t i;

	/* The model holds what the file must hold; write it from there. */
	for (i = 0; i < len; i++)
		m->data[off + i] = fsfile_byte(seed, op, off + i);
	if (sg_pwrite_full(fd, m->data + off, len, off))
		return -1;
	if (off + len > m->size)
		m->size = off + len;
	return 0;
}

static int do_falloc(int fd, struct file_model *m, uint64_t off, uint64_t len)
{
	if (fallocate(fd, 0, off, len))
		return -1;
	if (off + len > m->size)
		m->size = off + len;
	return 0;
}

static int run_ops(int fd, const char *text, unsigned int bs, uint64_t seed,
		   struct file_model *m)
{
	char copy[256], *tok, *save;
	unsigned int off, len;
	int op = 0, ret = 0;

	snprintf(copy, sizeof(copy), "%s", text);
	for (tok = strtok_r(copy, " ", &save); tok && !ret;
	     tok = strtok_r(NULL, " ", &save), op++) {
		if (sscanf(tok + 1, ":%u:%u", &off, &len) == 2 &&
		    (off + len) * bs / 8 > MAX_FILE)
			return -1;
		switch (tok[0]) {
		case 'w':
			ret = do_write(fd, m, seed, op, off * bs / 8, len * bs / 8);
			break;
		case 'f':
			ret = do_falloc(fd, m, off * bs / 8, len * bs / 8);
			break;
		case 's':
			ret = fsync(fd);
			break;
		case 'd':
			ret = sg_drop_caches();
			break;
		default:
			return -1;
		}
	}
	return ret;
}

static int compare(const char *path, const struct file_model *m, char *why,
		   size_t len)
{
	unsigned char *got;
	size_t n, i;

	got = sg_slurp(path, &n);
	if (!got) {
		snprintf(why, len, "cannot read back");
		return -1;
	}
	if (n != m->size) {
		snprintf(why, len, "size %zu, expected %llu", n,
			 (unsigned long long)m->size);
		free(got);
		return -1;
	}
	for (i = 0; i < n && got[i] == m->data[i]; i++)
		;
	if (i < n)
		snprintf(why, len, "byte %zu is 0x%02x, expected 0x%02x", i,
			 got[i], m->data[i]);
	free(got);
	return i < n ? -1 : 0;
}

/* 0 pass, 1 data wrong, 2 could not run. */
static int run_case(int idx, unsigned int bs, uint64_t seed, char *why,
		    size_t len)
{
	static struct file_model m;
	char path[64], detail[256];
	int fd, ret;

	memset(&m, 0, sizeof(m));
	snprintf(path, sizeof(path), MNT "/case%d-%u", idx, bs);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return 2;
	/* The fd stays open so the inode, and its extent status tree, stay. */
	ret = run_ops(fd, cases[idx], bs, seed, &m);
	if (ret) {
		close(fd);
		snprintf(why, len, "bs=%u case %d \"%s\": an operation failed", bs,
			 idx, cases[idx]);
		return 2;
	}
	sg_drop_caches();
	ret = compare(path, &m, detail, sizeof(detail));
	close(fd);
	if (ret)
		snprintf(why, len, "bs=%u case %d \"%s\": %s", bs, idx, cases[idx],
			 detail);
	return ret ? 1 : 0;
}

/* e2fsck -fn after the cases, as fstests checks its scratch filesystem. */
static int fsck_fs(unsigned int bs, const char *loop, int *failed, char *why,
		   size_t len)
{
	char detail[512];
	int rc;

	rc = fsfile_fsck(loop, detail, sizeof(detail));
	if (rc == FSCK_NOT_RUN) {
		snprintf(why, len, "bs=%u: %s", bs, detail);
		return 2;
	}
	if (rc == FSCK_COMPLAINT) {
		sg_info("bs=%u: %s", bs, detail);
		if (!(*failed)++)
			snprintf(why, len, "bs=%u: %s", bs, detail);
	}
	return 0;
}

static int with_fs(unsigned int bs, const char *loop, uint64_t seed,
		   int *failed, char *why, size_t len)
{
	char detail[512];
	int i, rc;

	if (fsfile_mkfs(loop, bs) || sg_mount(loop, MNT, "")) {
		snprintf(why, len, "mkfs or mount with bs=%u failed", bs);
		return 2;
	}
	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		rc = run_case(i, bs, seed, detail, sizeof(detail));
		if (rc == 2) {
			umount(MNT);
			snprintf(why, len, "%s", detail);
			return 2;
		}
		if (rc == 1) {
			sg_info("%s", detail);
			if (!(*failed)++)
				snprintf(why, len, "%s", detail);
		}
	}
	umount(MNT);
	return fsck_fs(bs, loop, failed, why, len);
}

int main(void)
{
	static const unsigned int sizes[] = { 1024, 4096 };
	uint64_t seed = sg_param_u64("seed", 1);
	char loop[32], why[1024] = "";
	int failed = 0, rc = 0, i;

	sg_begin(CHECK);
	mkdir(MNT, 0755);
	if (sg_make_file(IMG, IMG_MIB << 20) ||
	    sg_loop_attach(IMG, loop, sizeof(loop)))
		return sg_error("cannot set up a loop device on " IMG);
	for (i = 0; i < 2 && rc != 2; i++)
		rc = with_fs(sizes[i], loop, seed, &failed, why, sizeof(why));
	sg_loop_detach(loop);
	unlink(IMG);
	if (rc == 2)
		return sg_error("seed=%llu %s", (unsigned long long)seed, why);
	if (failed)
		return sg_fail("seed=%llu cases_failed=%d first: %s",
			       (unsigned long long)seed, failed, why);
	return sg_pass("seed=%llu cases=%d block_sizes=1024,4096 e2fsck=clean",
		       (unsigned long long)seed,
		       (int)(2 * sizeof(cases) / sizeof(cases[0])));
}
