// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"
#include "pattern.h"
#include "raid0_check.h"
#include "sgprint.h"

/*
 * Unequal members, none a whole number of chunks, so the array has three
 * zones and the second one stripes over three members: only then do the
 * original and alternate layouts differ.
 */
static const uint64_t member_kib[] = { 4200, 12300, 12300, 16500 };

int raid0_specs(struct md_spec *specs, int max)
{
	char layouts[256], chunks[128], *l, *c, *sl, *sc;
	int n = 0, i;

	snprintf(layouts, sizeof(layouts), "%s",
		 sg_param("layouts", "original,alternate"));
	for (l = strtok_r(layouts, ",", &sl); l; l = strtok_r(NULL, ",", &sl)) {
		snprintf(chunks, sizeof(chunks), "%s", sg_param("chunks", "64,12"));
		for (c = strtok_r(chunks, ",", &sc); c && n < max;
		     c = strtok_r(NULL, ",", &sc)) {
			struct md_spec *s = &specs[n];

			memset(s, 0, sizeof(*s));
			if (md_parse_layout(l, s))
				return -1;
			s->chunk_kib = strtoul(c, NULL, 10);
			s->nr_devs = sizeof(member_kib) / sizeof(member_kib[0]);
			for (i = 0; i < s->nr_devs; i++)
				s->dev_kib[i] = member_kib[i];
			n++;
		}
	}
	return n;
}

static void note_bad(const struct md_array *a, uint64_t sector, uint8_t want,
		     const struct raid0_place *pl, const unsigned char *got,
		     uint64_t seed, struct verify_stats *st)
{
	char what[160];

	st->bad++;
	if (st->first_bad[0])
		return;
	if (got)
		pattern_describe(got, seed, what, sizeof(what));
	else
		snprintf(what, sizeof(what), "nothing (beyond the member)");
	snprintf(st->first_bad, sizeof(st->first_bad),
		 "array sector %llu: want gen %u on member %d (%s) sector %llu zone %d, found %s",
		 (unsigned long long)sector, want, pl->dev,
		 a->loops[a->file_of_disk[pl->dev]],
		 (unsigned long long)(a->data_offset[pl->dev] + pl->sector),
		 pl->zone, what);
}

static void check_sector(const struct md_array *a, const struct md_members *mem,
			 uint64_t sector, uint8_t want, uint64_t seed,
			 struct verify_stats *st)
{
	const unsigned char *got;
	struct raid0_place pl;
	struct pattern_tag tag;
	enum pattern_kind kind;

	got = md_member_sector(a, mem, sector, &pl);
	st->checked++;
	if (!got) {
		note_bad(a, sector, want, &pl, NULL, seed, st);
		return;
	}
	kind = pattern_decode(got, seed, &tag);
	if (want == GEN_DISCARDED) {
		if (kind == PATTERN_ZERO)
			st->discarded_zero++;
		else if (kind == PATTERN_OK && tag.sector == sector)
			st->discarded_kept++;
		else
			note_bad(a, sector, want, &pl, got, seed, st);
		return;
	}
	if (kind != PATTERN_OK || tag.sector != sector || tag.gen != want)
		note_bad(a, sector, want, &pl, got, seed, st);
}

int raid0_verify(const struct md_array *a, uint64_t seed, const uint8_t *gen,
		 struct verify_stats *st)
{
	struct md_members mem;
	uint64_t s;

	memset(st, 0, sizeof(*st));
	sync();
	if (md_read_members(a, &mem))
		return -1;
	for (s = 0; s < a->sectors; s++)
		check_sector(a, &mem, s, gen[s], seed, st);
	md_free_members(&mem);
	return 0;
}

int raid0_write(int fd, uint64_t seed, uint8_t g, uint64_t sector,
		uint64_t n, uint8_t *gen)
{
	size_t len = n * SG_SECTOR_SIZE;
	void *buf = sg_alloc(len);
	int ret;

	if (!buf)
		return -1;
	pattern_fill_range(buf, seed, g, sector, n);
	ret = sg_pwrite_full(fd, buf, len, sector * SG_SECTOR_SIZE);
	free(buf);
	if (!ret)
		memset(gen + sector, g, n);
	return ret;
}

