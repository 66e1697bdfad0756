// SPDX-License-Identifier: GPL-2.0
/*
 * raid0-layout: one multi-zone RAID0 on disks that outlive the guest,
 * written by one kernel and read by another (branches.yaml cross:).
 *
 * sg_phase=write creates the array over every virtio disk with mdadm's
 * --layout=sg_layout, fills every array sector with the pattern and checks
 * that the members hold each one where that layout puts it.
 *
 * sg_phase=read assembles the same disks (mdadm --update=sg_update when
 * given), reads every sector back through /dev/md0 and names the first
 * one that does not hold what the writer put at that array sector.  The
 * layout the writer used is the model; the reader's layout is not told
 * but found: where reads go wrong, the check says whether they follow the
 * other layout throughout.  A kernel that will not assemble the array and
 * says why in its log is REFUSED, not FAIL.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <unistd.h>

#include "../common/guest.h"
#include "../common/md.h"
#include "../common/pattern.h"
#include "../common/raid0_check.h"
#include "../common/sgprint.h"

#define CHECK "raid0-layout"
#define WRITE_SECTORS 2048	/* 1 MiB per write */

static char devs[RAID0_MAX_DEVS][32];

static int cmp_str(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The virtio disks the host gave, in order: /dev/vda, /dev/vdb, ... */
static int find_disks(void)
{
	struct dirent *e;
	DIR *d = opendir("/sys/block");
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < RAID0_MAX_DEVS)
		if (!strncmp(e->d_name, "vd", 2) && strlen(e->d_name) < 8)
			snprintf(devs[n++], sizeof(devs[0]), "/dev/%.8s", e->d_name);
	closedir(d);
	qsort(devs, n, sizeof(devs[0]), cmp_str);
	return n;
}

static enum raid0_layout other_layout(enum raid0_layout l)
{
	return l == RAID0_LAYOUT_ORIGINAL ? RAID0_LAYOUT_ALTERNATE :
					    RAID0_LAYOUT_ORIGINAL;
}

/*
 * The same geometry under the other layout, and on how many sectors the
 * two disagree: 0 means this array cannot tell the layouts apart and the
 * scenario would pass whatever the kernels do.
 */
static uint64_t layouts_differ(const struct md_array *a, struct raid0_model *other)
{
	struct raid0_place p, q;
	uint64_t s, n = 0;

	if (raid0_model_init(other, other_layout(a->model.layout), a->model.chunk,
			     a->model.nr_devs, a->model.dev_sectors))
		return 0;
	for (s = 0; s < a->sectors; s++) {
		raid0_map(&a->model, s, &p);
		raid0_map(other, s, &q);
		n += p.dev != q.dev || p.sector != q.sector;
	}
	return n;
}

static int write_pattern(const struct md_array *a, uint64_t seed, uint8_t *gen)
{
	uint64_t s, n;
	int fd, ret = 0;

	fd = open(SG_MD_DEV, O_RDWR | O_DIRECT);
	if (fd < 0)
		return -1;
	for (s = 0; s < a->sectors && !ret; s += n) {
		n = a->sectors - s < WRITE_SECTORS ? a->sectors - s : WRITE_SECTORS;
		ret = raid0_write(fd, seed, 1, s, n, gen);
	}
	ret = ret || fsync(fd);
	close(fd);
	return ret ? -1 : 0;
}

static int phase_write(const struct md_spec *spec, int nr, uint64_t seed)
{
	struct verify_stats st;
	struct raid0_model other;
	struct md_array a;
	uint8_t *gen = NULL;
	uint64_t differ;
	int rc;

	if (md_create_on(&a, spec, devs, nr)) {
		md_destroy(&a);
		return sg_error("array not created on %d disks: %s", nr,
				md_spec_describe(spec));
	}
	differ = layouts_differ(&a, &other);
	gen = calloc(a.sectors, 1);
	if (!differ || !gen) {
		md_destroy(&a);
		free(gen);
		return sg_error("%s: %s", md_spec_describe(&a.spec), gen ?
				"the two layouts agree on every sector: nothing to tell apart" :
				"out of memory");
	}
	rc = write_pattern(&a, seed, gen) ? -1 : raid0_verify(&a, seed, gen, &st);
	md_destroy(&a);
	free(gen);
	if (rc)
		return sg_error("write or member read failed: %s", md_spec_describe(&a.spec));
	if (st.bad)
		return sg_error("the writer did not store the array as its %s layout puts it (%llu sectors off; first: %s): the scenario's layout is wrong for this kernel",
				raid0_layout_name(a.model.layout),
				(unsigned long long)st.bad, st.first_bad);
	return sg_pass("seed=%llu wrote %llu sectors, stored as the %s layout puts them (%s zones=%d; the layouts differ on %llu sectors)",
		       (unsigned long long)seed, (unsigned long long)st.checked,
		       raid0_layout_name(a.model.layout), md_spec_describe(&a.spec),
		       a.model.nr_zones, (unsigned long long)differ);
}

/* The kernel's own words on why it would not run the array. */
static int kernel_refusal(char *out, size_t len)
{
	int size = klogctl(10, NULL, 0), n;	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf, *line, *save;

	out[0] = '\0';
	if (size <= 0 || !(buf = malloc(size + 1)))
		return 0;
	n = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	buf[n > 0 ? n : 0] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strstr(line, "md/raid0") && strstr(line, "cannot assemble"))
			snprintf(out, len, "%s", line[0] == '<' && strchr(line, '>') ?
				 strchr(line, '>') + 1 : line);
	free(buf);
	return out[0] != '\0';
}

