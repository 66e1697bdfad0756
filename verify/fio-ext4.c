// SPDX-License-Identifier: GPL-2.0
/*
 * fio-ext4: the article's symptom through fio.  ext4 on each array of
 * the raid0 checks (all up at once and one fio over all of them, as in
 * fio-raid0), mounted -o discard; fio writes small files and
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
#include <sys/stat.h>
#include <unistd.h>

#include "common/fio.h"
#include "common/guest.h"
#include "common/md_ext4.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "fio-ext4"
#define MNT_DIR "/mnt/sg-fio"
#define NR_FILES 48
/* About half of what the files hold (8 to 60 KiB each) before the edge. */
#define BEFORE_EDGE (768 * 1024ULL)

/* One array with its filesystem, and where its fio runs are. */
struct fs_array {
	struct md_array a;
	char mnt[32];
	char keep[NR_FILES * 8];	/* the files kept, colon-separated */
	int up, rc, deleted, crossing;
	uint64_t written_kib, verified_kib;
};

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
static int place_filler(const struct fs_array *x)
{
	uint64_t edge = x->a.model.zones[0].end * 512, start;
	char path[64];
	int fd, ret = -1;

	snprintf(path, sizeof(path), "%s/filler", x->mnt);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
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

/* Every other file kept, the rest and any across a zone edge deleted. */
static int delete_files(struct fs_array *x)
{
	char path[64];
	size_t n;
	int i, cross;

	x->keep[0] = '\0';
	for (i = 0; i < NR_FILES; i++) {
		snprintf(path, sizeof(path), "%s/f.%d", x->mnt, i);
		cross = md_file_crosses_zone(&x->a, path);
		if (i % 2 && !cross) {
			n = strlen(x->keep);
			snprintf(x->keep + n, sizeof(x->keep) - n, "%sf.%d",
				 n ? ":" : "", i);
			continue;
		}
		if (unlink(path))
			return -1;
		x->deleted++;
		x->crossing += cross;
	}
	snprintf(path, sizeof(path), "%s/filler", x->mnt);
	if (unlink(path))
		return -1;
	sync();
	return 0;
}

/* fio over every array still PASS, at once (common/fio.h says why). */
static void fio_part(const char *job, struct fs_array *x, int n,
		     uint64_t seed, struct spec_outcome *out)
{
	static struct fio_vars v[MAX_SPECS];
	static struct fio_result r[MAX_SPECS];
	int idx[MAX_SPECS], k = 0, i, j;
	char why[1024];

	for (i = 0; i < n; i++) {
		if (!x[i].up || x[i].rc != SPEC_PASS)
			continue;
		memset(&v[k], 0, sizeof(v[k]));
		snprintf(v[k].tag, sizeof(v[k].tag), "%s", x[i].a.name);
		snprintf(v[k].where, sizeof(v[k].where), "%s/", x[i].mnt);
		fio_var_str(&v[k], "MNT", x[i].mnt);
		fio_var_str(&v[k], "KEEP", x[i].keep);
		fio_var(&v[k], "SEED", seed);
		fio_var(&v[k], "FILES", NR_FILES);
		idx[k++] = i;
	}
	if (!k)
		return;
	if (fio_run_all(job, v, k, r, why, sizeof(why))) {
		for (j = 0; j < k; j++) {
			x[idx[j]].rc = SPEC_ERROR;
			snprintf(out[idx[j]].why, sizeof(out[idx[j]].why), "%s", why);
		}
		return;
	}
	for (j = 0; j < k; j++) {
		struct fs_array *y = &x[idx[j]];
		struct spec_outcome *o = &out[idx[j]];

		y->rc = fio_verdict(&r[j], job, o->why, sizeof(o->why));
		y->written_kib += r[j].written_kib;
		y->verified_kib = r[j].verified_kib;
		sg_info("%s %s: fio exited %d: %s", md_spec_describe(&y->a.spec),
			job, r[j].status, o->why);
	}
}

/* Between the two fio parts: the deletions (discards) and the remount. */
static void delete_and_remount(struct fs_array *x, int n,
			       struct spec_outcome *out)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!x[i].up || x[i].rc != SPEC_PASS)
			continue;
		if (delete_files(&x[i]) || md_ext4_remount(&x[i].a, x[i].mnt)) {
			x[i].rc = SPEC_ERROR;
			snprintf(out[i].why, sizeof(out[i].why), "delete or remount failed");
		}
	}
}

static void bring_up(const struct md_spec *specs, struct fs_array *x, int n,
		     struct spec_outcome *out)
{
	int i;

	mkdir(MNT_DIR, 0755);
	for (i = 0; i < n; i++) {
		snprintf(x[i].mnt, sizeof(x[i].mnt), MNT_DIR "/md%d", i);
		x[i].rc = md_ext4_up(&x[i].a, &specs[i], i, x[i].mnt, out[i].why,
				     sizeof(out[i].why));
		x[i].up = x[i].rc == SPEC_PASS;
		if (x[i].up && place_filler(&x[i])) {
			x[i].rc = SPEC_ERROR;
			snprintf(out[i].why, sizeof(out[i].why), "cannot allocate the filler file");
		}
	}
}

static void run_all(const struct md_spec *specs, int n, uint64_t seed,
		    struct spec_outcome *out)
{
	static struct fs_array x[MAX_SPECS];
	int i;

	memset(x, 0, sizeof(x));
	bring_up(specs, x, n, out);
	fio_part("ext4-write.fio", x, n, seed, out);
	delete_and_remount(x, n, out);
	fio_part("ext4-verify.fio", x, n, seed, out);
	for (i = 0; i < n; i++) {
		if (!x[i].up) {
			out[i].rc = x[i].rc;
			continue;
		}
		if (x[i].rc == SPEC_PASS)
			snprintf(out[i].why, sizeof(out[i].why),
				 "files=%d deleted=%d crossing_zone=%d written=%lluKiB verified_after_remount=%lluKiB",
				 NR_FILES, x[i].deleted, x[i].crossing,
				 (unsigned long long)x[i].written_kib,
				 (unsigned long long)x[i].verified_kib);
		out[i].rc = md_ext4_down(&x[i].a, x[i].mnt, x[i].rc, out[i].why,
					 sizeof(out[i].why));
	}
}

int main(void)
{
	return raid0_main_all(CHECK, run_all);
}
