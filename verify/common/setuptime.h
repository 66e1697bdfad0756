/* SPDX-License-Identifier: GPL-2.0 */
/*
 * setuptime: how many of a check's guest seconds went to its devices
 * (loop devices and their files, mdadm create/assemble/stop, mkfs, the
 * first mount) rather than to the check's own work, so the bench can say
 * where a guest's seconds go.  The helpers in guest.c, md.c and fsfile.c
 * bracket themselves with begin/end; pairs nest (md_create attaches loop
 * devices) and only the outermost counts.  sgprint prints the sum once,
 * just before the result line (protocol.h, SG_INFO_SETUP).
 *
 * Also how many went to e2fsck (fsfile_fsck), the field's own checker
 * run after every check that mounts ext4, so the bench can say what the
 * field's verifiers add to a guest (protocol.h, SG_INFO_FSCK).
 */
#ifndef SG_SETUPTIME_H
#define SG_SETUPTIME_H

void sg_setup_begin(void);
void sg_setup_end(void);
/* Seconds between every outermost begin and its end so far. */
double sg_setup_secs(void);

/* Guest seconds now, for sg_fsck_add()'s callers. */
double sg_now(void);
void sg_fsck_add(double secs);
/* e2fsck's seconds so far; runs: how many e2fsck runs. */
double sg_fsck_secs(int *runs);

#endif
