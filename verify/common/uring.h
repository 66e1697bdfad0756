/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One I/O through io_uring (5.1+), by its own system calls as liburing
 * makes them: io_uring_setup, the rings mapped, one IORING_OP_WRITEV or
 * READV submitted and waited for with io_uring_enter.
 */
#ifndef SG_URING_H
#define SG_URING_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Bytes done, or -1 with errno: ENOSYS where the kernel has no io_uring
 * (before 5.1, or built without it), EINVAL where it has not the opcode.
 */
ssize_t uring_one(int fd, int write, void *buf, size_t len, uint64_t off);

#endif
