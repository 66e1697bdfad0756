// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest.h"
#include "md.h"
#include "pattern.h"
#include "setuptime.h"
#include "sgprint.h"

#define MD_WORKDIR "/tmp/sg-md"

int md_parse_layout(const char *text, struct md_spec *spec)
{
	static char mdadm[32];
	const char *eq = strchr(text, '=');
	const char *model = eq ? eq + 1 : text;
	size_t n = eq ? (size_t)(eq - text) : strlen(text);

	if (n >= sizeof(mdadm))
		return -1;
	memcpy(mdadm, text, n);
	mdadm[n] = '\0';
	spec->mdadm_layout = strcmp(mdadm, "none") ? strdup(mdadm) : NULL;
	return raid0_layout_parse(model, &spec->layout);
}

const char *md_spec_describe(const struct md_spec *spec)
{
	static char buf[160];
	int i, n;

	n = snprintf(buf, sizeof(buf), "chunk=%uK layout=%s members=",
		     spec->chunk_kib, raid0_layout_name(spec->layout));
	for (i = 0; i < spec->nr_devs && n < (int)sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%lluK", i ? "," : "",
			      (unsigned long long)spec->dev_kib[i]);
	return buf;
}

static int attach_members(struct md_array *a)
{
	int i;

	mkdir(MD_WORKDIR, 0700);
	for (i = 0; i < a->spec.nr_devs; i++) {
		snprintf(a->files[i], sizeof(a->files[i]), MD_WORKDIR "/%s-m%d",
			 a->name, i);
		if (sg_make_file(a->files[i], a->spec.dev_kib[i] * 1024) ||
		    sg_loop_attach(a->files[i], a->loops[i], sizeof(a->loops[i]))) {
			sg_info("cannot set up member %s", a->files[i]);
			return -1;
		}
	}
	return 0;
}

static int run_mdadm_create(const struct md_array *a)
{
	char level[] = "--level=0", chunk[32], disks[32], layout[48];
	const char *argv[8 + RAID0_MAX_DEVS + 1];
	int n = 0, i, rc;

	snprintf(chunk, sizeof(chunk), "--chunk=%u", a->spec.chunk_kib);
	snprintf(disks, sizeof(disks), "--raid-devices=%d", a->spec.nr_devs);
	argv[n++] = "mdadm";
	argv[n++] = "--create";
	argv[n++] = a->dev;
	argv[n++] = "--run";
	argv[n++] = level;
	argv[n++] = chunk;
	argv[n++] = disks;
	if (a->spec.mdadm_layout) {
		snprintf(layout, sizeof(layout), "--layout=%s",
			 a->spec.mdadm_layout);
		argv[n++] = layout;
	}
	for (i = 0; i < a->spec.nr_devs; i++)
		argv[n++] = a->loops[i];
	argv[n] = NULL;
	rc = sg_run(argv);
	if (rc)
		sg_info("mdadm --create %s exited %d", md_spec_describe(&a->spec), rc);
	return rc ? -1 : 0;
}

static int disk_index_of(const struct md_array *a, const char *rdev_dir)
{
	const char *name = rdev_dir + strlen("dev-");
	int i;

	for (i = 0; i < a->spec.nr_devs; i++)
		if (!strcmp(strrchr(a->loops[i], '/') + 1, name))
			return i;
	return -1;
}

/* /sys/block/<name> and what follows, e.g. "/size". */
static void md_sysfs(const struct md_array *a, char *buf, size_t len,
		     const char *what)
{
	snprintf(buf, len, "/sys/block/%s%s", a->name, what);
}

