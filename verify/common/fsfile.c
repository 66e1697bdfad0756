// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsfile.h"
#include "guest.h"
#include "mix.h"
#include "setuptime.h"

#define FSCK_OUT "/tmp/sg-e2fsck.out"
#define IO_SIZE (64 * 1024 + 512)	/* odd size: writes straddle pages */

unsigned char fsfile_byte(uint64_t seed, int id, uint64_t off)
{
	uint64_t x = seed * SG_GOLDEN + ((uint64_t)id << 40) + (off >> 3);

	return sg_mix64(x) >> ((off & 7) * 8);
}

static void fill(unsigned char *buf, size_t n, uint64_t seed, int id,
		 uint64_t off)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = fsfile_byte(seed, id, off + i);
}

int fsfile_write(const char *path, uint64_t seed, int id, uint64_t size)
{
	unsigned char *buf = malloc(IO_SIZE);
	uint64_t off;
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || !buf) {
		free(buf);
		return -1;
	}
	for (off = 0; off < size && !ret; off += IO_SIZE) {
		size_t n = size - off < IO_SIZE ? size - off : IO_SIZE;

		fill(buf, n, seed, id, off);
		ret = sg_pwrite_full(fd, buf, n, off);
	}
	free(buf);
	close(fd);
	return ret;
}

int fsfile_verify(const char *path, uint64_t seed, int id, uint64_t size,
		  char *why, size_t len)
{
	unsigned char *buf;
	size_t n, i;

	buf = sg_slurp(path, &n);
	if (!buf) {
		snprintf(why, len, "%s: cannot read", path);
		return -1;
	}
	if (n != size) {
		snprintf(why, len, "%s: size %zu, wrote %llu", path, n,
			 (unsigned long long)size);
		free(buf);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (buf[i] == fsfile_byte(seed, id, i))
			continue;
		snprintf(why, len, "%s: byte %zu is 0x%02x, wrote 0x%02x (file %d of seed %llu)",
			 path, i, buf[i], fsfile_byte(seed, id, i), id,
			 (unsigned long long)seed);
		free(buf);
		return -1;
	}
	free(buf);
	return 0;
}

/*
 * The UUID and directory hash seed are given, not drawn: on 3.18 to 5.10
 * an idle TCG guest's random pool is not ready, and libuuid waits on
 * getrandom() for each one before it falls back, about four seconds a
 * mkfs.  Fixed values also make every run's filesystem the same.
 */
int fsfile_mkfs(const char *dev, unsigned int block_size)
{
	char bs[16];
	int rc;
	const char *argv[] = {
		"mke2fs", "-F", "-q", "-t", "ext4", "-b", bs,
		"-O", "none,has_journal,ext_attr,resize_inode,dir_index,filetype,extent,flex_bg,sparse_super,large_file,huge_file,dir_nlink,extra_isize",
		"-E", "nodiscard,lazy_itable_init=0,lazy_journal_init=0,hash_seed=5ab1e5ee-d000-4000-8000-000000002015",
		"-U", "5ab1e5ee-d000-4000-8000-000000000001",
		"-J", "size=4", "-N", "512", dev, NULL,
	};

	snprintf(bs, sizeof(bs), "%u", block_size);
	sg_setup_begin();
	rc = sg_run(argv) ? -1 : 0;
	sg_setup_end();
	return rc;
}

/* The first line of e2fsck's output past its banner and "Pass N:" lines. */
static void first_complaint(const char *path, char *line, size_t len)
{
	char buf[512];
	FILE *f = fopen(path, "r");

	snprintf(line, len, "no output");
	if (!f)
		return;
	while (fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (!buf[0] || !strncmp(buf, "e2fsck ", 7) ||
		    !strncmp(buf, "Pass ", 5))
			continue;
		snprintf(line, len, "%.300s", buf);
		break;
	}
	fclose(f);
}

int fsfile_fsck(const char *dev, char *why, size_t len)
{
	const char *argv[] = { "e2fsck", "-f", "-n", dev, NULL };
	double t0 = sg_now();
	char line[400];
	int rc;

	rc = sg_run_output(argv, FSCK_OUT);
	sg_fsck_add(sg_now() - t0);
	if (!rc)
		return 0;
	first_complaint(FSCK_OUT, line, sizeof(line));
	snprintf(why, len, "e2fsck -fn %s exited %d: %s", dev, rc, line);
	/*
	 * Bits of e2fsck's status: 4 errors left uncorrected (with -n, often
	 * with 8 when it then gives up), 8 operational error alone; from 16
	 * on (usage, cancelled, a library) and 127 (no e2fsck) it did not run.
	 */
	return rc > 0 && rc < 16 && (rc & 7) ? FSCK_COMPLAINT : FSCK_NOT_RUN;
}
