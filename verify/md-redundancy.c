// SPDX-License-Identifier: GPL-2.0
/*
 * md-redundancy: md beyond raid0, by the path an array of copies or
 * parity goes through when a disk leaves and comes back.  A raid1 (one
 * member write-mostly, with write-behind), a raid10 (near copies) and a
 * raid5, each with an internal write-intent bitmap, made by the real
 * mdadm over loop devices:
 *
 *   1. every block written once (the sector pattern, O_DIRECT; with a
 *      member that will run out of space, the first half), read back,
 *      and scrubbed with md's own check (mismatch_cnt must be 0);
 *   2. 12 batches of 32 seeded 4 KiB writes through Linux AIO, the first
 *      nine within what step 1 wrote; then member 0 leaves: on raid1 and
 *      raid10 (member 0 failfast) its backing store runs out of space
 *      (its never-written last quarter punched, its tmpfs filled), so
 *      its writes there fail in the kernel's own error path while others
 *      are in flight; on raid5 (and before 4.10, no failfast) it is
 *      failed through md's sysfs, as mdadm --fail does, while the tenth
 *      batch is in the kernel; the last batches write anywhere, degraded
 *      (few: each keeps its bitmap chunk dirty);
 *   3. the member removed and re-added with mdadm --re-add: md recovers
 *      only what the bitmap says it missed;
 *   4. md's check again, then the other copies failed, so that every
 *      block is read from the re-added member (or rebuilt from it with
 *      the parity) and compared with what was written last;
 *   5. on the raid1, the data on the write-mostly member alone while a
 *      normal member recovers: every block read during the recovery.
 *
 * A bitmap bit cleared for a write the member never got (5.10.35 and
 * before: a failed write on a Faulty member ended as success) leaves the
 * re-added member stale: md's check after the re-add finds the copies
 * differ, and step 4 would name the block.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/falloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/guest.h"
#include "common/pattern.h"
#include "common/setuptime.h"
#include "common/sgprint.h"

#define CHECK "md-redundancy"
#define WORKDIR "/tmp/sg-mdr"
#define MEMBER_MIB 12
#define MAX_MEMBERS 4
#define BLK 4096
#define SECTORS_PER_BLK (BLK / SG_SECTOR_SIZE)
#define DEPTH 32
#define ROUNDS 12
/*
 * The batch member 0 leaves in: the batches before it write within the
 * first half (what step 1 wrote), so that its last quarter is still
 * never written; the few after it are degraded writes, each of which
 * keeps its bitmap chunk dirty: many would hide a bit cleared wrongly.
 */
#define FAIL_ROUND (ROUNDS - 3)
#define WAIT_SECS 300
/* Member 0's own tmpfs when it is to run out of space: what it holds. */
#define NOSPACE_DIR WORKDIR "/small"
#define FILLER NOSPACE_DIR "/filler"

struct level {
	const char *name;		/* raid1, for mdadm --level and the messages */
	int members;
	int write_mostly;		/* made write-mostly through sysfs, or -1 */
	int nospace;			/* member 0 failfast, failed by ENOSPC */
	const char *layout;		/* --layout=, or NULL */
	int others[MAX_MEMBERS];	/* failed at the end: the re-added one's copies */
	int nr_others;
};

/* Member 0 is the one failed and re-added; others[] hold its copies. */
static const struct level levels[] = {
	{ "raid1", 3, 2, 1, NULL, { 1, 2 }, 2 },
	/* n2: the members pair up in order, 0 with 1 */
	{ "raid10", 4, -1, 1, "n2", { 1 }, 1 },
	{ "raid5", 4, -1, 0, NULL, { 1 }, 1 },
};

struct array {
	const struct level *lv;
	char dev[16];				/* /dev/md1 */
	char sys[48];				/* /sys/block/md1/md */
	char files[MAX_MEMBERS][48];
	char loops[MAX_MEMBERS][32];
	int fd;					/* the array, O_DIRECT */
	int nospace;				/* lv->nospace, if the kernel has failfast */
	uint64_t blocks;
	uint32_t *gen;				/* per block: what was written last */
	unsigned char *buf;			/* DEPTH blocks, aligned */
	uint64_t seed, rng;
};

static const char *loop_name(const char *loop)
{
	return strrchr(loop, '/') + 1;
}

