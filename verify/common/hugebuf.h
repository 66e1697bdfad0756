/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A huge page as a program's I/O buffer.  O_DIRECT pins the user pages
 * of a buffer into a bio and must put back every reference it took when
 * the bio ends; a buffer that starts inside a large folio and spans
 * several of its pages is where that count goes wrong (6.1.75's
 * __bio_release_pages()).  A leaked reference is seen from user space
 * exactly: the huge page, unmapped, never comes back to HugePages_Free.
 */
#ifndef SG_HUGEBUF_H
#define SG_HUGEBUF_H

#include <stddef.h>

#define HUGEBUF_BYTES (2u << 20)	/* x86-64's huge page */

/*
 * One huge page reserved (a free one more than there are, whatever an
 * earlier check left in use) and mapped.  NULL with why "" when this
 * kernel has no huge pages; NULL with why said when it has, and none
 * could be had.
 */
unsigned char *hugebuf_get(char *why, size_t len);
/*
 * The page unmapped, every huge page free that was free before it was
 * mapped, and mapped anew into *buf: 0; 1 it stayed in use (why says
 * so), 2 it could not be mapped again.
 */
int hugebuf_recycle(unsigned char **buf, char *why, size_t len);
void hugebuf_put(unsigned char *buf);

#endif
