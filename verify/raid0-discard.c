// SPDX-License-Identifier: GPL-2.0
/*
 * raid0-discard: BLKDISCARD on ranges that cross chunk and zone boundaries
 * must leave every sector outside those ranges as it was.  The first range
 * is the one seen destroying [80K, 112K) on 3.19.8: a front piece longer
 * than what follows the chunk boundary.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "common/guest.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "raid0-discard"
#define MAX_RANGES 8

struct range {
	uint64_t start, len;	/* sectors */
};

static int plan_ranges(const struct md_array *a, struct range *r)
{
	const struct raid0_model *m = &a->model;
	uint64_t c = m->chunk, z0 = m->zones[0].end;
	int n = 0;

	r[n++] = (struct range){ c / 4, c };
	r[n++] = (struct range){ 5 * c + 8, 7 * c + 16 };
	r[n++] = (struct range){ z0 / 4 + 3, z0 / 3 };
	r[n++] = (struct range){ z0 - 3 * c - 16, 8 * c + 24 };
	if (m->nr_zones > 2) {
		uint64_t z1 = m->zones[1].end;

		r[n++] = (struct range){ z1 - 2 * c - 8, 3 * c + 16 };
	}
	return n;
}

static int fill(const struct md_array *a, uint64_t seed, uint8_t *gen)
{
	uint64_t s, n, c = a->model.chunk;
	int fd, ret = 0;

	fd = open(SG_MD_DEV, O_RDWR | O_DIRECT);
	if (fd < 0)
		return -1;
	/* Whole aligned chunks: no write here needs splitting. */
	for (s = 0; s < a->sectors && !ret; s += n) {
		n = c < a->sectors - s ? c : a->sectors - s;
		ret = raid0_write(fd, seed, 1, s, n, gen);
	}
	if (!ret)
		ret = fsync(fd);
	close(fd);
	return ret;
}

/* Any failure here keeps the check from running: ERROR, with why. */
static int discard(const struct range *r, int nr, uint8_t *gen, char *why,
		   size_t len)
{
	int fd, i;

	fd = open(SG_MD_DEV, O_RDWR);
	if (fd < 0) {
		snprintf(why, len, "open %s: %s", SG_MD_DEV, strerror(errno));
		return -1;
	}
	for (i = 0; i < nr; i++) {
		uint64_t arg[2] = { r[i].start * 512, r[i].len * 512 };

		sg_info("discard sectors [%llu, %llu)",
			(unsigned long long)r[i].start,
			(unsigned long long)(r[i].start + r[i].len));
		if (ioctl(fd, BLKDISCARD, arg)) {
			snprintf(why, len, "BLKDISCARD [%llu, +%llu) bytes: %s",
				 (unsigned long long)arg[0],
				 (unsigned long long)arg[1], strerror(errno));
			close(fd);
			return -1;
		}
		memset(gen + r[i].start, GEN_DISCARDED, r[i].len);
	}
	close(fd);
	return 0;
}

static uint64_t range_sectors(const struct range *r, int nr)
{
	uint64_t sum = 0;

	while (nr--)
		sum += r[nr].len;
	return sum;
}

static int run_spec(const struct md_spec *spec, uint64_t seed, char *why,
		    size_t len)
{
	struct range r[MAX_RANGES];
	struct verify_stats st;
	struct md_array a;
	uint8_t *gen = NULL;
	uint64_t held, now;
	int ret = SPEC_ERROR, nr;

	ret = raid0_setup(&a, spec, &gen, why, len);
	if (ret != SPEC_PASS)
		goto out;
	ret = SPEC_ERROR;
	if (md_discard_ready(&a, why, len))
		goto out;
	if (fill(&a, seed, gen)) {
		snprintf(why, len, "fill failed: %s", md_spec_describe(spec));
		goto out;
	}
	held = md_member_bytes(&a);
	nr = plan_ranges(&a, r);
	if (discard(r, nr, gen, why, len))
		goto out;
	if (raid0_verify(&a, seed, gen, &st)) {
		snprintf(why, len, "cannot read members: %s", md_spec_describe(spec));
		goto out;
	}
	now = md_member_bytes(&a);
	held = held > now ? held - now : 0;
	sg_info("%s ranges=%d sectors=%llu bad=%llu discarded_zero=%llu discarded_kept=%llu freed=%llu",
		md_spec_describe(spec), nr, (unsigned long long)range_sectors(r, nr),
		(unsigned long long)st.bad, (unsigned long long)st.discarded_zero,
		(unsigned long long)st.discarded_kept, (unsigned long long)held);
	if (st.bad) {
		ret = SPEC_FAIL;
		snprintf(why, len, "%s: %llu sectors outside the discarded ranges changed; first: %s",
			 md_spec_describe(spec), (unsigned long long)st.bad,
			 st.first_bad);
	} else if (!st.discarded_zero || !held) {
		/* Nothing reached the members: the check tested nothing. */
		snprintf(why, len, "%s: the discards freed nothing on the members (%llu sectors asked, %llu read zero, %llu bytes freed)",
			 md_spec_describe(spec), (unsigned long long)range_sectors(r, nr),
			 (unsigned long long)st.discarded_zero, (unsigned long long)held);
	} else {
		ret = SPEC_PASS;
		snprintf(why, len, "discarded=%llu sectors read_zero=%llu freed=%llu bytes",
			 (unsigned long long)range_sectors(r, nr),
			 (unsigned long long)st.discarded_zero, (unsigned long long)held);
	}
out:
	free(gen);
	md_destroy(&a);
	return ret;
}

int main(void)
{
	return raid0_main(CHECK, run_spec);
}