static int md_write_attr(const struct array *a, const char *attr, const char *val)
{
	char path[96];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", a->sys, attr);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -1;
}

static int member_state(const struct array *a, int m, const char *state)
{
	char attr[48];

	snprintf(attr, sizeof(attr), "dev-%s/state", loop_name(a->loops[m]));
	return md_write_attr(a, attr, state);
}

/* Until md is idle and whole again (recovery or check done). */
static int wait_idle(const struct array *a, char *why, size_t len)
{
	char path[96], action[32] = "";
	uint64_t degraded = 1;
	int tick;

	for (tick = 0; tick < WAIT_SECS * 20; tick++) {
		snprintf(path, sizeof(path), "%s/sync_action", a->sys);
		if (sg_read_str(path, action, sizeof(action)))
			break;
		snprintf(path, sizeof(path), "%s/degraded", a->sys);
		if (!strncmp(action, "idle", 4) && !sg_read_u64(path, &degraded) && !degraded)
			return 0;
		usleep(50000);
	}
	snprintf(why, len, "%s: md not idle and whole after %d s (sync_action=%s degraded=%llu)",
		 a->lv->name, WAIT_SECS, action, (unsigned long long)degraded);
	return -1;
}

/* md's own scrub: 0 when every copy (or the parity) agrees. */
static int scrub(const struct array *a, const char *when, char *why, size_t len)
{
	char path[96];
	uint64_t mismatches;

	if (md_write_attr(a, "sync_action", "check")) {
		snprintf(why, len, "%s: cannot start md's check", a->lv->name);
		return 2;
	}
	usleep(100000);
	if (wait_idle(a, why, len))
		return 2;
	snprintf(path, sizeof(path), "%s/mismatch_cnt", a->sys);
	if (sg_read_u64(path, &mismatches)) {
		snprintf(why, len, "%s: no mismatch_cnt", a->lv->name);
		return 2;
	}
	if (!mismatches)
		return 0;
	snprintf(why, len, "%s %s: md's check found %llu sectors whose copies differ",
		 a->lv->name, when, (unsigned long long)mismatches);
	return 1;
}

/* Room for member 0's file and a little more: the filler takes the rest. */
static int small_tmpfs(char *why, size_t len)
{
	char opts[32];

	snprintf(opts, sizeof(opts), "size=%dm", MEMBER_MIB + 1);
	mkdir(NOSPACE_DIR, 0700);
	if (!mount("sg-small", NOSPACE_DIR, "tmpfs", 0, opts))
		return 0;
	snprintf(why, len, "cannot mount a tmpfs at " NOSPACE_DIR ": %s", strerror(errno));
	return -1;
}

/*
 * Every free page of member 0's tmpfs taken, so that its writes to what
 * is not allocated fail.  Its last quarter, past every block step 1
 * wrote, is punched first: reads of it (md's check) may have allocated
 * it (tmpfs gives loop's reads pages of their own before 6.x).
 */
static int fill_member_store(const struct array *a, char *why, size_t len)
{
	static char chunk[1 << 16];
	const off_t size = (off_t)MEMBER_MIB << 20;
	int fd = open(a->files[0], O_WRONLY);

	if (fd < 0 || fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, size / 4 * 3,
				size / 4)) {
		snprintf(why, len, "cannot punch %s: %s", a->files[0], strerror(errno));
		return -1;
	}
	close(fd);
	fd = open(FILLER, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		snprintf(why, len, "cannot create " FILLER ": %s", strerror(errno));
		return -1;
	}
	memset(chunk, 0x5a, sizeof(chunk));
	while (write(fd, chunk, sizeof(chunk)) > 0)
		;
	close(fd);
	return 0;
}

