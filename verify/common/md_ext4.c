// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsfile.h"
#include "guest.h"
#include "md_ext4.h"
#include "raid0_check.h"

int md_ext4_up(struct md_array *a, const struct md_spec *spec, int nth,
	       const char *mnt, char *why, size_t len)
{
	if (md_create_nth(a, spec, nth)) {
		snprintf(why, len, "array not created: %s", md_spec_describe(spec));
		md_destroy(a);
		return SPEC_REFUSED;
	}
	if (md_discard_ready(a, why, len)) {
		md_destroy(a);
		return SPEC_ERROR;
	}
	mkdir(mnt, 0755);
	if (fsfile_mkfs(a->dev, 4096) || sg_mount(a->dev, mnt, "discard")) {
		snprintf(why, len, "mkfs or mount -o discard failed: %s",
			 md_spec_describe(spec));
		md_destroy(a);
		return SPEC_ERROR;
	}
	return SPEC_PASS;
}

int md_ext4_remount(const struct md_array *a, const char *mnt)
{
	if (umount(mnt))
		return -1;
	return mount(a->dev, mnt, "ext4", 0, "discard");
}

int md_ext4_down(struct md_array *a, const char *mnt, int ret, char *why,
		 size_t len)
{
	char detail[1024];
	int rc;

	snprintf(detail, sizeof(detail), "%s", why);
	if (umount(mnt) && ret == SPEC_PASS) {
		snprintf(detail, sizeof(detail), "cannot unmount %s for e2fsck", mnt);
		ret = SPEC_ERROR;
	}
	if (ret == SPEC_PASS) {
		rc = fsfile_fsck(a->dev, detail, sizeof(detail));
		if (rc == FSCK_COMPLAINT)
			ret = SPEC_FAIL;
		else if (rc)
			ret = SPEC_ERROR;
		else
			snprintf(detail, sizeof(detail), "%s", why);
	}
	if (ret != SPEC_PASS)
		snprintf(why, len, "%s: %s", md_spec_describe(&a->spec), detail);
	md_destroy(a);
	return ret;
}

int md_ext4_spec(const struct md_spec *spec, const char *mnt, uint64_t seed,
		 md_ext4_fn fn, char *why, size_t len)
{
	struct md_array a;
	int ret;

	ret = md_ext4_up(&a, spec, 0, mnt, why, len);
	if (ret != SPEC_PASS)
		return ret;
	ret = fn(&a, seed, why, len);
	return md_ext4_down(&a, mnt, ret, why, len);
}

int md_file_crosses_zone(const struct md_array *a, const char *path)
{
	char buf[sizeof(struct fiemap) + 64 * sizeof(struct fiemap_extent)];
	struct fiemap *fm = (struct fiemap *)buf;
	unsigned int i;
	int fd, z, hit = 0;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	memset(buf, 0, sizeof(buf));
	fm->fm_length = ~0ULL;
	fm->fm_flags = FIEMAP_FLAG_SYNC;
	fm->fm_extent_count = 64;
	if (ioctl(fd, FS_IOC_FIEMAP, fm))
		fm->fm_mapped_extents = 0;
	close(fd);
	for (i = 0; i < fm->fm_mapped_extents; i++) {
		uint64_t lo = fm->fm_extents[i].fe_physical;
		uint64_t hi = lo + fm->fm_extents[i].fe_length;

		for (z = 0; z + 1 < a->model.nr_zones; z++) {
			uint64_t edge = a->model.zones[z].end * 512;

			hit |= lo < edge && hi > edge;
		}
	}
	return hit;
}
