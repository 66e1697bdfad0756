/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest protocol: the lines a guest prints on its serial console for
 * the host to read back.  The one definition, shared by the guest
 * (verify/common/sgprint.c, built static by verify/Makefile) and the host
 * (report/logs/logread.c, built by the top Makefile); docs/protocol.md says the
 * same for people.  Each line starts a console line (a timestamp or stray
 * prefix before it is allowed) and is one record:
 *
 *	SG-BOOT <kernel release> panic_on_oops=<0|1|?> uptime=<s>	init, once
 *	SG-BEGIN <check> uptime=<s>				init, per check
 *	SG-INFO <check> <text>					the check, any number
 *	SG-INFO <check> setup secs=<guest seconds>		the check, once, just
 *						before its result
 *	SG-INFO <check> fsck secs=<guest seconds> runs=<n>	after it, when the
 *						check ran e2fsck
 *	SG-RESULT <check> PASS|FAIL|REFUSED|ERROR|SKIP <detail>
 *						the check, exactly one
 *						(init: ERROR for a check not in the image)
 *	SG-END <check> rc=<exit status> secs=<guest seconds> uptime=<s>
 *								init, per check
 *	SG-GCDA <check> <path> <base64>		init, with sg_gcov=1: after each
 *						check, each gcov counter file of
 *						debugfs (path below gcov/), whole
 *	SG-DONE uptime=<s>					init, after the last
 *
 * vm-images/init is shell and prints the kinds marked init above itself;
 * tests/t/030 holds init and this header together.  FAIL means the
 * data was wrong and the detail names the first bad sector or byte; ERROR
 * means the check could not do its work and says why; REFUSED (cross-era
 * scenarios only) means the kernel would not assemble the array; SKIP
 * (fstests only) means the test did not apply to this kernel or userland
 * (fstests' _notrun) and the detail is its reason.  Every
 * detail starts with seed=N, the seed the check ran with.  The verdict is
 * the SG-RESULT line; rc= (the check's exit status, SG_EXIT_* below, or
 * 128+N when signal N killed it) is what logread quotes when a check
 * ended without one.
 *
 * Where the guest's seconds go (report/guesttimes): uptime= is the guest
 * clock (/proc/uptime) when init printed the line, SG-BOOT's read as soon
 * as init has /proc, so it is the kernel's boot; the setup line is the
 * part of the check spent on its devices (verify/common/setuptime.h), the
 * fsck line the part spent in e2fsck.
 * Logs from before these marks have none: readers take them as unknown.
 */
#ifndef SG_PROTOCOL_H
#define SG_PROTOCOL_H

#define SG_LINE_BOOT	"SG-BOOT"
#define SG_LINE_BEGIN	"SG-BEGIN"
#define SG_LINE_INFO	"SG-INFO"
#define SG_LINE_RESULT	"SG-RESULT"
#define SG_LINE_END	"SG-END"
#define SG_LINE_DONE	"SG-DONE"
#define SG_LINE_GCDA	"SG-GCDA"
/* What every line kind starts with. */
#define SG_LINE_PREFIX	"SG-"

#define SG_PASS		"PASS"
#define SG_FAIL		"FAIL"
#define SG_REFUSED	"REFUSED"
#define SG_ERROR	"ERROR"
#define SG_SKIP		"SKIP"

/* The check's exit status and time, on its SG-END line. */
#define SG_END_RC	"rc="
#define SG_END_SECS	"secs="
/* The guest clock on SG-BOOT, SG-BEGIN, SG-END and SG-DONE. */
#define SG_UPTIME	"uptime="
/* The text of the SG-INFO line with a check's setup seconds. */
#define SG_INFO_SETUP	"setup secs="
/* The text of the SG-INFO line with a check's seconds in e2fsck. */
#define SG_INFO_FSCK	"fsck secs="

/* A check's exit status, beside its SG-RESULT line. */
#define SG_EXIT_PASS	0
#define SG_EXIT_FAIL	1
#define SG_EXIT_ERROR	2
#define SG_EXIT_REFUSED	3
#define SG_EXIT_SKIP	4

#endif