static int create(struct array *a, int nth, char *why, size_t len)
{
	const char *argv[16 + MAX_MEMBERS];
	char level[32], disks[32], layout[32];
	int i, n = 0;

	mkdir(WORKDIR, 0700);
	if (a->lv->nospace && small_tmpfs(why, len))
		return -1;
	for (i = 0; i < a->lv->members; i++) {
		snprintf(a->files[i], sizeof(a->files[i]), "%s/md%d-m%d",
			 i || !a->lv->nospace ? WORKDIR : NOSPACE_DIR, nth, i);
		if (sg_make_file(a->files[i], (uint64_t)MEMBER_MIB << 20) ||
		    sg_loop_attach(a->files[i], a->loops[i], sizeof(a->loops[i]))) {
			snprintf(why, len, "%s: cannot set up member %s", a->lv->name, a->files[i]);
			return -1;
		}
	}
	snprintf(a->dev, sizeof(a->dev), "/dev/md%d", nth);
	snprintf(a->sys, sizeof(a->sys), "/sys/block/md%d/md", nth);
	snprintf(level, sizeof(level), "--level=%s", a->lv->name);
	snprintf(disks, sizeof(disks), "--raid-devices=%d", a->lv->members);
	argv[n++] = "mdadm";
	argv[n++] = "--create";
	argv[n++] = a->dev;
	argv[n++] = "--run";
	argv[n++] = "--assume-clean";	/* the members are zeros: already in sync */
	argv[n++] = level;
	argv[n++] = disks;
	if (strcmp(a->lv->name, "raid1"))
		argv[n++] = "--chunk=64";	/* raid1 has none */
	argv[n++] = "--bitmap=internal";
	argv[n++] = "--bitmap-chunk=64";
	if (a->lv->layout) {
		snprintf(layout, sizeof(layout), "--layout=%s", a->lv->layout);
		argv[n++] = layout;
	}
	for (i = 0; i < a->lv->members; i++)
		argv[n++] = a->loops[i];
	argv[n] = NULL;
	if (sg_run(argv)) {
		snprintf(why, len, "%s: mdadm --create failed", a->lv->name);
		return -1;
	}
	/* The bitmap daemon every second, not every five: bits clear sooner. */
	md_write_attr(a, "bitmap/time_base", "1");
	/*
	 * Write-mostly with write-behind (mdadm --write-behind): its writes
	 * are acknowledged before they reach it, from a copy of their pages.
	 */
	if (a->lv->write_mostly >= 0 && (member_state(a, a->lv->write_mostly, "writemostly") ||
					 md_write_attr(a, "bitmap/backlog", "256"))) {
		snprintf(why, len, "%s: cannot make member %d write-mostly with write-behind",
			 a->lv->name, a->lv->write_mostly);
		return -1;
	}
	/* failfast came in 4.10: before it, member 0 is failed through sysfs. */
	a->nospace = a->lv->nospace && !member_state(a, 0, "failfast");
	a->fd = open(a->dev, O_RDWR | O_DIRECT);
	if (a->fd < 0 || sg_dev_bytes(a->dev, &a->blocks)) {
		snprintf(why, len, "%s: cannot open %s", a->lv->name, a->dev);
		return -1;
	}
	a->blocks /= BLK;
	a->gen = calloc(a->blocks, sizeof(*a->gen));
	a->buf = sg_alloc((size_t)DEPTH * BLK);
	return a->gen && a->buf ? 0 : -1;
}

