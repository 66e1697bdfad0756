// SPDX-License-Identifier: GPL-2.0
/*
 * md-ext4-io-paths: ext4-io-paths' operations (common/iomodel.c: every
 * write and read path, each way of opening a file, size, position and
 * bytes against a model after every operation, the whole file after
 * dropping caches and after a remount) on ext4 over the md array of each
 * of the guest's geometries, mounted -o discard (punched holes and
 * truncates reach the array as discards); e2fsck -fn after each.  The
 * array's own bugs, and a file system's, reached through the paths a
 * program uses rather than a pattern written for one bug.
 */
#include <stdio.h>
#include <string.h>

#include "common/iomodel.h"
#include "common/md_ext4.h"
#include "common/raid0_check.h"

#define CHECK "md-ext4-io-paths"
#define MNT "/mnt/sg-md-io"
#define STEPS 60

static int remount(void *ctx)
{
	return md_ext4_remount(ctx, MNT);
}

static int fs_modes(const struct md_array *a, uint64_t seed, char *why, size_t len)
{
	static struct iom files[IOM_NR_MODES];
	unsigned int unsupported = 0;
	int rc, ops = 0;

	rc = iom_modes(files, MNT, seed ^ a->spec.chunk_kib, STEPS, remount, (void *)a,
		       &unsupported, &ops, why, len);
	iom_modes_free(files);
	if (rc)
		return rc == 1 ? SPEC_FAIL : SPEC_ERROR;
	snprintf(why, len, "ops=%d modes=%d%s", ops, IOM_NR_MODES, iom_untested(unsupported));
	return SPEC_PASS;
}

static int run_spec(const struct md_spec *spec, uint64_t seed, char *why, size_t len)
{
	return md_ext4_spec(spec, MNT, seed, fs_modes, why, len);
}

int main(void)
{
	return raid0_main(CHECK, run_spec);
}
