// SPDX-License-Identifier: GPL-2.0
/*
 * raid0-fs-discard: the article's symptom.  ext4 on the array, mounted
 * with -o discard; write files of known content, delete some (always the
 * ones whose blocks cross a zone boundary, so their discards do too),
 * remount, and every file left must read back as written; then
 * e2fsck -fn on the unmounted array.
 */
#include <stdio.h>
#include <unistd.h>

#include "common/fsfile.h"
#include "common/guest.h"
#include "common/md_ext4.h"
#include "common/raid0_check.h"
#include "common/sgprint.h"

#define CHECK "raid0-fs-discard"
#define MNT "/mnt/sg-fs"
#define MAX_FILES 64
#define ROUNDS 2

struct fileset {
	int nr;
	uint64_t size[MAX_FILES];
	int alive[MAX_FILES];
};

static int write_round(struct fileset *fs, uint64_t seed, uint64_t *rng,
		       uint64_t budget)
{
	char path[64];

	while (fs->nr < MAX_FILES && budget > 64 * 1024) {
		uint64_t size = 64 * 1024 + sg_rand(rng) % (1536 * 1024);

		if (size > budget)
			size = budget;
		snprintf(path, sizeof(path), MNT "/f%02d", fs->nr);
		if (fsfile_write(path, seed, fs->nr, size))
			return -1;
		fs->size[fs->nr] = size;
		fs->alive[fs->nr++] = 1;
		budget -= size;
	}
	sync();
	return 0;
}

static int delete_some(const struct md_array *a, struct fileset *fs,
		       int round, int *crossing)
{
	char path[64];
	int i;

	for (i = 0; i < fs->nr; i++) {
		int cross;

		if (!fs->alive[i])
			continue;
		snprintf(path, sizeof(path), MNT "/f%02d", i);
		cross = md_file_crosses_zone(a, path);
		*crossing += cross;
		if (!cross && (i + round) % 2)
			continue;
		if (unlink(path))
			return -1;
		fs->alive[i] = 0;
	}
	sync();
	return 0;
}

static int verify_alive(const struct fileset *fs, uint64_t seed, char *why,
			size_t len)
{
	char path[64];
	int i;

	for (i = 0; i < fs->nr; i++) {
		if (!fs->alive[i])
			continue;
		snprintf(path, sizeof(path), MNT "/f%02d", i);
		if (fsfile_verify(path, seed, i, fs->size[i], why, len))
			return -1;
	}
	return 0;
}

static int fs_rounds(const struct md_array *a, uint64_t seed, char *why,
		     size_t len)
{
	uint64_t rng = seed ^ 0xf5d15cULL ^ a->spec.chunk_kib;
	uint64_t budget = a->sectors * 512 / 100 * 70;
	uint64_t held, now, freed = 0;
	struct fileset fs = { 0 };
	int round, crossing = 0;

	for (round = 0; round < ROUNDS; round++) {
		if (write_round(&fs, seed, &rng, budget / (round + 1))) {
			snprintf(why, len, "writing files failed (round %d)", round);
			return SPEC_ERROR;
		}
		held = md_member_bytes(a);
		if (delete_some(a, &fs, round, &crossing) || md_ext4_remount(a, MNT)) {
			snprintf(why, len, "delete or remount failed (round %d)", round);
			return SPEC_ERROR;
		}
		/* ext4 discards freed blocks at commit; remount has committed. */
		now = md_member_bytes(a);
		if (held > now)
			freed += held - now;
		if (verify_alive(&fs, seed, why, len))
			return SPEC_FAIL;
	}
	sg_info("%s files=%d crossing_zone_deleted=%d freed=%llu",
		md_spec_describe(&a->spec), fs.nr, crossing, (unsigned long long)freed);
	if (!crossing || !freed) {
		snprintf(why, len, "nothing tested: %d deleted files crossed a zone boundary, deleting freed %llu bytes on the members",
			 crossing, (unsigned long long)freed);
		return SPEC_ERROR;
	}
	snprintf(why, len, "files=%d crossing_zone_deleted=%d freed=%llu bytes", fs.nr,
		 crossing, (unsigned long long)freed);
	return SPEC_PASS;
}

static int run_spec(const struct md_spec *spec, uint64_t seed, char *why,
		    size_t len)
{
	return md_ext4_spec(spec, MNT, seed, fs_rounds, why, len);
}

int main(void)
{
	return raid0_main(CHECK, run_spec);
}