/* Member order, offsets and sizes as md reports them in sysfs. */
static int read_geometry(struct md_array *a)
{
	uint64_t sectors[RAID0_MAX_DEVS], kib;
	char path[PATH_MAX + 64], link[PATH_MAX], sysfs[32], *base;
	int i, idx;
	ssize_t n;

	md_sysfs(a, sysfs, sizeof(sysfs), "");
	for (i = 0; i < a->spec.nr_devs; i++) {
		snprintf(path, sizeof(path), "%s/md/rd%d", sysfs, i);
		n = readlink(path, link, sizeof(link) - 1);
		if (n < 0)
			return -1;
		link[n] = '\0';
		base = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
		idx = disk_index_of(a, base);
		if (idx < 0)
			return -1;
		a->file_of_disk[i] = idx;
		snprintf(path, sizeof(path), "%s/md/%s/offset", sysfs, base);
		if (sg_read_u64(path, &a->data_offset[i]))
			return -1;
		snprintf(path, sizeof(path), "%s/md/%s/size", sysfs, base);
		if (sg_read_u64(path, &kib))
			return -1;
		sectors[i] = kib * 2;
	}
	return raid0_model_init(&a->model, a->spec.layout,
				a->spec.chunk_kib * 2ULL, a->spec.nr_devs,
				sectors);
}

/* Reads what md made of the array and checks its size against the model. */
static int md_model(struct md_array *a)
{
	uint64_t md_sectors;
	char path[64];

	if (read_geometry(a)) {
		sg_info("cannot read md geometry of %s", a->dev);
		return -1;
	}
	md_sysfs(a, path, sizeof(path), "/size");
	if (sg_read_u64(path, &md_sectors))
		return -1;
	/*
	 * md sizes the array as the members masked with chunk-1, which is
	 * exact only for power-of-two chunks; otherwise the zones may reach
	 * past it and the tail is unused.
	 */
	a->sectors = md_sectors;
	if (md_sectors > a->model.sectors ||
	    (!(a->spec.chunk_kib & (a->spec.chunk_kib - 1)) &&
	     md_sectors != a->model.sectors)) {
		sg_info("array size: md says %llu sectors, model %llu (%s)",
			(unsigned long long)md_sectors,
			(unsigned long long)a->model.sectors,
			md_spec_describe(&a->spec));
		return -1;
	}
	return 0;
}

static void md_init(struct md_array *a, const struct md_spec *spec, int nth)
{
	memset(a, 0, sizeof(*a));
	a->spec = *spec;
	snprintf(a->name, sizeof(a->name), "md%d", nth);
	snprintf(a->dev, sizeof(a->dev), "/dev/%s", a->name);
}

int md_create_nth(struct md_array *a, const struct md_spec *spec, int nth)
{
	int rc = -1;

	sg_setup_begin();
	md_init(a, spec, nth);
	if (!attach_members(a) && !run_mdadm_create(a))
		rc = md_model(a);
	sg_setup_end();
	return rc;
}

int md_create(struct md_array *a, const struct md_spec *spec)
{
	return md_create_nth(a, spec, 0);
}

/* Members are the disks themselves: read directly, never removed. */
static void use_disks(struct md_array *a, const struct md_spec *spec,
		      char devs[][32], int nr)
{
	uint64_t bytes;
	int i;

	md_init(a, spec, 0);
	a->spec.nr_devs = nr;
	a->on_disks = 1;
	for (i = 0; i < nr; i++) {
		snprintf(a->loops[i], sizeof(a->loops[i]), "%s", devs[i]);
		snprintf(a->files[i], sizeof(a->files[i]), "%s", devs[i]);
		if (!sg_dev_bytes(devs[i], &bytes))
			a->spec.dev_kib[i] = bytes / 1024;
	}
}

int md_create_on(struct md_array *a, const struct md_spec *spec,
		 char devs[][32], int nr)
{
	int rc = -1;

	sg_setup_begin();
	use_disks(a, spec, devs, nr);
	if (!run_mdadm_create(a))
		rc = md_model(a);
	sg_setup_end();
	return rc;
}

