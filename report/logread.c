// SPDX-License-Identifier: GPL-2.0
/*
 * logread: turns a guest's serial log into one verdict per check.
 *
 *	logread LOG QEMU_STATUS CHECK...
 *
 * prints a header line, "check observed secs complaint reason"
 * (tab-separated: read the columns by these names), then one row for each
 * CHECK named, in that order: observed is PASS, FAIL, REFUSED (a cross-era
 * reader would not assemble), SKIP (an fstests test that did not apply)
 * or ERROR.  A CHECK may be an fstests test (generic/086): there may be
 * hundreds.  The lines it reads are the guest
 * protocol, verify/common/protocol.h.
 * The outcome is the check's own SG-RESULT: only a
 * check that printed FAIL with its evidence has caught a bug.  A panic,
 * Oops, BUG:, WARNING: or other kernel complaint printed while it ran (or
 * while the guest booted) is COMPLAINT, beside the outcome, "-" if none.
 * A check without a result line is ERROR, with why: the kernel panicked,
 * the guest went silent or ran out of time (QEMU_STATUS 125 and 124 from
 * boot.sh) while it or an earlier check ran, the check ended without one
 * (its rc= quoted), or the guest stopped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "sgline.h"

/* The columns of what logread prints; consumers read them by name. */
#define LOGREAD_HEADER "check\tobserved\tsecs\tcomplaint\treason"
#define REASON 600

struct verdict {
	const char *name;
	int begun, ended, rc;
	char status[8];		/* from SG-RESULT, or "" */
	char detail[REASON];
	char kernel[REASON];	/* first kernel complaint while it ran */
	double secs;
};

static const char *const complaints[] = {
	"Kernel panic", "Oops", "BUG:", "WARNING:", "general protection fault",
	"Unable to handle kernel", "kernel BUG at", "INFO: task", "watchdog: BUG",
	"Call Trace:", NULL,
};

static struct verdict *v;
static int nr;
static char boot_complaint[REASON];
static char panic_line[REASON];
static int done;

static struct verdict *find(const char *name)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

static const char *complaint(const char *line)
{
	int i;

	for (i = 0; complaints[i]; i++)
		if (strstr(line, complaints[i]))
			return complaints[i];
	return NULL;
}

static void copy(char *dst, const char *src)
{
	snprintf(dst, REASON, "%s", src);
	dst[strcspn(dst, "\r\n")] = '\0';
}

static struct verdict *running;

static void end_line(struct verdict *c, const char *args)
{
	double rc;

	c->ended = 1;
	if (sgline_number(args, SG_END_RC, &rc))
		c->rc = (int)rc;
	sgline_number(args, SG_END_SECS, &c->secs);
}

static void sg_line(const char *line)
{
	char name[64], status[16];
	const char *args;
	struct verdict *c;
	int off = 0;

	if ((args = sgline_kind(line, SG_LINE_BEGIN)) && sscanf(args, "%63s", name) == 1) {
		running = find(name);
		if (running)
			running->begun = 1;
	} else if ((args = sgline_kind(line, SG_LINE_RESULT)) &&
		   sscanf(args, "%63s %15s %n", name, status, &off) == 2) {
		c = find(name);
		if (c && !c->status[0]) {
			snprintf(c->status, sizeof(c->status), "%s", status);
			copy(c->detail, off ? args + off : "");
		}
	} else if ((args = sgline_kind(line, SG_LINE_END)) && sscanf(args, "%63s", name) == 1) {
		c = find(name);
		if (c)
			end_line(c, args);
		running = NULL;
	} else if (sgline_kind(line, SG_LINE_DONE)) {
		done = 1;
	}
}

static void kernel_line(const char *line)
{
	const char *what = complaint(line);

	if (!what)
		return;
	if (strstr(line, "Kernel panic") && !panic_line[0])
		copy(panic_line, line);
	if (running && !running->kernel[0])
		copy(running->kernel, line);
	else if (!running && !boot_complaint[0])
		copy(boot_complaint, line);
}

static void read_log(FILE *f)
{
	char line[4096];

	while (fgets(line, sizeof(line), f)) {
		const char *rec = sgline_record(line);

		if (rec)
			sg_line(rec);
		else
			kernel_line(line);
	}
}

/* The last check that began, for "not run because ..." lines. */
static const char *last_begun(void)
{
	int i;

	for (i = nr - 1; i >= 0; i--)
		if (v[i].begun)
			return v[i].name;
	return NULL;
}

static void missing_reason(const struct verdict *c, int status, char *out)
{
	const char *last = last_begun(), *what = c->begun ? "no result" : "not run";
	char where[128];

	if (c->begun)
		snprintf(where, sizeof(where), "while it ran");
	else if (last)
		snprintf(where, sizeof(where), "during %s", last);
	else
		snprintf(where, sizeof(where), "before the checks");
	if (panic_line[0])
		snprintf(out, REASON, "%s: kernel panic %s: %s", what, where, panic_line);
	else if (status == 125)
		snprintf(out, REASON, "%s: the guest went silent %s and was killed", what, where);
	else if (status == 124)
		snprintf(out, REASON, "%s: the guest ran out of time %s and was killed", what, where);
	else if (c->ended)
		snprintf(out, REASON, "no result: the check ended with rc=%d%s (the guest went on%s)",
			 c->rc, c->rc > 128 ? ", killed by a signal" : "",
			 done ? "" : ", then stopped");
	else if (c->begun)
		snprintf(out, REASON, "no result: the check died (the guest %s)",
			 done ? "went on" : "stopped");
	else
		snprintf(out, REASON, "%s: the guest stopped %s (qemu status %d)", what,
			 where, status);
}

static void untab(char *s)
{
	for (; *s; s++)
		if (*s == '\t')
			*s = ' ';
}

static void verdict(const struct verdict *c, int status)
{
	const char *obs = SG_ERROR;
	char reason[REASON], said[REASON];

	if (!c->status[0]) {
		missing_reason(c, status, reason);
	} else {
		if (!strcmp(c->status, SG_PASS) || !strcmp(c->status, SG_FAIL) ||
		    !strcmp(c->status, SG_REFUSED) || !strcmp(c->status, SG_SKIP))
			obs = c->status;
		snprintf(reason, sizeof(reason), "%s", c->detail);
	}
	/* What the kernel said while it ran, else what it said at boot. */
	snprintf(said, sizeof(said), "%s", c->kernel[0] ? c->kernel :
		 boot_complaint[0] ? boot_complaint : "-");
	untab(reason);
	untab(said);
	printf("%s\t%s\t%.1f\t%s\t%s\n", c->name, obs, c->secs, said, reason);
}

int main(int argc, char **argv)
{
	FILE *f;
	int status, i;

	if (argc < 4) {
		fprintf(stderr, "usage: logread LOG QEMU_STATUS CHECK...\n");
		return 2;
	}
	status = atoi(argv[2]);
	v = calloc(argc, sizeof(*v));
	if (!v) {
		fprintf(stderr, "logread: out of memory\n");
		return 2;
	}
	for (i = 3; i < argc; i++)
		v[nr++].name = argv[i];
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "logread: %s: cannot open\n", argv[1]);
		return 2;
	}
	read_log(f);
	fclose(f);
	puts(LOGREAD_HEADER);
	for (i = 0; i < nr; i++)
		verdict(&v[i], status);
	return 0;
}
