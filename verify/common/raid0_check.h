/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the raid0 checks share: the array geometries they run over, and the
 * comparison of every array sector's stored copy with what was written.
 */
#ifndef SG_RAID0_CHECK_H
#define SG_RAID0_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "md.h"

/* gen[] value for a sector inside a discarded range: zeros or old data. */
#define GEN_DISCARDED 0xff

#define MAX_SPECS 16

/* Array geometries from sg_layouts x sg_chunks; returns how many. */
int raid0_specs(struct md_spec *specs, int max);

struct verify_stats {
	uint64_t checked;
	uint64_t bad;
	uint64_t discarded_zero;	/* discarded sectors that read zero */
	uint64_t discarded_kept;	/* discarded sectors still holding data */
	char first_bad[512];
};

/*
 * Compares each array sector's stored copy (per the model) with
 * pattern(seed, gen[sector], sector).  Returns 0, or -1 if the members
 * could not be read.
 */
int raid0_verify(const struct md_array *a, uint64_t seed, const uint8_t *gen,
		 struct verify_stats *st);

/* Writes pattern(seed, g) over [sector, sector+n) of fd, records it in gen. */
int raid0_write(int fd, uint64_t seed, uint8_t g, uint64_t sector,
		uint64_t n, uint8_t *gen);

enum spec_result { SPEC_PASS, SPEC_FAIL, SPEC_ERROR, SPEC_REFUSED };

/*
 * Creates the array and an all-zero gen[] for it.  Returns SPEC_PASS, or
 * SPEC_REFUSED / SPEC_ERROR with why filled in; md_destroy() and free()
 * are the caller's either way.
 */
int raid0_setup(struct md_array *a, const struct md_spec *spec, uint8_t **gen,
		char *why, size_t len);

/*
 * One geometry: SPEC_PASS with the evidence that it did its work in why
 * (or why empty), SPEC_FAIL with the bad sector or byte, SPEC_ERROR or
 * SPEC_REFUSED with what kept it from running.
 */
typedef int (*spec_fn)(const struct md_spec *spec, uint64_t seed, char *why,
		       size_t len);
/*
 * Runs fn over every geometry and prints the one result line: ERROR if
 * any geometry could not run or none was accepted, FAIL with the first
 * failure, else PASS with the first geometry's evidence.
 */
int raid0_main(const char *check, spec_fn fn);

/* What one geometry gave: a spec_result and its why. */
struct spec_outcome {
	int rc;
	char why[1024];
};
/*
 * For checks that run every geometry at once (each array its own
 * /dev/md<i>, md_create_nth): fn fills out[i] for specs[i], each
 * set to SPEC_ERROR "not run" beforehand; the result line is judged as
 * raid0_main() judges it.
 */
typedef void (*specs_fn)(const struct md_spec *specs, int n, uint64_t seed,
			 struct spec_outcome *out);
int raid0_main_all(const char *check, specs_fn fn);

#endif
