// SPDX-License-Identifier: GPL-2.0
/*
 * The steps of md-redundancy and md-write-errors on one array (mdrsteps.h):
 *
 *   1. every block written once (the sector pattern, O_DIRECT; with a
 *      member that will run out of space, the first half), read back,
 *      and scrubbed with md's own check (mismatch_cnt must be 0);
 *   2. 12 batches of 32 seeded 4 KiB writes through Linux AIO, the first
 *      nine within what step 1 wrote; then member 0 leaves: where its
 *      level says so its backing store runs out of space (its
 *      never-written last quarter punched, its tmpfs filled), so its
 *      writes there fail in the kernel's own error path while others are
 *      in flight; else it is failed through md's sysfs, as mdadm --fail
 *      does, while the tenth batch is in the kernel; the last batches
 *      write anywhere, degraded (few: each keeps its bitmap chunk dirty);
 *   3. the member removed and re-added with mdadm --re-add: md recovers
 *      only what the bitmap says it missed;
 *   4. md's check again, then the other copies failed, so that every
 *      block is read from the re-added member (or rebuilt from it with
 *      the parity) and compared with what was written last;
 *   5. where a member is write-mostly (raid1), the data on it alone
 *      while a normal member recovers: every block read during the
 *      recovery.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest.h"
#include "mdr.h"
#include "mdrsteps.h"
#include "pattern.h"
#include "setuptime.h"
#include "sgprint.h"

#define BLK 4096
#define SECTORS_PER_BLK (BLK / SG_SECTOR_SIZE)
#define DEPTH MDRS_DEPTH
/*
 * The batch member 0 leaves in: the batches before it write within the
 * first half (what step 1 wrote), so that its last quarter is still
 * never written; the few after it are degraded writes, each of which
 * keeps its bitmap chunk dirty: many would hide a bit cleared wrongly.
 */
#define FAIL_ROUND (MDRS_ROUNDS - 3)

/* An array and the model of what was written to it. */
struct array {
	struct mdr_array md;
	uint64_t blocks;
	uint32_t *gen;		/* per block: what was written last, 0: never */
	unsigned char *buf;	/* DEPTH blocks, aligned */
	uint64_t seed, rng;
};

static void fill(const struct array *a, void *buf, uint64_t block)
{
	if (!a->gen[block]) {	/* never written: the zeros the members began with */
		memset(buf, 0, BLK);
		return;
	}
	pattern_fill_range(buf, a->seed, a->gen[block], block * SECTORS_PER_BLK,
			   SECTORS_PER_BLK);
}

/*
 * Step 1: every block once, 64 KiB at a time; only the first half when
 * member 0 is to run out of space, so that the second half of it is
 * still unallocated in its tmpfs.
 */
static int write_all(struct array *a, char *why, size_t len)
{
	const uint64_t per = 16, end = a->md.nospace ? a->blocks / 2 : a->blocks;
	uint64_t b, i, n;

	for (b = 0; b < end; b += per) {
		n = end - b < per ? end - b : per;
		for (i = 0; i < n; i++) {
			a->gen[b + i] = 1;
			fill(a, a->buf + i * BLK, b + i);
		}
		if (sg_pwrite_full(a->md.fd, a->buf, n * BLK, b * BLK)) {
			snprintf(why, len, "%s: write of %llu bytes at %llu: %s", a->md.lv->name,
				 (unsigned long long)(n * BLK), (unsigned long long)(b * BLK),
				 strerror(errno));
			return 2;
		}
	}
	return 0;
}

/* The array against the model, block by block. */
static int verify(struct array *a, const char *when, char *why, size_t len)
{
	unsigned char *want = a->buf + BLK;
	char found[160];
	uint64_t b;
	int s;

	for (b = 0; b < a->blocks; b++) {
		if (sg_pread_full(a->md.fd, a->buf, BLK, b * BLK)) {
			snprintf(why, len, "%s %s: read of block %llu: %s", a->md.lv->name, when,
				 (unsigned long long)b, strerror(errno));
			return 2;
		}
		fill(a, want, b);
		if (!memcmp(a->buf, want, BLK))
			continue;
		for (s = 0; !memcmp(a->buf + s * SG_SECTOR_SIZE, want + s * SG_SECTOR_SIZE,
				   SG_SECTOR_SIZE); s++)
			;
		pattern_describe(a->buf + s * SG_SECTOR_SIZE, a->seed, found,
				 sizeof(found));
		snprintf(why, len, "%s %s: array sector %llu (byte %llu) holds %s, expected write %u of it",
			 a->md.lv->name, when, (unsigned long long)(b * SECTORS_PER_BLK + s),
			 (unsigned long long)(b * BLK + s * SG_SECTOR_SIZE), found, a->gen[b]);
		return 1;
	}
	return 0;
}

struct failer {
	const struct mdr_array *md;
	int rc;
};

/* Runs while the armed batch is in the kernel: the member leaves mid-write. */
static void *fail_member(void *arg)
{
	struct failer *f = arg;

	f->rc = mdr_member_state(f->md, 0, "faulty");
	return NULL;
}

