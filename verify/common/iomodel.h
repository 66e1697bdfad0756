/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file driven through the ways a program writes and reads one, beside a
 * model of what it must hold: its bytes, its size and the open file's
 * position.  After every operation the three are compared with what the
 * kernel says (fstat, lseek, a read back by one of the read paths); a
 * mismatch names the operation, its flags, the offset and what was
 * expected.  Seeded: the same seed makes the same operations.
 */
#ifndef SG_IOMODEL_H
#define SG_IOMODEL_H

#include <stddef.h>
#include <stdint.h>

#define IOM_MAX_FILE (2u << 20)

/* How the file is open for the run: the page cache or O_DIRECT, and a sync flag. */
struct iom_mode {
	int direct;		/* O_DIRECT */
	int sync_flag;		/* 0, O_SYNC or O_DSYNC */
};

struct iom {
	const char *path;
	struct iom_mode mode;
	uint64_t seed;		/* the bytes written: fsfile_byte(seed, op, offset) */
	uint64_t rng;		/* which operations */
	int fd;			/* the file, as mode says */
	int reader;		/* the same file, read-only through the page cache */
	int rdirect;		/* the same file, read-only with O_DIRECT */
	unsigned char *data;	/* the model: IOM_MAX_FILE bytes */
	uint64_t size;		/* the model's size */
	uint64_t pos;		/* the model's file position of fd */
	uint64_t prealloc;	/* the end of what fallocate(KEEP_SIZE) reserved */
	unsigned char *buf;	/* page-aligned, for O_DIRECT */
	unsigned char **huge;	/* a huge page (hugebuf.h) shared by the files, or NULL */
	unsigned char *io;	/* this operation's buffer: buf, or inside the huge page */
	const char *pinned;	/* the O_DIRECT I/O of this operation through the huge page */
	int op;			/* operations done */
	unsigned int unsupported;	/* IOM_NO_*: paths this kernel does not have */
	char said[512];		/* what the last operation was, for the messages */
};

#define IOM_NO_PWRITEV2	1u	/* pwritev2 with RWF_DSYNC (4.7+) */
#define IOM_NO_URING	2u	/* io_uring (5.1+, and built in) */
#define IOM_NO_HUGE	4u	/* a huge page as the buffer (hugetlbfs built in) */

/*
 * " untested, not in this kernel: ..." for the PASS line, naming the
 * paths of unsupported (IOM_NO_*) and what ran in their place; "" when
 * every path ran.
 */
const char *iom_untested(unsigned int unsupported);

/* Opens PATH as MODE, empty; 0, or -1 with why. */
int iom_open(struct iom *m, const char *path, struct iom_mode mode, uint64_t seed,
	     char *why, size_t len);
/*
 * One seeded operation (a write through one path and shape, an fallocate,
 * a hole punched, a truncate), then the kernel's size, position and the
 * touched bytes compared with the model: 0, 1 a mismatch (why says
 * which), 2 the operation could not run.
 */
int iom_step(struct iom *m, char *why, size_t len);
/* The whole file read back and compared: 0, 1 a mismatch, 2 not readable. */
int iom_verify(struct iom *m, const char *when, char *why, size_t len);
/* Closes the file's descriptors (the model stays). */
void iom_close(struct iom *m);
/* Opens the file again after a remount (position 0); 0 or -1. */
int iom_reopen(struct iom *m);
/* The model's memory freed (the descriptors closed). */
void iom_free(struct iom *m);
/* The ways of opening a file iom_modes() drives: page cache or O_DIRECT, x none, O_SYNC, O_DSYNC. */
#define IOM_NR_MODES 6

/*
 * A file per way of opening one, in DIR, each driven by STEPS operations
 * (the whole file verified every 16), closed, caches dropped, verified
 * again; then all of them verified after remount() (unmounting and
 * mounting DIR's file system again).  0, 1 a mismatch (why says the
 * first), 2 could not run.  What the kernel lacks is or-ed into
 * *unsupported; the operations done added to *ops.
 */
int iom_modes(struct iom files[IOM_NR_MODES], const char *dir, uint64_t seed, int steps,
	      int (*remount)(void *ctx), void *ctx, unsigned int *unsupported, int *ops,
	      char *why, size_t len);
void iom_modes_free(struct iom files[IOM_NR_MODES]);

/* "O_DIRECT|O_DSYNC", "buffered", ... */
const char *iom_mode_name(struct iom_mode mode, char *buf, size_t len);

#endif
