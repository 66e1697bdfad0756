/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext4 mounted -o discard on a RAID0 of the raid0 checks' geometries, as
 * the checks that write files over it set it up and take it down: the
 * take-down runs e2fsck -fn on the unmounted array (fsfile_fsck).
 */
#ifndef SG_MD_EXT4_H
#define SG_MD_EXT4_H

#include <stddef.h>

#include "md.h"

/*
 * The array, mkfs (4 KiB blocks) and the mount: SPEC_PASS, else
 * SPEC_REFUSED or SPEC_ERROR with why, the array already destroyed.
 */
int md_ext4_up(struct md_array *a, const struct md_spec *spec,
	       const char *mnt, char *why, size_t len);
/* Unmount and mount again, -o discard: ext4 has committed its discards. */
int md_ext4_remount(const char *mnt);
/*
 * Unmounts, checks the filesystem and destroys the array.  ret is the
 * check's verdict so far; a PASS becomes FAIL when e2fsck complains,
 * ERROR when it could not run.  why gets the array's geometry in front.
 */
int md_ext4_down(struct md_array *a, const char *mnt, int ret, char *why,
		 size_t len);
/* 1 if the file's blocks on the array cross one of its zone boundaries. */
int md_file_crosses_zone(const struct md_array *a, const char *path);

#endif