static void destroy(struct array *a)
{
	const char *stop[] = { "mdadm", "--stop", a->dev, NULL };
	int i;

	if (a->fd >= 0)
		close(a->fd);
	sg_run(stop);
	for (i = 0; i < a->lv->members; i++) {
		if (a->loops[i][0])
			sg_loop_detach(a->loops[i]);
		unlink(a->files[i]);
	}
	if (a->lv->nospace) {
		unlink(FILLER);
		umount(NOSPACE_DIR);
	}
	free(a->gen);
	free(a->buf);
}

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
	const uint64_t per = 16, end = a->nospace ? a->blocks / 2 : a->blocks;
	uint64_t b, i, n;

	for (b = 0; b < end; b += per) {
		n = end - b < per ? end - b : per;
		for (i = 0; i < n; i++) {
			a->gen[b + i] = 1;
			fill(a, a->buf + i * BLK, b + i);
		}
		if (sg_pwrite_full(a->fd, a->buf, n * BLK, b * BLK)) {
			snprintf(why, len, "%s: write of %llu bytes at %llu: %s", a->lv->name,
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
		if (sg_pread_full(a->fd, a->buf, BLK, b * BLK)) {
			snprintf(why, len, "%s %s: read of block %llu: %s", a->lv->name, when,
				 (unsigned long long)b, strerror(errno));
			return 2;
		}
		fill(a, want, b);
		if (!memcmp(a->buf, want, BLK))
			continue;
		for (s = 0; memcmp(a->buf + s * SG_SECTOR_SIZE, want + s * SG_SECTOR_SIZE,
				   SG_SECTOR_SIZE); s++)
			;
		pattern_describe(a->buf + s * SG_SECTOR_SIZE, a->seed, found,
				 sizeof(found));
		snprintf(why, len, "%s %s: array sector %llu (byte %llu) holds %s, expected write %u of it",
			 a->lv->name, when, (unsigned long long)(b * SECTORS_PER_BLK + s),
			 (unsigned long long)(b * BLK + s * SG_SECTOR_SIZE), found, a->gen[b]);
		return 1;
	}
	return 0;
}

struct failer {
	const struct array *a;
	int rc;
};

/* Runs while the armed batch is in the kernel: the member leaves mid-write. */
static void *fail_member(void *arg)
{
	struct failer *f = arg;

	f->rc = member_state(f->a, 0, "faulty");
	return NULL;
}

static int batch(struct array *a, uint32_t gen, int armed, uint64_t span, char *why,
		 size_t len)
{
	struct iocb cbs[DEPTH], *list[DEPTH];
	struct io_event ev[DEPTH];
	aio_context_t ctx = 0;
	struct failer f = { a, 0 };
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
		cbs[i].aio_fildes = a->fd;
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
	if (armed && pthread_create(&thread, NULL, fail_member, &f))
		armed = 0;
	do
		n = syscall(SYS_io_submit, ctx, DEPTH, list);
	while (n < 0 && errno == EINTR);
	while (n == DEPTH && done < DEPTH) {
		long got = syscall(SYS_io_getevents, ctx, 1, DEPTH - done, ev + done, NULL);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		done += got;
	}
	if (armed)
		pthread_join(thread, NULL);
	syscall(SYS_io_destroy, ctx);
	for (i = 0; i < done; i++)
		if (ev[i].res != BLK)
			done = -1 - i;
	if (done == DEPTH && !f.rc)
		return 0;
	snprintf(why, len, "%s: %s", a->lv->name, f.rc ? "cannot fail member 0 through sysfs" :
		 done < 0 ? "a degraded write failed" : "io_submit or io_getevents failed");
	return 2;
}

static int member_faulty(const struct array *a, int m)
{
	char path[96], state[64] = "";

	snprintf(path, sizeof(path), "%s/dev-%s/state", a->sys, loop_name(a->loops[m]));
	return !sg_read_str(path, state, sizeof(state)) && strstr(state, "faulty");
}

/* Member m, failed, removed and re-added with mdadm: md recovers it. */
static int readd(struct array *a, int m, char *why, size_t len)
{
	const char *argv[] = { "mdadm", "--manage", a->dev, "--re-add", a->loops[m], NULL };

	if (member_state(a, m, "remove")) {
		snprintf(why, len, "%s: cannot remove the failed member %d", a->lv->name, m);
		return 2;
	}
	if (sg_run(argv)) {
		snprintf(why, len, "%s: mdadm --re-add %s failed", a->lv->name, a->loops[m]);
		return 2;
	}
	return 0;
}

/* Steps 2 and 3: writes across the failure, then the member back. */
static int fail_and_readd(struct array *a, char *why, size_t len)
{
	int round, rc;

	for (round = 0; round < ROUNDS; round++) {
		if (round == FAIL_ROUND && a->nospace && fill_member_store(a, why, len))
			return 2;
		rc = batch(a, 2 + round, round == FAIL_ROUND && !a->nospace,
			   round < FAIL_ROUND ? a->blocks / 2 : a->blocks, why, len);
		if (rc)
			return rc;
	}
	if (!member_faulty(a, 0)) {
		snprintf(why, len, "%s: member 0 did not leave the array (%s)", a->lv->name,
			 a->nospace ? "its writes did not fail" : "sysfs faulty ignored");
		return 2;
	}
	if (a->nospace)
		unlink(FILLER);

	/* Two passes of the bitmap daemon: what it may clear, it has. */
	sleep(3);
	return readd(a, 0, why, len) || wait_idle(a, why, len) ? 2 : 0;
}

/* Step 4: the re-added member (or it and the parity) is all that is read. */
static int read_from_readded(struct array *a, char *why, size_t len)
{
	int i;

	for (i = 0; i < a->lv->nr_others; i++)
		if (member_state(a, a->lv->others[i], "faulty")) {
			snprintf(why, len, "%s: cannot fail member %d", a->lv->name,
				 a->lv->others[i]);
			return 2;
		}
	sg_drop_caches();
	return verify(a, "after re-add, read from the re-added member", why, len);
}

/* Until md says it recovers (a re-add starts it from md's thread). */
static int wait_recovering(const struct array *a, char *why, size_t len)
{
	char path[96], action[32] = "";
	int tick;

	snprintf(path, sizeof(path), "%s/sync_action", a->sys);
	for (tick = 0; tick < 100; tick++) {
		if (!sg_read_str(path, action, sizeof(action)) && !strncmp(action, "recover", 7))
			return 0;
		usleep(50000);
	}
	snprintf(why, len, "%s: no recovery after the re-add (sync_action=%s): the read while "
		 "recovering would test nothing", a->lv->name, action);
	return -1;
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

	for (i = 0; i < a->lv->nr_others; i++)
		if (readd(a, a->lv->others[i], why, len))
			return 2;
	if (wait_idle(a, why, len))
		return 2;
	for (m = 0; m < a->lv->members; m++)
		if (m != a->lv->write_mostly && member_state(a, m, "faulty")) {
			snprintf(why, len, "%s: cannot fail member %d", a->lv->name, m);
			return 2;
		}
	for (i = 0; i < 2; i++)
		if ((rc = batch(a, 2 + ROUNDS + i, 0, a->blocks, why, len)))
			return rc;
	sleep(3);	/* the bitmap daemon, as in step 3 */
	md_write_attr(a, "sync_speed_min", "1");
	md_write_attr(a, "sync_speed_max", "1000");
	if (readd(a, 0, why, len))
		return 2;
	if (wait_recovering(a, why, len))
		return 2;
	sg_drop_caches();
	rc = verify(a, "read while a member recovers, the data on the write-mostly one", why, len);
	md_write_attr(a, "sync_speed_max", "system");
	md_write_attr(a, "sync_speed_min", "system");
	for (m = 1; m < a->lv->members && !rc; m++)
		if (m != a->lv->write_mostly && readd(a, m, why, len))
			rc = 2;
	return rc || wait_idle(a, why, len) ? (rc ? rc : 2) : 0;
}

/* How member 0 left each array, for the PASS line. */
static char left[160];

static int run_level(const struct level *lv, int nth, uint64_t seed, char *why, size_t len)
{
	struct array a = { .lv = lv, .fd = -1, .seed = seed, .rng = seed ^ (uint64_t)nth << 32 };
	int rc;

	sg_setup_begin();
	rc = create(&a, nth, why, len) ? 2 : 0;
	sg_setup_end();
	if (!rc)
		rc = write_all(&a, why, len);
	if (!rc)
		rc = verify(&a, "after the first writes", why, len);
	if (!rc)
		rc = scrub(&a, "after the first writes", why, len);
	if (!rc)
		rc = fail_and_readd(&a, why, len);
	snprintf(left + strlen(left), sizeof(left) - strlen(left), "%s%s:%s", nth > 1 ? "," : "",
		 lv->name, a.nospace ? "out-of-space" : "sysfs-faulty");
	if (!rc)
		rc = scrub(&a, "after the member was failed mid-write and re-added", why, len);
	if (!rc)
		rc = read_from_readded(&a, why, len);
	if (!rc && lv->write_mostly >= 0)
		rc = read_while_recovering(&a, why, len);
	destroy(&a);
	return rc;
}

int main(void)
{
	uint64_t seed = sg_param_u64("seed", 1);
	char why[512] = "";
	size_t i;
	int rc = 0;

	sg_begin(CHECK);
	for (i = 0; i < sizeof(levels) / sizeof(levels[0]) && !rc; i++)
		rc = run_level(&levels[i], 1 + (int)i, seed, why, sizeof(why));
	if (rc == 2)
		return sg_error("seed=%llu %s", (unsigned long long)seed, why);
	if (rc)
		return sg_fail("seed=%llu first: %s", (unsigned long long)seed, why);
	return sg_pass("seed=%llu arrays=raid1(write-mostly,write-behind),raid10(n2),raid5 bitmap=internal "
		       "writes=%d member-left=%s re-added scrubbed mismatch_cnt=0 "
		       "raid1-read-while-recovering=ok",
		       (unsigned long long)seed, ROUNDS * DEPTH, left);
}
