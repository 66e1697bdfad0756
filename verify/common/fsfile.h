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
int fsfile_fsck(const char *dev);

#endif
