// SPDX-License-Identifier: GPL-2.0
/*
 * The file and its model (iomodel.h): each operation picks, by the seed,
 * a write path (write() at the file position, pwrite, pwritev2 with
 * RWF_DSYNC, writev at the file position, Linux AIO's io_submit,
 * io_uring, mmap and msync), a shape
 * (overwrite, extending, into a hole past the end, into a range
 * fallocate(KEEP_SIZE) reserved, unaligned edges) and a sync after it
 * (none, fsync, fdatasync), or an fallocate, a punched hole or a truncate
 * up or down; then reads the touched bytes back through one of the read
 * paths (pread, read() at a position, O_DIRECT, mmap, AIO, io_uring) in
 * turn.  Every other pair of operations takes its buffer from a huge page,
 * at an offset that is sector- but not page-aligned, so that O_DIRECT's
 * pages straddle a page boundary inside a large folio; after such an
 * operation did O_DIRECT through it, the page is unmapped and must be
 * free again (hugebuf.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/falloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fsfile.h"
#include "guest.h"
#include "hugebuf.h"
#include "iomodel.h"
#include "uring.h"

#define BLK 4096u
#define MAX_LEN (64u << 10)
#define HUGE_OFF 512u	/* a sector in: aligned for O_DIRECT, not for a page */

#ifndef RWF_DSYNC
#define RWF_DSYNC 0x00000002
#endif

/* mmap last: O_DIRECT files take every path but it. */
enum { W_WRITE, W_PWRITE, W_PWRITEV2, W_WRITEV, W_AIO, W_URING, W_MMAP, NR_WRITES };
static const char *const write_names[] = {
	"write()", "pwrite()", "pwritev2(RWF_DSYNC)", "writev()", "io_submit(PWRITE)",
	"io_uring(WRITEV)", "mmap+msync",
};
enum { S_OVERWRITE, S_EXTEND, S_HOLE, S_PREALLOC, S_UNALIGNED, NR_SHAPES };
static const char *const shape_names[] = {
	"overwrite", "extending", "into a hole past the end", "into preallocated blocks",
	"unaligned",
};
enum { R_PREAD, R_READ, R_DIRECT, R_MMAP, R_AIO, R_URING, NR_READS };
static const char *const read_names[] = {
	"pread()", "read()", "O_DIRECT pread()", "mmap", "O_DIRECT io_submit(PREAD)",
	"io_uring(READV)",
};

static uint64_t rnd(struct iom *m, uint64_t n)
{
	return n ? sg_rand(&m->rng) % n : 0;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

const char *iom_mode_name(struct iom_mode mode, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", mode.direct ? "O_DIRECT" : "buffered",
		 mode.sync_flag == O_SYNC ? "|O_SYNC" : mode.sync_flag == O_DSYNC ? "|O_DSYNC" : "");
	return buf;
}

static int open_all(struct iom *m, int flags)
{
	m->fd = open(m->path, flags | O_RDWR | (m->mode.direct ? O_DIRECT : 0) | m->mode.sync_flag,
		     0644);
	m->reader = open(m->path, O_RDONLY);
	m->rdirect = open(m->path, O_RDONLY | O_DIRECT);
	return m->fd < 0 || m->reader < 0 || m->rdirect < 0 ? -1 : 0;
}

