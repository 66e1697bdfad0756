/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guestlog: where a guest's seconds went, read from its serial log (the
 * uptime= marks and setup line of the guest protocol, protocol.h), for
 * guesttimes (the bench's table) and report (the HTML page's bars).
 *
 * A mark the log does not have (a log from before the marks, a guest
 * that stopped early) is GUEST_UNKNOWN, never a guess and never an error.
 */
#ifndef SG_GUESTLOG_H
#define SG_GUESTLOG_H

#include <stddef.h>

#define GUEST_MAX_CHECKS 32
#define GUEST_UNKNOWN (-1.0)

struct check_times {
	char name[64];
	double begin, end, secs, setup;	/* GUEST_UNKNOWN when not in the log */
	double fsck;			/* in e2fsck; 0 when it ran none */
};

struct guest_times {
	double boot, done;
	struct check_times c[GUEST_MAX_CHECKS];
	int nr;
};

/* The log at path read into *g; -1 after saying "who: path: cannot open". */
int guest_read(const char *path, const char *who, struct guest_times *g);
/* A reader of the log that reads it already (logread): g emptied, then each line. */
void guest_start(struct guest_times *g);
void guest_line(struct guest_times *g, const char *line);
/*
 * LOG.times (run file kind times: a row for the boot, each check, the
 * end), logread's, so that the page's bars read no serial log again.
 */
void guest_times_put(FILE *f, const struct guest_times *g);
/* LOG.times into *g: 0; 1 when there is none (a run before them); -1 said. */
int guest_times_load(const char *path, const char *who, struct guest_times *g);
struct check_times *guest_find(struct guest_times *g, const char *name);

/* b - a, GUEST_UNKNOWN unless both are known. */
double guest_span(double a, double b);
/* Kernel start to the first check's begin. */
double guest_first_begin(const struct guest_times *g);
/* The whole check: by the guest clock's marks, else its SG-END secs=. */
double guest_check_secs(const struct check_times *c);
/* The check less its setup. */
double guest_run_secs(const struct check_times *c);
/* The last check's end to SG-DONE. */
double guest_tail_secs(const struct guest_times *g);

#endif
