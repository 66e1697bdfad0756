/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext4 mounted -o discard on a RAID0 of the raid0 checks' geometries, as
 * the checks that write files over it set it up and take it down: the
 * take-down runs e2fsck -fn on the unmounted array (fsfile_fsck).
 */
#ifndef SG_MD_EXT4_H
#define SG_MD_EXT4_H

#include <stddef.h>
#include <stdint.h>

#include "md.h"

/*
 * One geometry for raid0_main(): the array, mkfs (4 KiB blocks) and the
 * mount on mnt, fn's work, then unmount, e2fsck -fn and the array taken
 * down.  fn's PASS becomes FAIL when e2fsck complains, ERROR when it
 * could not run; the array's geometry goes in front of why unless PASS.
 * A setup that fails is SPEC_REFUSED (no array) or SPEC_ERROR.
 */
typedef int (*md_ext4_fn)(const struct md_array *a, uint64_t seed, char *why,
			  size_t len);
int md_ext4_spec(const struct md_spec *spec, const char *mnt, uint64_t seed,
		 md_ext4_fn fn, char *why, size_t len);
/*
 * md_ext4_spec() in its halves, for a check that has every geometry up at
 * once: md_ext4_up() makes /dev/md<nth> (md_create_nth), mkfs and the
 * mount, and takes the array down again when it fails; md_ext4_down()
 * unmounts, runs e2fsck -fn and takes it down, judging ret as above.
 */
int md_ext4_up(struct md_array *a, const struct md_spec *spec, int nth,
	       const char *mnt, char *why, size_t len);
int md_ext4_down(struct md_array *a, const char *mnt, int ret, char *why,
		 size_t len);
/* Unmount and mount again, -o discard: ext4 has committed its discards. */
int md_ext4_remount(const struct md_array *a, const char *mnt);
/* 1 if the file's blocks on the array cross one of its zone boundaries. */
int md_file_crosses_zone(const struct md_array *a, const char *path);

#endif