/*
 * armed: member 0 failed through sysfs by a thread while the batch is in
 * the kernel; ARMED_AFTER_SUBMIT: by this thread as soon as io_submit
 * returns, before the member's queue has run, so that its writes end,
 * with their errors, on a member md already calls Faulty.  On the
 * guest's one vCPU the loop device's worker would run as soon as it is
 * woken: this thread is SCHED_FIFO until the member is failed, and no
 * worker preempts it.
 */
#define ARMED_AFTER_SUBMIT 2

static void realtime(int on)
{
	struct sched_param p = { .sched_priority = on ? 1 : 0 };

	sched_setscheduler(0, on ? SCHED_FIFO : SCHED_OTHER, &p);
}

static int batch(struct array *a, uint32_t gen, int armed, uint64_t span, char *why,
		 size_t len)
{
	struct iocb cbs[DEPTH], *list[DEPTH];
	struct io_event ev[DEPTH];
	aio_context_t ctx = 0;
	struct failer f = { &a->md, 0 };
	pthread_t thread;
	uint64_t b[DEPTH];
	long done = 0, n;
	int i, j;

	for (i = 0; i < DEPTH; i++) {
		do {	/* distinct blocks: the last write of each is known */
			b[i] = sg_rand(&a->rng) % span;
			for (j = 0; j < i && b[j] != b[i]; j++)
				;
		} while (j < i);
		a->gen[b[i]] = gen;
		fill(a, a->buf + (size_t)i * BLK, b[i]);
		memset(&cbs[i], 0, sizeof(cbs[i]));
		cbs[i].aio_fildes = a->md.fd;
		cbs[i].aio_lio_opcode = IOCB_CMD_PWRITE;
		cbs[i].aio_buf = (uint64_t)(uintptr_t)(a->buf + (size_t)i * BLK);
		cbs[i].aio_nbytes = BLK;
		cbs[i].aio_offset = b[i] * BLK;
		list[i] = &cbs[i];
	}
	if (syscall(SYS_io_setup, DEPTH, &ctx)) {
		snprintf(why, len, "io_setup: %s", strerror(errno));
		return 2;
	}
	if (armed == 1 && pthread_create(&thread, NULL, fail_member, &f))
		armed = 0;
	if (armed == ARMED_AFTER_SUBMIT)
		realtime(1);
	do
		n = syscall(SYS_io_submit, ctx, DEPTH, list);
	while (n < 0 && errno == EINTR);
	if (armed == ARMED_AFTER_SUBMIT) {
		fail_member(&f);
		realtime(0);
	}
	while (n == DEPTH && done < DEPTH) {
		long got = syscall(SYS_io_getevents, ctx, 1, DEPTH - done, ev + done, NULL);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		done += got;
	}
	if (armed == 1)
		pthread_join(thread, NULL);
	syscall(SYS_io_destroy, ctx);
	for (i = 0; i < done; i++)
		if (ev[i].res != BLK)
			done = -1 - i;
	if (done == DEPTH && !f.rc)
		return 0;
	snprintf(why, len, "%s: %s", a->md.lv->name, f.rc ? "cannot fail member 0 through sysfs" :
		 done < 0 ? "a degraded write failed" : "io_submit or io_getevents failed");
	return 2;
}

/* Steps 2 and 3: writes across the failure, then the member back. */
static int fail_and_readd(struct array *a, char *why, size_t len)
{
	int round, rc;

	for (round = 0; round < MDRS_ROUNDS; round++) {
		if (round == FAIL_ROUND && a->md.nospace && mdr_fill_member_store(&a->md, why, len))
			return 2;
		rc = batch(a, 2 + round, round != FAIL_ROUND ? 0 : !a->md.nospace ? 1 :
			   a->md.lv->sysfs_too ? ARMED_AFTER_SUBMIT : 0,
			   round < FAIL_ROUND ? a->blocks / 2 : a->blocks, why, len);
		if (rc)
			return rc;
	}
	if (!mdr_member_faulty(&a->md, 0)) {
		snprintf(why, len, "%s: member 0 did not leave the array (%s)", a->md.lv->name,
			 a->md.nospace ? "its writes did not fail" : "sysfs faulty ignored");
		return 2;
	}
	if (a->md.nospace)
		mdr_free_member_store();

	/* Two passes of the bitmap daemon: what it may clear, it has. */
	sleep(3);
	return mdr_readd(&a->md, 0, why, len) || mdr_wait_idle(&a->md, why, len) ? 2 : 0;
}

/* Step 4: the re-added member (or it and the parity) is all that is read. */
static int read_from_readded(struct array *a, char *why, size_t len)
{
	int i;

	for (i = 0; i < a->md.lv->nr_others; i++)
		if (mdr_member_state(&a->md, a->md.lv->others[i], "faulty")) {
			snprintf(why, len, "%s: cannot fail member %d", a->md.lv->name,
				 a->md.lv->others[i]);
			return 2;
		}
	sg_drop_caches();
	return verify(a, "after re-add, read from the re-added member", why, len);
}

