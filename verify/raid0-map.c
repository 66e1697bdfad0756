// SPDX-License-Identifier: GPL-2.0
/*
 * raid0-map: every sector written through /dev/md0 must be stored where
 * the RAID0 layout puts it.  Writes cross chunk boundaries at sub-page
 * offsets, since whole-page writes were kept inside a chunk by
 * merge_bvec_fn on 3.14-4.0 and never reached the broken split path;
 * the members are then read directly and compared with the model.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/guest.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "raid0-map"

/* Gen 1: the whole array, in runs of up to four chunks. */
static int write_sequential(int fd, const struct md_array *a, uint64_t seed,
			    uint64_t *rng, uint8_t *gen)
{
	uint64_t s = 0, n, total = a->sectors;

	while (s < total) {
		n = 1 + sg_rand(rng) % (4 * a->model.chunk);
		if (n > total - s)
			n = total - s;
		if (raid0_write(fd, seed, 1, s, n, gen))
			return -1;
		s += n;
	}
	return 0;
}

/* Gen 2: one page-sized write straddling every chunk boundary. */
static int write_straddling(int fd, const struct md_array *a, uint64_t seed,
			    uint64_t *rng, uint8_t *gen)
{
	uint64_t b, chunk = a->model.chunk;

	for (b = chunk; b + 8 <= a->sectors; b += chunk) {
		uint64_t back = 1 + sg_rand(rng) % 7;

		if (raid0_write(fd, seed, 2, b - back, 8, gen))
			return -1;
	}
	return 0;
}

/* Gen 3: random extents of up to two chunks and a bit. */
static int write_random(int fd, const struct md_array *a, uint64_t seed,
			uint64_t *rng, uint8_t *gen)
{
	uint64_t s, n, total = a->sectors;
	int i;

	for (i = 0; i < 256; i++) {
		n = 1 + sg_rand(rng) % (2 * a->model.chunk + 9);
		s = sg_rand(rng) % (total - n);
		if (raid0_write(fd, seed, 3, s, n, gen))
			return -1;
	}
	return 0;
}

static int write_all(const struct md_array *a, uint64_t seed, uint8_t *gen)
{
	uint64_t rng = seed ^ a->spec.chunk_kib ^ (a->spec.layout << 16);
	int fd, ret;

	fd = open(SG_MD_DEV, O_RDWR | O_DIRECT);
	if (fd < 0)
		return -1;
	ret = write_sequential(fd, a, seed, &rng, gen) ||
	      write_straddling(fd, a, seed, &rng, gen) ||
	      write_random(fd, a, seed, &rng, gen) || fsync(fd);
	close(fd);
	return ret ? -1 : 0;
}

static int run_spec(const struct md_spec *spec, uint64_t seed, char *why,
		    size_t len)
{
	struct verify_stats st;
	struct md_array a;
	uint8_t *gen = NULL;
	int ret = SPEC_ERROR;

	ret = raid0_setup(&a, spec, &gen, why, len);
	if (ret != SPEC_PASS)
		goto out;
	ret = SPEC_ERROR;
	if (write_all(&a, seed, gen)) {
		snprintf(why, len, "write to " SG_MD_DEV " failed: %s",
			 md_spec_describe(spec));
		goto out;
	}
	if (raid0_verify(&a, seed, gen, &st)) {
		snprintf(why, len, "cannot read members: %s", md_spec_describe(spec));
		goto out;
	}
	sg_info("%s zones=%d sectors=%llu bad=%llu", md_spec_describe(spec),
		a.model.nr_zones, (unsigned long long)st.checked,
		(unsigned long long)st.bad);
	ret = st.bad ? SPEC_FAIL : SPEC_PASS;
	if (st.bad)
		snprintf(why, len, "%s: %llu of %llu sectors misplaced; first: %s",
			 md_spec_describe(spec), (unsigned long long)st.bad,
			 (unsigned long long)st.checked, st.first_bad);
out:
	free(gen);
	md_destroy(&a);
	return ret;
}

int main(void)
{
	return raid0_main(CHECK, run_spec);
}