int iom_open(struct iom *m, const char *path, struct iom_mode mode, uint64_t seed,
	     char *why, size_t len)
{
	memset(m, 0, sizeof(*m));
	m->path = path;
	m->mode = mode;
	m->seed = seed;
	m->rng = seed * 31 + mode.direct * 7 + (unsigned int)mode.sync_flag;
	m->data = calloc(1, IOM_MAX_FILE);
	m->buf = sg_alloc(IOM_MAX_FILE);
	if (!m->data || !m->buf || open_all(m, O_CREAT | O_TRUNC)) {
		snprintf(why, len, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

void iom_close(struct iom *m)
{
	close(m->fd);
	close(m->reader);
	close(m->rdirect);
	m->fd = m->reader = m->rdirect = -1;
}

int iom_reopen(struct iom *m)
{
	m->pos = 0;
	return open_all(m, 0);
}

void iom_free(struct iom *m)
{
	iom_close(m);
	free(m->data);
	free(m->buf);
}

/* Where a write goes and how long it is, by its shape (aligned for O_DIRECT). */
static void place(struct iom *m, int shape, uint64_t *off, uint64_t *len)
{
	uint64_t room = IOM_MAX_FILE - MAX_LEN - BLK;

	*len = 1 + rnd(m, MAX_LEN);
	switch (shape) {
	case S_OVERWRITE:
		*off = rnd(m, m->size ? m->size : 1);
		break;
	case S_EXTEND:
		*off = m->size;
		break;
	case S_HOLE:
		*off = m->size + BLK + rnd(m, 8 * BLK);
		break;
	case S_PREALLOC:
		*off = m->prealloc > m->size ? m->size + rnd(m, m->prealloc - m->size) : m->size;
		break;
	default:
		*off = rnd(m, m->size + BLK);
		*len = 1 + rnd(m, 3 * BLK);
	}
	*off = min64(*off, room);
	if (m->mode.direct) {
		*off &= ~(uint64_t)(BLK - 1);
		*len = (*len + BLK - 1) & ~(uint64_t)(BLK - 1);
	}
}

/* A write of n bytes where len were asked: all, else why not. */
static int full(ssize_t n, uint64_t len, const char *what, char *why, size_t wlen)
{
	if (n == (ssize_t)len)
		return 0;
	snprintf(why, wlen, "%s returned %zd of %llu bytes: %s", what, n,
		 (unsigned long long)len, n < 0 ? strerror(errno) : "short");
	return -1;
}

static int write_mmap(struct iom *m, uint64_t off, uint64_t len, char *why, size_t wlen)
{
	uint64_t start = off & ~(uint64_t)(BLK - 1), span = off + len - start;
	unsigned char *p;

	if (off + len > m->size) {
		if (ftruncate(m->fd, off + len))
			return full(-1, len, "ftruncate before the mmap", why, wlen);
		m->size = off + len;
	}
	p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, start);
	if (p == MAP_FAILED)
		return full(-1, len, "mmap", why, wlen);
	memcpy(p + (off - start), m->data + off, len);
	if (msync(p, span, MS_SYNC)) {
		munmap(p, span);
		return full(-1, len, "msync", why, wlen);
	}
	munmap(p, span);
	return 0;
}

/*
 * One I/O through Linux AIO (io_setup, io_submit, io_getevents: the
 * syscalls libaio wraps), waited for: its result, or -1 with errno.
 */
static ssize_t aio_one(int fd, int opcode, void *buf, uint64_t len, uint64_t off)
{
	aio_context_t ctx = 0;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	long n = -1;

	if (syscall(SYS_io_setup, 1, &ctx))
		return -1;
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_lio_opcode = opcode;
	cb.aio_buf = (uint64_t)(uintptr_t)buf;
	cb.aio_nbytes = len;
	cb.aio_offset = off;
	/*
	 * Waits end early with EINTR when task work is pending (io_uring's,
	 * which this process uses too, notifies as a signal would): again.
	 */
	do
		n = syscall(SYS_io_submit, ctx, 1, cbs);
	while (n < 0 && errno == EINTR);
	if (n == 1)
		do
			n = syscall(SYS_io_getevents, ctx, 1, 1, &ev, NULL);
		while (n < 0 && errno == EINTR);
	syscall(SYS_io_destroy, ctx);
	if (n != 1)
		return -1;
	if (ev.res < 0) {
		errno = -ev.res;
		return -1;
	}
	return ev.res;
}

/* The write itself, from the model's new bytes (copied to m->io, aligned). */
static int do_write(struct iom *m, int path, uint64_t off, uint64_t len, char *why, size_t wlen)
{
	struct iovec iov[2];
	uint64_t cut;
	ssize_t n;

	memcpy(m->io, m->data + off, len);
	m->pinned = m->io != m->buf && m->mode.direct && path != W_MMAP ? write_names[path] : NULL;
	switch (path) {
	case W_WRITE:
		if (lseek(m->fd, off, SEEK_SET) < 0)
			return full(-1, len, "lseek", why, wlen);
		n = write(m->fd, m->io, len);
		m->pos = off + (n > 0 ? (uint64_t)n : 0);
		return full(n, len, "write()", why, wlen);
	case W_WRITEV:
		cut = len > BLK ? (len / 2) & ~(uint64_t)(BLK - 1) : len;
		iov[0] = (struct iovec){ m->io, cut };
		iov[1] = (struct iovec){ m->io + cut, len - cut };
		if (lseek(m->fd, off, SEEK_SET) < 0)
			return full(-1, len, "lseek", why, wlen);
		n = writev(m->fd, iov, len > cut ? 2 : 1);
		m->pos = off + (n > 0 ? (uint64_t)n : 0);
		return full(n, len, "writev()", why, wlen);
	case W_PWRITEV2:
		iov[0] = (struct iovec){ m->io, len };
		n = pwritev2(m->fd, iov, 1, off, RWF_DSYNC);
		if (n >= 0 || (errno != ENOSYS && errno != EOPNOTSUPP && errno != EINVAL))
			return full(n, len, "pwritev2(RWF_DSYNC)", why, wlen);
		/* Not in this kernel (before 4.7): said, and pwrite in its place. */
		m->unsupported |= IOM_NO_PWRITEV2;
		/* fall through */
	case W_PWRITE:
		return full(pwrite(m->fd, m->io, len, off), len, "pwrite()", why, wlen);
	case W_AIO:
		return full(aio_one(m->fd, IOCB_CMD_PWRITE, m->io, len, off), len,
			    "io_submit(PWRITE)", why, wlen);
	case W_URING:
		n = uring_one(m->fd, 1, m->io, len, off);
		if (n >= 0 || errno != ENOSYS)
			return full(n, len, "io_uring(WRITEV)", why, wlen);
		/* No io_uring in this kernel (before 5.1): said, and pwrite. */
		m->unsupported |= IOM_NO_URING;
		return full(pwrite(m->fd, m->io, len, off), len, "pwrite()", why, wlen);
	default:
		return write_mmap(m, off, len, why, wlen);
	}
}

static int op_write(struct iom *m, uint64_t *lo, uint64_t *hi, char *why, size_t wlen)
{
	static const char *const syncs[] = { NULL, "fsync", "fdatasync" };
	int path = rnd(m, m->mode.direct ? NR_WRITES - 1 : NR_WRITES);
	int shape = rnd(m, NR_SHAPES), sync = rnd(m, 3);
	uint64_t off, len, i;

	if (m->mode.direct && shape == S_UNALIGNED)
		shape = S_OVERWRITE;	/* O_DIRECT takes aligned I/O only */
	place(m, shape, &off, &len);
	for (i = 0; i < len; i++)
		m->data[off + i] = fsfile_byte(m->seed, m->op, off + i);
	snprintf(m->said, sizeof(m->said), "%s %llu at %llu (%s)%s%s", write_names[path],
		 (unsigned long long)len, (unsigned long long)off, shape_names[shape],
		 sync ? ", then " : "", sync ? syncs[sync] : "");
	if (do_write(m, path, off, len, why, wlen))
		return 2;
	if (off + len > m->size)
		m->size = off + len;
	if ((sync == 1 && fsync(m->fd)) || (sync == 2 && fdatasync(m->fd))) {
		full(-1, len, syncs[sync], why, wlen);
		return 2;
	}
	*lo = off > BLK ? off - BLK : 0;
	*hi = off + len + BLK;
	return 0;
}

/* fallocate(KEEP_SIZE), fallocate, a punched hole, a truncate down or up. */
static int op_space(struct iom *m, uint64_t *lo, uint64_t *hi, char *why, size_t wlen)
{
	static const char *const names[] = {
		"fallocate(KEEP_SIZE)", "fallocate", "fallocate(PUNCH_HOLE)", "truncate down",
		"truncate up",
	};
	int kind = rnd(m, 5), rc = 0;
	uint64_t off = rnd(m, m->size + BLK) & ~(uint64_t)(BLK - 1), len = BLK * (1 + rnd(m, 16));

	off = min64(off, IOM_MAX_FILE - MAX_LEN - BLK);
	switch (kind) {
	case 0:
		rc = fallocate(m->fd, FALLOC_FL_KEEP_SIZE, off, len);
		if (off + len > m->prealloc)
			m->prealloc = off + len;
		break;
	case 1:
		rc = fallocate(m->fd, 0, off, len);
		if (!rc && off + len > m->size)
			m->size = off + len;
		break;
	case 2:
		rc = fallocate(m->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, len);
		if (!rc && off < m->size)
			memset(m->data + off, 0, min64(len, m->size - off));
		break;
	default:
		/* down to half the size or more; up by up to 16 blocks, within the cap */
		len = kind == 3 ? m->size / 2 + rnd(m, m->size / 2 + 1) :
				  min64(m->size + 1 + rnd(m, 16 * BLK), IOM_MAX_FILE - MAX_LEN - BLK);
		off = min64(len, m->size);
		rc = ftruncate(m->fd, len);
		if (!rc && len < m->size)
			memset(m->data + len, 0, m->size - len);
		if (!rc)
			m->size = len;
	}
	snprintf(m->said, sizeof(m->said), "%s %llu at %llu", names[kind],
		 (unsigned long long)len, (unsigned long long)off);
	if (rc) {
		full(-1, len, names[kind], why, wlen);
		return 2;
	}
	*lo = off > BLK ? off - BLK : 0;
	*hi = off + len + BLK;
	return 0;
}

/* [lo, hi) of the file read by path into m->io; the bytes read. */
static ssize_t read_back(struct iom *m, int path, uint64_t lo, uint64_t hi)
{
	unsigned char *p;
	ssize_t n;

	switch (path) {
	case R_PREAD:
		return pread(m->reader, m->io, hi - lo, lo);
	case R_READ:
		if (lseek(m->reader, lo, SEEK_SET) < 0)
			return -1;
		return read(m->reader, m->io, hi - lo);
	case R_DIRECT:
		if (m->io != m->buf)
			m->pinned = "the O_DIRECT pread() of the read back";
		return pread(m->rdirect, m->io, hi - lo, lo);
	case R_AIO:
		if (m->io != m->buf)
			m->pinned = "the O_DIRECT io_submit(PREAD) of the read back";
		return aio_one(m->rdirect, IOCB_CMD_PREAD, m->io, hi - lo, lo);
	case R_URING:
		n = uring_one(m->reader, 0, m->io, hi - lo, lo);
		if (n >= 0 || errno != ENOSYS)
			return n;
		m->unsupported |= IOM_NO_URING;
		return pread(m->reader, m->io, hi - lo, lo);
	default:
		p = mmap(NULL, hi - lo, PROT_READ, MAP_SHARED, m->reader, lo);
		if (p == MAP_FAILED)
			return -1;
		n = min64(hi, m->size) - lo;
		memcpy(m->io, p, n);
		munmap(p, hi - lo);
		return n;
	}
}

/* The kernel's size, position and [lo, hi) against the model. */
static int compare(struct iom *m, uint64_t lo, uint64_t hi, char *why, size_t wlen)
{
	int path = m->op % NR_READS;
	struct stat st;
	off_t pos;
	ssize_t n;
	uint64_t i, want;

	if (fstat(m->fd, &st) || (uint64_t)st.st_size != m->size) {
		snprintf(why, wlen, "size %lld, expected %llu", (long long)st.st_size,
			 (unsigned long long)m->size);
		return 1;
	}
	pos = lseek(m->fd, 0, SEEK_CUR);
	if (pos < 0 || (uint64_t)pos != m->pos) {
		snprintf(why, wlen, "file position %lld, expected %llu", (long long)pos,
			 (unsigned long long)m->pos);
		return 1;
	}
	lo &= ~(uint64_t)(BLK - 1);
	hi = min64((hi + BLK - 1) & ~(uint64_t)(BLK - 1), IOM_MAX_FILE);
	if (lo >= m->size)
		return 0;
	want = min64(hi, m->size) - lo;
	if (hi - lo > HUGEBUF_BYTES - HUGE_OFF)
		m->io = m->buf;		/* a long read: the huge page cannot hold it */
	n = read_back(m, path, lo, hi);
	if (n != (ssize_t)want) {
		snprintf(why, wlen, "read back by %s: %zd bytes at %llu, expected %llu%s%s",
			 read_names[path], n, (unsigned long long)lo, (unsigned long long)want,
			 n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
		return 1;
	}
	for (i = 0; i < want && m->io[i] == m->data[lo + i]; i++)
		;
	if (i == want)
		return 0;
	snprintf(why, wlen, "read back by %s: byte %llu is 0x%02x, expected 0x%02x",
		 read_names[path], (unsigned long long)(lo + i), m->io[i], m->data[lo + i]);
	return 1;
}

/* Every other pair of operations: the huge page's buffer, if there is one. */
static void pick_buffer(struct iom *m)
{
	int huge = m->huge && *m->huge && (m->op >> 1) & 1;

	m->io = huge ? *m->huge + HUGE_OFF : m->buf;
	m->pinned = NULL;
}

/* After O_DIRECT through the huge page: freed once unmapped, or 1 (why). */
static int huge_freed(struct iom *m, char *why, size_t wlen)
{
	char said[320];
	int rc;

	if (!m->pinned)
		return 0;
	rc = hugebuf_recycle(m->huge, said, sizeof(said));
	if (rc)
		snprintf(why, wlen, "after %s through it, %s", m->pinned, said);
	return rc;
}

int iom_step(struct iom *m, char *why, size_t len)
{
	char mode[32], detail[400];
	uint64_t lo = 0, hi = 0;
	int rc, on_huge;

	m->said[0] = '\0';
	pick_buffer(m);
	on_huge = m->io != m->buf;
	rc = rnd(m, 100) < 70 || !m->size ? op_write(m, &lo, &hi, detail, sizeof(detail)) :
					    op_space(m, &lo, &hi, detail, sizeof(detail));
	if (!rc)
		rc = compare(m, lo, hi, detail, sizeof(detail));
	if (!rc)
		rc = huge_freed(m, detail, sizeof(detail));
	if (rc)
		snprintf(why, len, "%s op %d: %s%s: %s", iom_mode_name(m->mode, mode, sizeof(mode)),
			 m->op, m->said,
			 on_huge ? " (buffer: a huge page, at offset 512)" : "", detail);
	m->op++;
	return rc;
}

int iom_verify(struct iom *m, const char *when, char *why, size_t len)
{
	char mode[32];
	unsigned char *got;
	size_t n, i;

	got = sg_slurp(m->path, &n);
	iom_mode_name(m->mode, mode, sizeof(mode));
	/* A file the model holds that cannot be read back is lost: a FAIL. */
	if (!got && m->size) {
		snprintf(why, len, "%s, %s: %s cannot be read back: %s", mode, when, m->path,
			 strerror(errno));
		return 1;
	}
	if (n != m->size) {
		snprintf(why, len, "%s, %s: size %zu, expected %llu", mode, when, n,
			 (unsigned long long)m->size);
		free(got);
		return 1;
	}
	for (i = 0; i < n && got[i] == m->data[i]; i++)
		;
	if (i < n)
		snprintf(why, len, "%s, %s: byte %zu is 0x%02x, expected 0x%02x", mode, when, i,
			 got[i], m->data[i]);
	free(got);
	return i < n ? 1 : 0;
}

static const struct iom_mode modes[IOM_NR_MODES] = {
	{ 0, 0 }, { 0, O_SYNC }, { 0, O_DSYNC }, { 1, 0 }, { 1, O_SYNC }, { 1, O_DSYNC },
};

/* One mode's file: its operations and the checks between them; 0, 1 or 2. */
static int one_mode(struct iom *m, const char *dir, int k, uint64_t seed, int steps,
		    unsigned char **huge, char *why, size_t len)
{
	char path[256];
	int i, rc;

	snprintf(path, sizeof(path), "%s/file-%d", dir, k);
	if (iom_open(m, strdup(path), modes[k], seed, why, len))
		return 2;
	m->huge = huge;
	for (i = 1; i <= steps; i++) {
		rc = iom_step(m, why, len);
		if (rc)
			return rc;
		if (i % 16 == 0 && (rc = iom_verify(m, "read whole", why, len)))
			return rc;
	}
	iom_close(m);
	sg_drop_caches();
	return iom_verify(m, "after dropping caches", why, len);
}

int iom_modes(struct iom files[IOM_NR_MODES], const char *dir, uint64_t seed, int steps,
	      int (*remount)(void *ctx), void *ctx, unsigned int *unsupported, int *ops,
	      char *why, size_t len)
{
	static unsigned char *huge;
	int k, rc = 0;

	huge = hugebuf_get(why, len);
	if (!huge && *why)
		return 2;
	if (!huge)
		*unsupported |= IOM_NO_HUGE;
	for (k = 0; k < IOM_NR_MODES && !rc; k++) {
		rc = one_mode(&files[k], dir, k, seed, steps, &huge, why, len);
		*ops += files[k].op;
		*unsupported |= files[k].unsupported;
	}
	hugebuf_put(huge);
	huge = NULL;
	if (rc)
		return rc;
	if (remount(ctx)) {
		snprintf(why, len, "cannot unmount and mount %s again", dir);
		return 2;
	}
	for (k = 0; k < IOM_NR_MODES && !rc; k++)
		rc = iom_verify(&files[k], "after unmounting and mounting again", why, len);
	return rc;
}

void iom_modes_free(struct iom files[IOM_NR_MODES])
{
	int k;

	for (k = 0; k < IOM_NR_MODES; k++)
		if (files[k].data)
			iom_free(&files[k]);
	memset(files, 0, IOM_NR_MODES * sizeof(*files));
}

const char *iom_untested(unsigned int unsupported)
{
	static const char *const names[] = {
		"pwritev2(RWF_DSYNC)", "io_uring", "a huge page as the buffer",
	};
	static char said[256];
	const char *sep = " untested, not in this kernel: ";
	size_t k, n = 0;

	if (!unsupported)
		return "";
	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		if (!(unsupported & (1u << k)))
			continue;
		n += snprintf(said + n, sizeof(said) - n, "%s%s", sep, names[k]);
		sep = ", ";
	}
	if (unsupported & (IOM_NO_PWRITEV2 | IOM_NO_URING))
		snprintf(said + n, sizeof(said) - n, " (pwrite and pread in their place)");
	return said;
}
