// SPDX-License-Identifier: GPL-2.0
/*
 * fio-ext4: the article's symptom through fio.  ext4 on each array of
 * the raid0 checks, mounted -o discard; fio writes small files and
 * verifies them (verify/fio/ext4-write.fio), every other one is deleted
 * (and any lying across a zone boundary of the array) so ext4 discards
 * their blocks, the filesystem is mounted again and fio verifies every
 * file kept (ext4-verify.fio); then e2fsck -fn on the unmounted array.
 * A filler file, allocated but never written, puts the small files
 * across the array's first zone boundary.
 */
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "common/fio.h"
#include "common/guest.h"
#include "common/md_ext4.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "fio-ext4"
#define MNT "/mnt/sg-fio"
#define FILLER MNT "/filler"
#define NR_FILES 48
/* About half of what the files hold (8 to 60 KiB each) before the edge. */
#define BEFORE_EDGE (768 * 1024ULL)

/* Physical byte where the file's first extent starts, or 0. */
static uint64_t first_physical(int fd)
{
	char buf[sizeof(struct fiemap) + sizeof(struct fiemap_extent)];
	struct fiemap *fm = (struct fiemap *)buf;

	memset(buf, 0, sizeof(buf));
	fm->fm_length = ~0ULL;
	fm->fm_flags = FIEMAP_FLAG_SYNC;
	fm->fm_extent_count = 1;
	if (ioctl(fd, FS_IOC_FIEMAP, fm) || !fm->fm_mapped_extents)
		return 0;
	return fm->fm_extents[0].fe_physical;
}

/* Allocated, unwritten blocks up to shortly before the first zone edge. */
static int place_filler(const struct md_array *a)
{
	uint64_t edge = a->model.zones[0].end * 512, start;
	int fd, ret = -1;

	fd = open(FILLER, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	if (!fallocate(fd, 0, 0, 4096)) {
		start = first_physical(fd);
		ret = 0;
		if (start && start + BEFORE_EDGE < edge)
			ret = fallocate(fd, 0, 0, edge - BEFORE_EDGE - start);
	}
	if (!ret)
		ret = fsync(fd);
	close(fd);
	return ret;
}

struct deletions {
	int deleted, crossing;
	char keep[NR_FILES * 8];
};

static int delete_files(const struct md_array *a, struct deletions *d)
{
	char path[64];
	size_t n;
	int i, cross;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < NR_FILES; i++) {
		snprintf(path, sizeof(path), MNT "/f.%d", i);
		cross = md_file_crosses_zone(a, path);
		if (i % 2 && !cross) {
			n = strlen(d->keep);
			snprintf(d->keep + n, sizeof(d->keep) - n, "%sf.%d",
				 n ? ":" : "", i);
			continue;
		}
		if (unlink(path))
			return -1;
		d->deleted++;
		d->crossing += cross;
	}
	if (unlink(FILLER))
		return -1;
	sync();
	return 0;
}

static int fio_part(const char *job, const struct md_array *a,
		    struct fio_result *r, char *why, size_t len)
{
	int ret;

	if (fio_run(job, r)) {
		snprintf(why, len, "%s: fio's output unreadable", job);
		return SPEC_ERROR;
	}
	ret = fio_verdict(r, job, why, len);
	sg_info("%s %s: fio exited %d: %s", md_spec_describe(&a->spec), job,
		r->status, why);
	return ret;
}

static int files_round(const struct md_array *a, uint64_t seed, char *why,
		       size_t len)
{
	struct fio_result w, v;
	struct deletions d;
	int ret;

	fio_env_str("MNT", MNT);
	fio_env("SEED", seed);
	fio_env("FILES", NR_FILES);
	if (place_filler(a)) {
		snprintf(why, len, "cannot allocate the filler file");
		return SPEC_ERROR;
	}
	ret = fio_part("ext4-write.fio", a, &w, why, len);
	if (ret != SPEC_PASS)
		return ret;
	if (delete_files(a, &d) || md_ext4_remount(MNT)) {
		snprintf(why, len, "delete or remount failed");
		return SPEC_ERROR;
	}
	fio_env_str("KEEP", d.keep);
	ret = fio_part("ext4-verify.fio", a, &v, why, len);
	if (ret != SPEC_PASS)
		return ret;
	snprintf(why, len, "files=%d deleted=%d crossing_zone=%d written=%lluKiB verified_after_remount=%lluKiB",
		 NR_FILES, d.deleted, d.crossing,
		 (unsigned long long)w.written_kib,
		 (unsigned long long)v.verified_kib);
	return SPEC_PASS;
}

static int run_spec(const struct md_spec *spec, uint64_t seed, char *why,
		    size_t len)
{
	return md_ext4_spec(spec, MNT, seed, files_round, why, len);
}

int main(void)
{
	return raid0_main(CHECK, run_spec);
}
