// SPDX-License-Identifier: GPL-2.0
/*
 * The huge page of hugebuf.h: reserved through vm.nr_hugepages, mapped
 * with MAP_HUGETLB, and counted in /proc/meminfo.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guest.h"
#include "hugebuf.h"

#ifndef MAP_HUGETLB
#define MAP_HUGETLB 0x40000
#endif

/* A "Name:   N" line of /proc/meminfo; -1 when there is none. */
static long meminfo(const char *name)
{
	char line[128];
	size_t n = strlen(name);
	long val = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n) && line[n] == ':' &&
		    sscanf(line + n + 1, "%ld", &val) == 1)
			break;
	fclose(f);
	return val;
}

static unsigned char *map_one(void)
{
	unsigned char *p = mmap(NULL, HUGEBUF_BYTES, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

unsigned char *hugebuf_get(void)
{
	/* No hugetlbfs built in (or another page size): the path is untested. */
	if (meminfo("Hugepagesize") != HUGEBUF_BYTES >> 10)
		return NULL;
	if (meminfo("HugePages_Total") < 1 && sg_write_str("/proc/sys/vm/nr_hugepages", "1"))
		return NULL;
	return map_one();
}

int hugebuf_recycle(unsigned char **buf, char *why, size_t len)
{
	long total, free_pages;
	int tries;

	munmap(*buf, HUGEBUF_BYTES);
	*buf = NULL;
	/*
	 * An O_DIRECT read's pages may be dirtied and put by a workqueue
	 * after the read returns (bio_check_pages_dirty()): a second for it.
	 * A leaked reference is never put back.
	 */
	for (tries = 0; tries < 100; tries++) {
		total = meminfo("HugePages_Total");
		free_pages = meminfo("HugePages_Free");
		if (free_pages >= total)
			break;
		usleep(10000);
	}
	if (free_pages < total) {
		snprintf(why, len, "the huge page it used, unmapped, was not freed: HugePages_Free %ld of %ld (a page reference taken for the I/O was never put)",
			 free_pages, total);
		return 1;
	}
	*buf = map_one();
	if (*buf)
		return 0;
	snprintf(why, len, "the huge page could not be mapped again");
	return 2;
}

void hugebuf_put(unsigned char *buf)
{
	if (buf)
		munmap(buf, HUGEBUF_BYTES);
}
