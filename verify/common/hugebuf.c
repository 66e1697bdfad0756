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

/* HugePages_Free before the page was mapped: what must come back. */
static long free_before;

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
	unsigned char *p;

	free_before = meminfo("HugePages_Free");
	p = mmap(NULL, HUGEBUF_BYTES, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

unsigned char *hugebuf_get(char *why, size_t len)
{
	long total = meminfo("HugePages_Total");
	char want[32];
	unsigned char *p;

	*why = '\0';
	/* No hugetlbfs built in (or another page size): the path is untested. */
	if (meminfo("Hugepagesize") != HUGEBUF_BYTES >> 10 || total < 0)
		return NULL;
	if (meminfo("HugePages_Free") < 1) {
		snprintf(want, sizeof(want), "%ld", total + 1);
		sg_write_str("/proc/sys/vm/nr_hugepages", want);
	}
	p = meminfo("HugePages_Free") >= 1 ? map_one() : NULL;
	if (!p)
		snprintf(why, len, "this kernel has huge pages, but none could be reserved and mapped (HugePages_Total %ld, HugePages_Free %ld)",
			 meminfo("HugePages_Total"), meminfo("HugePages_Free"));
	return p;
}

int hugebuf_recycle(unsigned char **buf, char *why, size_t len)
{
	long now = -1;
	int tries;

	munmap(*buf, HUGEBUF_BYTES);
	*buf = NULL;
	/*
	 * An O_DIRECT read's pages may be dirtied and put by a workqueue
	 * after the read returns (bio_check_pages_dirty()): a second for it.
	 * A leaked reference is never put back.
	 */
	for (tries = 0; tries < 100; tries++) {
		now = meminfo("HugePages_Free");
		if (now >= free_before)
			break;
		usleep(10000);
	}
	if (now < free_before) {
		snprintf(why, len, "the huge page, unmapped, was not freed: HugePages_Free %ld, %ld before it was mapped (a page reference taken for the I/O was never put)",
			 now, free_before);
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
