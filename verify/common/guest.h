/* SPDX-License-Identifier: GPL-2.0 */
/* Plumbing every check needs inside the guest: processes, files, loops. */
#ifndef SG_GUEST_H
#define SG_GUEST_H

#include <stddef.h>
#include <stdint.h>

/* Run argv (NULL-terminated) with stdin from /dev/null; exit status or -1. */
int sg_run(const char *const argv[]);
/* The same with stdout and stderr in the file path; 127: no such program. */
int sg_run_output(const char *const argv[], const char *path);
int sg_make_file(const char *path, uint64_t bytes);
/* Attach file to a free loop device; writes its path into dev. */
int sg_loop_attach(const char *file, char *dev, size_t len);
int sg_loop_detach(const char *dev);
/* Mount ext4 on dev at dir, counted as setup (setuptime.h). */
int sg_mount(const char *dev, const char *dir, const char *opts);
int sg_drop_caches(void);
int sg_read_u64(const char *path, uint64_t *val);
int sg_read_str(const char *path, char *buf, size_t len);
/* The whole of str written to path (a sysfs or proc file): 0 or -1. */
int sg_write_str(const char *path, const char *str);
void *sg_alloc(size_t bytes);	/* page aligned, zeroed, for O_DIRECT */
int sg_pwrite_full(int fd, const void *buf, size_t len, uint64_t off);
int sg_pread_full(int fd, void *buf, size_t len, uint64_t off);
/* Size of a block device or file, in bytes. */
int sg_dev_bytes(const char *path, uint64_t *bytes);
/*
 * Read a whole file or block device into a fresh buffer; length in *len.
 * A block device's page cache is dropped first: md writes past it.
 */
void *sg_slurp(const char *path, size_t *len);
uint64_t sg_rand(uint64_t *state);

#endif
