// SPDX-License-Identifier: GPL-2.0
/*
 * fio-raid0: fio's own verify (crc32c, a header every 4 KiB naming its
 * offset) on every array the raid0 checks build, with trims across chunk
 * boundaries and a large discard across the array's first zone boundary
 * in between (verify/fio/raid0.fio says why each job is there).  This
 * file only works out the window of each array and hands it to fio; fio's
 * errors and first verify failure on each array are that array's
 * verdict.  The arrays are up together (/dev/md0, md1, ...) and one fio
 * runs over all of them (common/fio.h says why).
 */
#include <stdio.h>
#include <string.h>

#include "common/fio.h"
#include "common/guest.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "fio-raid0"
#define JOB "raid0.fio"
#define BLK 4096ULL
/* Bytes of trims in the strided part: enough zones at any chunk size. */
#define STRIDE_BYTES (1024 * 1024ULL)

struct plan {
	uint64_t fill_off, fill_len, fill_bs;
	uint64_t trim_off, trim_len, trims;	/* strided: every other L */
	uint64_t span_off, span_len;		/* across the zone boundary */
	uint64_t after_off, after_len;
};

static uint64_t round_up(uint64_t x, uint64_t to)
{
	return (x + to - 1) / to * to;
}

/*
 * The discard's piece before a chunk boundary (front) must be longer
 * than the one after it (rest), both whole 4 KiB blocks: at 64 KiB a
 * range of 80 KiB 16 KiB into a chunk, at 12 KiB one of 12 KiB 4 KiB in.
 */
static int make_plan(const struct md_array *a, struct plan *p, char *why,
		     size_t len)
{
	uint64_t c = a->model.chunk * 512, zb = a->model.zones[0].end * 512;
	uint64_t off = round_up(c / 4, BLK), front = c - off;
	uint64_t rest = front * 2 / 3 / BLK * BLK, end;

	if (c % BLK || rest < BLK || a->model.nr_zones < 2) {
		snprintf(why, len, "%s: no room for the profile (chunk under 12 KiB or one zone)",
			 md_spec_describe(&a->spec));
		return -1;
	}
	p->trim_len = front + rest;
	p->trims = (STRIDE_BYTES / (2 * p->trim_len) + 1) & ~1ULL;
	p->span_off = zb - 2 * c - front;
	p->span_len = 2 * c + front + c + rest;
	p->after_off = p->span_off + p->span_len;
	p->trim_off = zb + 3 * c + off;
	p->after_len = p->trim_off - p->after_off;
	p->fill_off = zb - 3 * c;
	p->fill_bs = c + BLK;
	end = p->trim_off + 2 * p->trim_len * p->trims;
	p->fill_len = round_up(end - p->fill_off, p->fill_bs);
	if (p->fill_off + p->fill_len > a->model.zones[1].end * 512) {
		snprintf(why, len, "%s: the profile's window runs past the second zone",
			 md_spec_describe(&a->spec));
		return -1;
	}
	return 0;
}

static void hand_over(const struct md_array *a, const struct plan *p,
		      uint64_t seed, struct fio_vars *v)
{
	memset(v, 0, sizeof(*v));
	snprintf(v->tag, sizeof(v->tag), "%s", a->name);
	snprintf(v->where, sizeof(v->where), "%s", a->dev);
	fio_var(v, "SEED", seed);
	fio_var_str(v, "DEV", a->dev);
	fio_var(v, "FILL_OFF", p->fill_off);
	fio_var(v, "FILL_LEN", p->fill_len);
	fio_var(v, "FILL_BS", p->fill_bs);
	fio_var(v, "TRIM_OFF", p->trim_off);
	fio_var(v, "TRIM_LEN", p->trim_len);
	fio_var(v, "TRIM_TOTAL", p->trims * p->trim_len);
	fio_var(v, "GAP_OFF", p->trim_off + p->trim_len);
	fio_var(v, "SPAN_OFF", p->span_off);
	fio_var(v, "SPAN_LEN", p->span_len);
	fio_var(v, "AFTER_OFF", p->after_off);
	fio_var(v, "AFTER_LEN", p->after_len);
	sg_info("%s fill=[%llu,+%llu) bs=%llu trims=%llu x %llu from %llu span=[%llu,+%llu)",
		md_spec_describe(&a->spec), (unsigned long long)p->fill_off,
		(unsigned long long)p->fill_len, (unsigned long long)p->fill_bs,
		(unsigned long long)p->trims, (unsigned long long)p->trim_len,
		(unsigned long long)p->trim_off, (unsigned long long)p->span_off,
		(unsigned long long)p->span_len);
}

static int judge_array(const struct md_array *a, const struct plan *p,
		       const struct fio_result *r, char *why, size_t len)
{
	uint64_t want = (p->trims * p->trim_len + p->span_len) / 1024;
	int ret;

	ret = fio_verdict(r, md_spec_describe(&a->spec), why, len);
	if (ret == SPEC_PASS && r->trimmed_kib != want) {
		snprintf(why, len, "%s: fio trimmed %llu KiB of %llu: the profile did not run",
			 md_spec_describe(&a->spec),
			 (unsigned long long)r->trimmed_kib, (unsigned long long)want);
		return SPEC_ERROR;
	}
	sg_info("%s fio exited %d: %s", md_spec_describe(&a->spec), r->status, why);
	return ret;
}

/* Every array up, with its plan; ready[] the ones fio runs on. */
static int bring_up(const struct md_spec *specs, int n, struct md_array *a,
		    struct plan *p, struct spec_outcome *out, int *ready)
{
	int i, k = 0;

	for (i = 0; i < n; i++) {
		struct spec_outcome *o = &out[i];

		if (md_create_nth(&a[i], &specs[i], i)) {
			o->rc = SPEC_REFUSED;
			snprintf(o->why, sizeof(o->why), "array not created: %s",
				 md_spec_describe(&specs[i]));
			continue;
		}
		if (!md_discard_ready(&a[i], o->why, sizeof(o->why)) &&
		    !make_plan(&a[i], &p[i], o->why, sizeof(o->why)))
			ready[k++] = i;
	}
	return k;
}

static void run_all(const struct md_spec *specs, int n, uint64_t seed,
		    struct spec_outcome *out)
{
	static struct md_array a[MAX_SPECS];
	static struct fio_vars v[MAX_SPECS];
	static struct fio_result r[MAX_SPECS];
	struct plan p[MAX_SPECS];
	int ready[MAX_SPECS], k, i, j;
	char why[1024];

	k = bring_up(specs, n, a, p, out, ready);
	for (j = 0; j < k; j++)
		hand_over(&a[ready[j]], &p[ready[j]], seed, &v[j]);
	if (k && fio_run_all(JOB, v, k, r, why, sizeof(why)))
		for (j = 0; j < k; j++)
			snprintf(out[ready[j]].why, sizeof(out[ready[j]].why), "%s", why);
	else
		for (j = 0; j < k; j++)
			out[ready[j]].rc = judge_array(&a[ready[j]], &p[ready[j]], &r[j],
						       out[ready[j]].why,
						       sizeof(out[ready[j]].why));
	for (i = 0; i < n; i++)
		md_destroy(&a[i]);
}

int main(void)
{
	return raid0_main_all(CHECK, run_all);
}