/*
 * md's check found copies that differ: where, read from the re-added
 * member alone, appended to why (md counts them, it does not say which).
 */
static void locate(struct array *a, char *why, size_t len)
{
	char where[480];

	if (read_from_readded(a, where, sizeof(where)) == 1)
		snprintf(why + strlen(why), len - strlen(why), "; %s", where);
}

/*
 * Step 5, where a member is write-mostly (raid1): the data on it alone
 * while a normal member recovers.  The others back in; every member but
 * the write-mostly one failed; two batches written, degraded, onto it
 * alone; member 0 re-added, its recovery slowed to 1 MB/s, and the
 * whole array read while it recovers: what it has not recovered yet
 * must be read from the write-mostly member (6.9 and 6.10 read it from
 * the recovering one: c916ca35308d's fix).
 */
static int read_while_recovering(struct array *a, char *why, size_t len)
{
	int i, m, rc;

	for (i = 0; i < a->md.lv->nr_others; i++)
		if (mdr_readd(&a->md, a->md.lv->others[i], why, len))
			return 2;
	if (mdr_wait_idle(&a->md, why, len))
		return 2;
	for (m = 0; m < a->md.lv->members; m++)
		if (m != a->md.lv->write_mostly && mdr_member_state(&a->md, m, "faulty")) {
			snprintf(why, len, "%s: cannot fail member %d", a->md.lv->name, m);
			return 2;
		}
	for (i = 0; i < 2; i++)
		if ((rc = batch(a, 2 + MDRS_ROUNDS + i, 0, a->blocks, why, len)))
			return rc;
	sleep(3);	/* the bitmap daemon, as in step 3 */
	mdr_attr(&a->md, "sync_speed_min", "1");
	mdr_attr(&a->md, "sync_speed_max", "1000");
	if (mdr_readd(&a->md, 0, why, len))
		return 2;
	if (mdr_wait_recovering(&a->md, why, len))
		return 2;
	sg_drop_caches();
	rc = verify(a, "read while a member recovers, the data on the write-mostly one", why, len);
	mdr_attr(&a->md, "sync_speed_max", "system");
	mdr_attr(&a->md, "sync_speed_min", "system");
	for (m = 1; m < a->md.lv->members && !rc; m++)
		if (m != a->md.lv->write_mostly && mdr_readd(&a->md, m, why, len))
			rc = 2;
	return rc || mdr_wait_idle(&a->md, why, len) ? (rc ? rc : 2) : 0;
}

int mdrs_run(const struct mdr_level *lv, int nth, uint64_t seed, char *left, size_t left_len,
	     char *why, size_t len)
{
	struct array a = { .md = { .lv = lv, .fd = -1 }, .seed = seed,
			   .rng = seed ^ (uint64_t)nth << 32 };
	int rc;

	sg_setup_begin();
	rc = mdr_create(&a.md, nth, why, len) ? 2 : 0;
	sg_setup_end();
	a.blocks = a.md.bytes / BLK;
	a.gen = calloc(a.blocks ? a.blocks : 1, sizeof(*a.gen));
	a.buf = sg_alloc((size_t)DEPTH * BLK);
	if (!rc && (!a.gen || !a.buf)) {
		snprintf(why, len, "%s: out of memory for the model", lv->name);
		rc = 2;
	}
	if (!rc)
		rc = write_all(&a, why, len);
	if (!rc)
		rc = verify(&a, "after the first writes", why, len);
	if (!rc)
		rc = mdr_scrub(&a.md, "after the first writes", why, len);
	if (!rc)
		rc = fail_and_readd(&a, why, len);
	snprintf(left + strlen(left), left_len - strlen(left), "%s%s:%s", *left ? "," : "",
		 lv->name, a.md.nospace ? "out-of-space" : "sysfs-faulty");
	if (!rc)
		rc = mdr_scrub(&a.md, "after the member was failed mid-write and re-added", why, len);
	if (rc == 1)
		locate(&a, why, len);
	else if (!rc)
		rc = read_from_readded(&a, why, len);
	if (!rc && lv->write_mostly >= 0)
		rc = read_while_recovering(&a, why, len);
	mdr_destroy(&a.md);
	free(a.gen);
	free(a.buf);
	return rc;
}

int mdrs_check(const char *check, const struct mdr_level *levels, int n, int first,
	       const char *pass_said)
{
	uint64_t seed = sg_param_u64("seed", 1);
	char why[1024] = "", left[160] = "", said[512];
	int i, rc = 0;

	sg_begin(check);
	for (i = 0; i < n && !rc; i++)
		rc = mdrs_run(&levels[i], first + i, seed, left, sizeof(left), why, sizeof(why));
	if (rc == 2)
		return sg_error("seed=%llu %s", (unsigned long long)seed, why);
	if (rc)
		return sg_fail("seed=%llu first: %s", (unsigned long long)seed, why);
	snprintf(said, sizeof(said), pass_said, MDRS_ROUNDS * MDRS_DEPTH, left);
	return sg_pass("seed=%llu %s", (unsigned long long)seed, said);
}
