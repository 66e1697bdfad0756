// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/io_uring.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "uring.h"

#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup 425
#define __NR_io_uring_enter 426
#endif

struct ring {
	int fd;
	void *sq, *cq;
	struct io_uring_sqe *sqes;
	size_t sq_len, cq_len, sqes_len;
	struct io_uring_params p;
};

static void ring_close(struct ring *r)
{
	if (r->sqes && r->sqes != MAP_FAILED)
		munmap(r->sqes, r->sqes_len);
	if (r->cq && r->cq != MAP_FAILED)
		munmap(r->cq, r->cq_len);
	if (r->sq && r->sq != MAP_FAILED)
		munmap(r->sq, r->sq_len);
	close(r->fd);
}

static int ring_open(struct ring *r)
{
	memset(r, 0, sizeof(*r));
	r->fd = syscall(__NR_io_uring_setup, 1, &r->p);
	if (r->fd < 0)
		return -1;
	r->sq_len = r->p.sq_off.array + r->p.sq_entries * sizeof(unsigned int);
	r->cq_len = r->p.cq_off.cqes + r->p.cq_entries * sizeof(struct io_uring_cqe);
	r->sqes_len = r->p.sq_entries * sizeof(struct io_uring_sqe);
	r->sq = mmap(NULL, r->sq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		     r->fd, IORING_OFF_SQ_RING);
	r->cq = mmap(NULL, r->cq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		     r->fd, IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, r->sqes_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		       r->fd, IORING_OFF_SQES);
	if (r->sq != MAP_FAILED && r->cq != MAP_FAILED && r->sqes != MAP_FAILED)
		return 0;
	ring_close(r);
	return -1;
}

static unsigned int *at(void *ring, unsigned int off)
{
	return (unsigned int *)((char *)ring + off);
}

static unsigned int load(void *ring, unsigned int off)
{
	return __atomic_load_n((unsigned int *)((char *)ring + off), __ATOMIC_ACQUIRE);
}

/*
 * Submit the one entry and wait until its completion is in the ring.  A
 * call cut short (EINTR: a signal, or task work notified as one) is made
 * again: the submission if the kernel has not taken the entry yet, else
 * the wait alone.
 */
static int submit_and_wait(struct ring *r, unsigned int tail)
{
	int n;

	do
		n = syscall(__NR_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0);
	while (n < 0 && errno == EINTR && load(r->sq, r->p.sq_off.head) != tail);
	if (n < 0 && errno != EINTR)
		return -1;
	while (load(r->cq, r->p.cq_off.head) == load(r->cq, r->p.cq_off.tail)) {
		n = syscall(__NR_io_uring_enter, r->fd, 0, 1, IORING_ENTER_GETEVENTS, NULL, 0);
		if (n < 0 && errno != EINTR)
			return -1;
	}
	return 0;
}

ssize_t uring_one(int fd, int write, void *buf, size_t len, uint64_t off)
{
	struct iovec iov = { buf, len };
	struct io_uring_cqe *cqe;
	struct ring r;
	unsigned int tail, head;
	int res;

	if (ring_open(&r))
		return -1;
	memset(&r.sqes[0], 0, sizeof(r.sqes[0]));
	r.sqes[0].opcode = write ? IORING_OP_WRITEV : IORING_OP_READV;
	r.sqes[0].fd = fd;
	r.sqes[0].addr = (uint64_t)(uintptr_t)&iov;
	r.sqes[0].len = 1;
	r.sqes[0].off = off;
	tail = *at(r.sq, r.p.sq_off.tail);
	at(r.sq, r.p.sq_off.array)[tail & *at(r.sq, r.p.sq_off.ring_mask)] = 0;
	__atomic_store_n(at(r.sq, r.p.sq_off.tail), tail + 1, __ATOMIC_RELEASE);
	if (submit_and_wait(&r, tail + 1)) {
		res = -errno;
		ring_close(&r);
		errno = -res;
		return -1;
	}
	head = load(r.cq, r.p.cq_off.head);
	cqe = (struct io_uring_cqe *)((char *)r.cq + r.p.cq_off.cqes) +
	      (head & *at(r.cq, r.p.cq_off.ring_mask));
	res = cqe->res;
	__atomic_store_n(at(r.cq, r.p.cq_off.head), head + 1, __ATOMIC_RELEASE);
	ring_close(&r);
	if (res >= 0)
		return res;
	errno = -res;
	return -1;
}
