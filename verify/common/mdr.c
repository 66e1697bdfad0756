// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest.h"
#include "mdr.h"

static const char *loop_name(const char *loop)
{
	return strrchr(loop, '/') + 1;
}

int mdr_attr(const struct mdr_array *a, const char *attr, const char *val)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/%s", a->sys, attr);
	return sg_write_str(path, val);
}

int mdr_member_state(const struct mdr_array *a, int m, const char *state)
{
	char attr[48];

	snprintf(attr, sizeof(attr), "dev-%s/state", loop_name(a->loops[m]));
	return mdr_attr(a, attr, state);
}

/* Until md is idle and whole again (recovery or check done). */
int mdr_wait_idle(const struct mdr_array *a, char *why, size_t len)
{
	char path[96], action[32] = "";
	uint64_t degraded = 1;
	int tick;

	for (tick = 0; tick < MDR_WAIT_SECS * 20; tick++) {
		snprintf(path, sizeof(path), "%s/sync_action", a->sys);
		if (sg_read_str(path, action, sizeof(action)))
			break;
		snprintf(path, sizeof(path), "%s/degraded", a->sys);
		if (!strncmp(action, "idle", 4) && !sg_read_u64(path, &degraded) && !degraded)
			return 0;
		usleep(50000);
	}
	snprintf(why, len, "%s: md not idle and whole after %d s (sync_action=%s degraded=%llu)",
		 a->lv->name, MDR_WAIT_SECS, action, (unsigned long long)degraded);
	return -1;
}

/* md's own scrub: 0 when every copy (or the parity) agrees. */
int mdr_scrub(const struct mdr_array *a, const char *when, char *why, size_t len)
{
	char path[96];
	uint64_t mismatches;

	if (mdr_attr(a, "sync_action", "check")) {
		snprintf(why, len, "%s: cannot start md's check", a->lv->name);
		return 2;
	}
	usleep(100000);
	if (mdr_wait_idle(a, why, len))
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

	snprintf(opts, sizeof(opts), "size=%dm", MDR_MEMBER_MIB + 1);
	mkdir(MDR_NOSPACE_DIR, 0700);
	if (!mount("sg-small", MDR_NOSPACE_DIR, "tmpfs", 0, opts))
		return 0;
	snprintf(why, len, "cannot mount a tmpfs at " MDR_NOSPACE_DIR ": %s", strerror(errno));
	return -1;
}

/*
 * Every free page of member 0's tmpfs taken, so that its writes to what
 * is not allocated fail.  Its last quarter, past every block step 1
 * wrote, is punched first: reads of it (md's check) may have allocated
 * it (tmpfs gives loop's reads pages of their own before 6.x).
 */
int mdr_fill_member_store(const struct mdr_array *a, char *why, size_t len)
{
	static char chunk[1 << 16];
	const off_t size = (off_t)MDR_MEMBER_MIB << 20;
	int fd = open(a->files[0], O_WRONLY);

	/*
	 * Its last 128 KiB kept: metadata 0.90 keeps its superblock and
	 * bitmap there, and a re-add needs them.
	 */
	if (fd < 0 || fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, size / 4 * 3,
				size / 4 - (128 << 10))) {
		snprintf(why, len, "cannot punch %s: %s", a->files[0], strerror(errno));
		return -1;
	}
	close(fd);
	fd = open(MDR_FILLER, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		snprintf(why, len, "cannot create " MDR_FILLER ": %s", strerror(errno));
		return -1;
	}
	memset(chunk, 0x5a, sizeof(chunk));
	while (write(fd, chunk, sizeof(chunk)) > 0)
		;
	close(fd);
	return 0;
}

int mdr_create(struct mdr_array *a, int nth, char *why, size_t len)
{
	const char *argv[16 + MDR_MAX_MEMBERS];
	char level[32], disks[32], layout[32], metadata[32];
	int i, n = 0;

	mkdir(MDR_WORKDIR, 0700);
	if (a->lv->nospace && small_tmpfs(why, len))
		return -1;
	for (i = 0; i < a->lv->members; i++) {
		snprintf(a->files[i], sizeof(a->files[i]), "%s/md%d-m%d",
			 i || !a->lv->nospace ? MDR_WORKDIR : MDR_NOSPACE_DIR, nth, i);
		if (sg_make_file(a->files[i], (uint64_t)MDR_MEMBER_MIB << 20) ||
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
	if (a->lv->metadata) {
		snprintf(metadata, sizeof(metadata), "--metadata=%s", a->lv->metadata);
		argv[n++] = metadata;
	}
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
	mdr_attr(a, "bitmap/time_base", "1");
	/*
	 * Write-mostly with write-behind (mdadm --write-behind): its writes
	 * are acknowledged before they reach it, from a copy of their pages.
	 */
	if (a->lv->write_mostly >= 0 && (mdr_member_state(a, a->lv->write_mostly, "writemostly") ||
					 mdr_attr(a, "bitmap/backlog", "256"))) {
		snprintf(why, len, "%s: cannot make member %d write-mostly with write-behind",
			 a->lv->name, a->lv->write_mostly);
		return -1;
	}
	/* failfast came in 4.10: what member 0 does without it, lv says. */
	a->nospace = a->lv->nospace &&
		     (a->lv->failfast == MDR_NO_FAILFAST || !mdr_member_state(a, 0, "failfast"));
	a->fd = open(a->dev, O_RDWR | O_DIRECT);
	if (a->fd < 0 || sg_dev_bytes(a->dev, &a->bytes)) {
		snprintf(why, len, "%s: cannot open %s", a->lv->name, a->dev);
		return -1;
	}
	return 0;
}

void mdr_destroy(struct mdr_array *a)
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
		unlink(MDR_FILLER);
		umount(MDR_NOSPACE_DIR);
	}
}

int mdr_member_faulty(const struct mdr_array *a, int m)
{
	char path[96], state[64] = "";

	snprintf(path, sizeof(path), "%s/dev-%s/state", a->sys, loop_name(a->loops[m]));
	return !sg_read_str(path, state, sizeof(state)) && strstr(state, "faulty");
}

/* Member m, failed, removed and re-added with mdadm: md recovers it. */
int mdr_readd(struct mdr_array *a, int m, char *why, size_t len)
{
	const char *argv[] = { "mdadm", "--manage", a->dev, "--re-add", a->loops[m], NULL };

	if (mdr_member_state(a, m, "remove")) {
		snprintf(why, len, "%s: cannot remove the failed member %d", a->lv->name, m);
		return 2;
	}
	if (sg_run(argv)) {
		snprintf(why, len, "%s: mdadm --re-add %s failed", a->lv->name, a->loops[m]);
		return 2;
	}
	return 0;
}

/* Until md says it recovers (a re-add starts it from md's thread). */
int mdr_wait_recovering(const struct mdr_array *a, char *why, size_t len)
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

void mdr_free_member_store(void)
{
	unlink(MDR_FILLER);
}