struct read_stats {
	uint64_t bad;		/* sectors not holding their own data */
	uint64_t other;		/* of those, where the other layout reads */
	char first[400];
};

/* Sector s read back as got: whose data is it, and where did it come from? */
static void note_read(const struct md_array *a, const struct raid0_model *other,
		      uint64_t s, const unsigned char *got, uint64_t seed,
		      struct read_stats *st)
{
	struct raid0_place want, from, theirs;
	struct pattern_tag tag;
	char what[160];
	int ours = pattern_decode(got, seed, &tag) == PATTERN_OK && tag.gen == 1;

	if (ours && tag.sector == s)
		return;
	st->bad++;
	raid0_map(other, s, &theirs);
	if (ours && !raid0_map(&a->model, tag.sector, &from) &&
	    from.dev == theirs.dev && from.sector == theirs.sector)
		st->other++;
	if (st->first[0])
		return;
	raid0_map(&a->model, s, &want);
	pattern_describe(got, seed, what, sizeof(what));
	snprintf(st->first, sizeof(st->first),
		 "array sector %llu: the writer put it on member %d sector %llu (zone %d), the reader returned %s",
		 (unsigned long long)s, want.dev,
		 (unsigned long long)(a->data_offset[want.dev] + want.sector),
		 want.zone, what);
}

static int read_back(const struct md_array *a, const struct raid0_model *other,
		     uint64_t seed, struct read_stats *st)
{
	void *buf = sg_alloc(WRITE_SECTORS * SG_SECTOR_SIZE);
	uint64_t s, n, i;
	int fd, ret = 0;

	memset(st, 0, sizeof(*st));
	fd = open(SG_MD_DEV, O_RDONLY | O_DIRECT);
	if (fd < 0 || !buf) {
		free(buf);
		return -1;
	}
	for (s = 0; s < a->sectors && !ret; s += n) {
		n = a->sectors - s < WRITE_SECTORS ? a->sectors - s : WRITE_SECTORS;
		ret = sg_pread_full(fd, buf, n * SG_SECTOR_SIZE, s * SG_SECTOR_SIZE);
		for (i = 0; i < n && !ret; i++)
			note_read(a, other, s + i, (unsigned char *)buf + i * SG_SECTOR_SIZE,
				  seed, st);
	}
	close(fd);
	free(buf);
	return ret;
}

static int phase_read(const struct md_spec *spec, int nr, uint64_t seed)
{
	const char *update = sg_param("update", NULL);
	struct raid0_model other;
	struct read_stats st;
	struct md_array a;
	char why[512];
	uint64_t differ;
	int rc;

	rc = md_assemble(&a, spec, devs, nr, update);
	if (rc) {
		md_destroy(&a);
		if (rc > 0 && kernel_refusal(why, sizeof(why)))
			return sg_refused("mdadm --assemble%s%s failed; the kernel said: %s",
					  update ? " --update=" : "", update ? update : "", why);
		return sg_error("array not assembled from %d disks (no refusal in the kernel log)", nr);
	}
	differ = layouts_differ(&a, &other);
	rc = read_back(&a, &other, seed, &st);
	md_destroy(&a);
	if (rc)
		return sg_error("read of " SG_MD_DEV " failed: %s", md_spec_describe(&a.spec));
	if (!differ)
		return sg_error("%s: the two layouts agree on every sector: nothing to tell apart",
				md_spec_describe(&a.spec));
	if (!st.bad)
		return sg_pass("seed=%llu read %llu sectors, each where the writer's %s layout put it (%s; the layouts differ on %llu sectors)",
			       (unsigned long long)seed, (unsigned long long)a.sectors,
			       raid0_layout_name(a.model.layout), md_spec_describe(&a.spec),
			       (unsigned long long)differ);
	return sg_fail("seed=%llu %llu of %llu sectors read back wrong, %s; written %s (the model: the layouts differ on %llu sectors); first: %s",
		       (unsigned long long)seed, (unsigned long long)st.bad,
		       (unsigned long long)a.sectors,
		       st.other == st.bad ? (other.layout == RAID0_LAYOUT_ORIGINAL ?
			"every one as the original layout reads" :
			"every one as the alternate layout reads") :
			"not as either layout reads",
		       raid0_layout_name(a.model.layout),
		       (unsigned long long)differ, st.first);
}

int main(void)
{
	const char *phase = sg_param("phase", "");
	uint64_t seed = sg_param_u64("seed", 1);
	struct md_spec spec;
	int nr;

	sg_begin(CHECK);
	memset(&spec, 0, sizeof(spec));
	if (md_parse_layout(sg_param("layout", ""), &spec))
		return sg_error("sg_layout= must be original, alternate or mdadm=model (e.g. dangerous=original)");
	spec.chunk_kib = sg_param_u64("chunk", 64);
	nr = find_disks();
	if (nr < 3)
		return sg_error("%d virtio disks; a multi-zone array needs 3 or more", nr);
	if (!strcmp(phase, "write"))
		return phase_write(&spec, nr, seed);
	if (!strcmp(phase, "read"))
		return phase_read(&spec, nr, seed);
	return sg_error("sg_phase= must be write or read, not \"%s\"", phase);
}