int raid0_setup(struct md_array *a, const struct md_spec *spec, uint8_t **gen,
		char *why, size_t len)
{
	*gen = NULL;
	if (md_create(a, spec)) {
		snprintf(why, len, "array not created: %s", md_spec_describe(spec));
		return SPEC_REFUSED;
	}
	*gen = calloc(a->sectors, 1);
	if (!*gen) {
		snprintf(why, len, "out of memory: %s", md_spec_describe(spec));
		return SPEC_ERROR;
	}
	return SPEC_PASS;
}

static int is_power_of_2(unsigned int x)
{
	return x && !(x & (x - 1));
}

/*
 * A geometry the kernel refused with a chunk that is not a power of two
 * is left out: kernels before 3.14 (and md without it) take none.
 */
static int left_out(const struct md_spec *spec, int rc)
{
	return rc == SPEC_REFUSED && !is_power_of_2(spec->chunk_kib);
}

/* The one result line over the first n geometries' outcomes. */
static int judge(const struct md_spec *specs, int n,
		 const struct spec_outcome *out, uint64_t seed)
{
	char first_fail[1024] = "", evidence[1024] = "";
	int i, ran = 0, failed = 0;

	for (i = 0; i < n; i++) {
		if (left_out(&specs[i], out[i].rc)) {
			sg_info("not accepted (chunk not a power of two): %s",
				md_spec_describe(&specs[i]));
			continue;
		}
		if (out[i].rc == SPEC_ERROR || out[i].rc == SPEC_REFUSED)
			return sg_error("seed=%llu %s", (unsigned long long)seed,
					out[i].why);
		ran++;
		if (out[i].rc == SPEC_FAIL && !failed++)
			snprintf(first_fail, sizeof(first_fail), "%s", out[i].why);
		if (out[i].rc == SPEC_PASS && !evidence[0])
			snprintf(evidence, sizeof(evidence), "%s", out[i].why);
	}
	if (!ran)
		return sg_error("seed=%llu no geometry was accepted: nothing was tested",
				(unsigned long long)seed);
	if (failed)
		return sg_fail("seed=%llu arrays=%d failed=%d %s",
			       (unsigned long long)seed, ran, failed, first_fail);
	return sg_pass("seed=%llu arrays=%d%s%s", (unsigned long long)seed, ran,
		       evidence[0] ? " " : "", evidence);
}

int raid0_main_all(const char *check, specs_fn fn)
{
	static struct spec_outcome out[MAX_SPECS];
	struct md_spec specs[MAX_SPECS];
	uint64_t seed;
	int n, i;

	sg_begin(check);
	seed = sg_param_u64("seed", 1);
	n = raid0_specs(specs, MAX_SPECS);
	if (n <= 0)
		return sg_error("bad sg_layouts or sg_chunks on the command line");
	for (i = 0; i < n; i++) {
		out[i].rc = SPEC_ERROR;
		snprintf(out[i].why, sizeof(out[i].why), "%s: not run",
			 md_spec_describe(&specs[i]));
	}
	fn(specs, n, seed, out);
	return judge(specs, n, out, seed);
}

static spec_fn one_at_a_time;

/*
 * raid0_main()'s geometries one after another; the first that could not
 * run ends the check, and judge() says it before the ones not run.
 */
static void each(const struct md_spec *specs, int n, uint64_t seed,
		 struct spec_outcome *out)
{
	int i;

	for (i = 0; i < n; i++) {
		out[i].why[0] = '\0';
		out[i].rc = one_at_a_time(&specs[i], seed, out[i].why,
					  sizeof(out[i].why));
		if ((out[i].rc == SPEC_ERROR || out[i].rc == SPEC_REFUSED) &&
		    !left_out(&specs[i], out[i].rc))
			return;
	}
}

int raid0_main(const char *check, spec_fn fn)
{
	one_at_a_time = fn;
	return raid0_main_all(check, each);
}
