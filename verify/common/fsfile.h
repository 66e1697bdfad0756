/* SPDX-License-Identifier: GPL-2.0 */
/* Files of known content on ext4, and the e2fsprogs steps around them. */
#ifndef SG_FSFILE_H
#define SG_FSFILE_H

#include <stddef.h>
#include <stdint.h>

/* Byte at offset off of file number id: a pure function of its inputs. */
unsigned char fsfile_byte(uint64_t seed, int id, uint64_t off);
int fsfile_write(const char *path, uint64_t seed, int id, uint64_t size);
/* 0 if the file holds exactly what fsfile_write put there; else says why. */
int fsfile_verify(const char *path, uint64_t seed, int id, uint64_t size,
		  char *why, size_t len);
/* mke2fs with features every kernel from 3.10 on understands. */
int fsfile_mkfs(const char *dev, unsigned int block_size);
/*
 * e2fsck -fn on dev, which must not be mounted, as fstests checks its
 * scratch filesystem after each test: 0 clean; FSCK_COMPLAINT or
 * FSCK_NOT_RUN with why naming e2fsck, its exit status and the first
 * line it printed past its banner (the first complaint).
 */
#define FSCK_COMPLAINT 1
#define FSCK_NOT_RUN 2
int fsfile_fsck(const char *dev, char *why, size_t len);

#endif