static int assemble(struct md_array *a, const struct md_spec *spec,
		    char devs[][32], int nr, const char *update)
{
	const char *argv[6 + RAID0_MAX_DEVS + 1];
	char upd[64], path[64];
	uint64_t chunk_bytes;
	int n = 0, i, rc;

	use_disks(a, spec, devs, nr);
	argv[n++] = "mdadm";
	argv[n++] = "--assemble";
	argv[n++] = a->dev;
	argv[n++] = "--run";
	if (update) {
		snprintf(upd, sizeof(upd), "--update=%s", update);
		argv[n++] = upd;
	}
	for (i = 0; i < nr; i++)
		argv[n++] = a->loops[i];
	argv[n] = NULL;
	rc = sg_run(argv);
	if (rc) {
		sg_info("mdadm --assemble%s%s exited %d", update ? " " : "",
			update ? upd : "", rc);
		return 1;
	}
	md_sysfs(a, path, sizeof(path), "/md/chunk_size");
	if (sg_read_u64(path, &chunk_bytes)) {
		sg_info("cannot read the chunk size from %s", path);
		return -1;
	}
	a->spec.chunk_kib = chunk_bytes / 1024;
	return md_model(a);
}

int md_assemble(struct md_array *a, const struct md_spec *spec,
		char devs[][32], int nr, const char *update)
{
	int rc;

	sg_setup_begin();
	rc = assemble(a, spec, devs, nr, update);
	sg_setup_end();
	return rc;
}

void md_destroy(struct md_array *a)
{
	const char *stop[] = { "mdadm", "--stop", a->dev, NULL };
	int i;

	sg_setup_begin();
	sync();
	sg_run(stop);
	for (i = 0; i < a->spec.nr_devs && !a->on_disks; i++) {
		if (a->loops[i][0])
			sg_loop_detach(a->loops[i]);
		if (a->files[i][0])
			unlink(a->files[i]);
	}
	sg_setup_end();
}

static int discard_max(const char *dev, uint64_t *bytes)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/block/%s/queue/discard_max_bytes", dev);
	return sg_read_u64(path, bytes);
}

int md_discard_ready(const struct md_array *a, char *why, size_t len)
{
	uint64_t bytes;
	int i;

	if (discard_max(a->name, &bytes) || !bytes) {
		snprintf(why, len, "%s: no discard (discard_max_bytes 0): %s",
			 a->dev, md_spec_describe(&a->spec));
		return -1;
	}
	for (i = 0; i < a->spec.nr_devs; i++) {
		const char *dev = strrchr(a->loops[i], '/') + 1;

		if (discard_max(dev, &bytes) || !bytes) {
			snprintf(why, len, "member %s: no discard (discard_max_bytes 0): %s",
				 a->loops[i], md_spec_describe(&a->spec));
			return -1;
		}
	}
	return 0;
}

uint64_t md_member_bytes(const struct md_array *a)
{
	uint64_t sum = 0;
	struct stat st;
	int i;

	for (i = 0; i < a->spec.nr_devs; i++)
		if (!stat(a->files[i], &st))
			sum += (uint64_t)st.st_blocks * 512;
	return sum;
}

int md_read_members(const struct md_array *a, struct md_members *mem)
{
	int d;

	memset(mem, 0, sizeof(*mem));
	for (d = 0; d < a->spec.nr_devs; d++) {
		mem->data[d] = sg_slurp(a->files[a->file_of_disk[d]], &mem->len[d]);
		if (!mem->data[d]) {
			md_free_members(mem);
			return -1;
		}
	}
	return 0;
}

void md_free_members(struct md_members *mem)
{
	int d;

	for (d = 0; d < RAID0_MAX_DEVS; d++)
		free(mem->data[d]);
	memset(mem, 0, sizeof(*mem));
}

const unsigned char *md_member_sector(const struct md_array *a,
				      const struct md_members *mem,
				      uint64_t sector, struct raid0_place *pl)
{
	uint64_t off;

	if (raid0_map(&a->model, sector, pl))
		return NULL;
	off = (a->data_offset[pl->dev] + pl->sector) * SG_SECTOR_SIZE;
	if (off + SG_SECTOR_SIZE > mem->len[pl->dev])
		return NULL;
	return mem->data[pl->dev] + off;
}
