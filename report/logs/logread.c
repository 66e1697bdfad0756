// SPDX-License-Identifier: GPL-2.0
/*
 * logread: turns a guest's serial log into one verdict per check.
 *
 *	logread LOG QEMU_STATUS CHECK...
 *	logread --outcome LOG QEMU_STATUS [CHECK...]
 *	logread --both LOG QEMU_STATUS [CHECK...]
 *	logread --build BUILD_LOG
 *	logread --gcda LOG DIR
 *
 * The first prints the run file of kind verdicts (lib/runfile.h): a
 * header line, then one row for each CHECK named, in that order: observed
 * is PASS, FAIL, REFUSED (a cross-era reader would not assemble) or
 * ERROR, line the check's own result line as the guest printed it.  The
 * second prints one row of kind outcome, the boot's verdict over CHECKs:
 * FAIL if one failed, else ERROR if one did not pass, else PASS (no CHECK:
 * PASS when the guest got to its end), the first failing check with its
 * first bad line, whether the guest got to its end, and QEMU_STATUS.  A
 * CHECK may be an fstests test (generic/086), whose SKIP (a test that did
 * not apply) is kept: there may be hundreds.  The lines it reads are the guest
 * protocol, verify/common/protocol.h.
 * --both writes the two, LOG.verdicts.new and LOG.outcome.new, from one
 * reading of the log (prove/guest.sh renames them).
 * --build prints the line of a failed kernel build that says why (the
 * compiler's or linker's first error: report/logs/buildlog.c); exit 1 when the
 * log has none, its last line printed instead.
 * --gcda writes the gcov counters a coverage boot printed (SG-GCDA) as
 * DIR/<check>/<path> (report/logs/gcdalines.c); prints how many, exit 1
 * when a line was damaged.
 * The outcome is the check's own SG-RESULT: only a
 * check that printed FAIL with its evidence has caught a bug.  A panic,
 * Oops, BUG:, WARNING: or other kernel complaint printed while it ran (or
 * while the guest booted) is COMPLAINT, beside the outcome, "-" if none.
 * A check without a result line is ERROR, with why: the kernel panicked,
 * the guest went silent or ran out of time (QEMU_STATUS 125 and 124 from
 * boot.sh) while it or an earlier check ran, the check ended without one
 * (its rc= quoted), or the guest stopped; and, in its log_tail column,
 * the log's last lines, the checks' own SG-INFO left out, so that the row
 * alone says what happened.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "buildlog.h"
#include "gcdalines.h"
#include "guestlog.h"
#include "runfile.h"
#include "sgline.h"

#define REASON 600
/* The log's last lines that an ERROR row quotes. */
#define TAIL_LINES 8

struct verdict {
	const char *name;
	int begun, ended, rc;
	char status[8];		/* from SG-RESULT, or "" */
	char detail[REASON];
	char line[REASON];	/* the SG-RESULT record itself */
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
static char tail[TAIL_LINES][REASON];
static int tail_next;

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
			copy(c->line, line);
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

/* The last lines of the log but the checks' SG-INFO, for ERROR rows. */
static void keep_tail(const char *line, const char *rec)
{
	if (rec && sgline_kind(rec, SG_LINE_INFO))
		return;
	copy(tail[tail_next], line);
	tail_next = (tail_next + 1) % TAIL_LINES;
}

static struct guest_times times;	/* the same reading's time marks */

static void read_log(FILE *f)
{
	char line[4096];

	guest_start(&times);
	while (fgets(line, sizeof(line), f)) {
		const char *rec = sgline_record(line);

		keep_tail(line, rec);
		guest_line(&times, line);
		if (rec)
			sg_line(rec);
		else
			kernel_line(line);
	}
}

/* The log's last lines, one space before each: an ERROR's log_tail. */
static void log_tail(char *out, size_t len)
{
	size_t at = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < TAIL_LINES && at < len; i++) {
		const char *l = tail[(tail_next + i) % TAIL_LINES];

		if (l[0])
			at += snprintf(out + at, len - at, "%s%s", at ? " " : "", l);
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

/* What logread says of one check: observed, and the reason and complaint. */
static const char *judge(const struct verdict *c, int status, char *reason, size_t len,
			 char *said)
{
	const char *obs = SG_ERROR;

	if (!c->status[0]) {
		missing_reason(c, status, reason);
	} else {
		if (!strcmp(c->status, SG_PASS) || !strcmp(c->status, SG_FAIL) ||
		    !strcmp(c->status, SG_REFUSED) || !strcmp(c->status, SG_SKIP))
			obs = c->status;
		snprintf(reason, len, "%s", c->detail);
	}
	/* What the kernel said while it ran, else what it said at boot. */
	snprintf(said, REASON, "%s", c->kernel[0] ? c->kernel :
		 boot_complaint[0] ? boot_complaint : "-");
	return obs;
}

static void verdict(FILE *out, const struct runfile_kind *k, const struct verdict *c, int status)
{
	char reason[4 * REASON], said[REASON], secs[32], tail_lines[4 * REASON] = "";
	const char *values[V_NCOLS];

	values[V_CHECK] = c->name;
	values[V_OBSERVED] = judge(c, status, reason, sizeof(reason), said);
	if (!strcmp(values[V_OBSERVED], SG_ERROR))
		log_tail(tail_lines, sizeof(tail_lines));
	snprintf(secs, sizeof(secs), "%.1f", c->secs);
	values[V_SECS] = secs;
	values[V_COMPLAINT] = said;
	values[V_REASON] = reason;
	values[V_LOG_TAIL] = tail_lines;
	values[V_LINE] = c->line;
	runfile_put_row(out, k, values);
}

/* "first bad sector 123: ..." says more after its colon than before. */
static const char *first_bad_part(const char *reason)
{
	const char *p = strstr(reason, "first");
	const char *colon = p ? strstr(p, ": ") : NULL;

	return colon ? colon + 2 : reason;
}

static void outcome(FILE *out, int status)
{
	const struct runfile_kind *k = runfile_kind("outcome");
	char reason[4 * REASON], said[REASON], bad[5 * REASON] = "", qemu[16];
	const char *values[O_NCOLS], *obs, *verdict = nr ? SG_PASS : done ? SG_PASS : SG_ERROR;
	int i;

	for (i = 0; i < nr; i++) {
		obs = judge(&v[i], status, reason, sizeof(reason), said);
		if (!strcmp(obs, SG_FAIL)) {
			verdict = SG_FAIL;
			snprintf(bad, sizeof(bad), "%s: %s", v[i].name, first_bad_part(reason));
			break;
		}
		if (strcmp(obs, SG_PASS))
			verdict = SG_ERROR;
	}
	values[O_OUTCOME] = verdict;
	values[O_FIRST_BAD] = bad;
	values[O_DONE] = done ? "yes" : "no";
	snprintf(qemu, sizeof(qemu), "%d", status);
	values[O_STATUS] = qemu;
	runfile_put_header(out, k);
	runfile_put_row(out, k, values);
}

static void verdicts(FILE *out, int status)
{
	const struct runfile_kind *k = runfile_kind("verdicts");
	int i;

	runfile_put_header(out, k);
	for (i = 0; i < nr; i++)
		verdict(out, k, &v[i], status);
}

/* LOG.SUFFIX written by put; 0, or -1 after saying why. */
static int write_beside(const char *log, const char *suffix, void (*put)(FILE *, int), int status)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s.%s", log, suffix);
	f = fopen(path, "w");
	if (f) {
		put(f, status);
		if (!fclose(f))
			return 0;
	}
	fprintf(stderr, "logread: %s: cannot write\n", path);
	return -1;
}

/* LOG.FROM renamed LOG.TO; 0, or -1 after saying why. */
static int rename_beside(const char *log, const char *from, const char *to)
{
	char a[4096], b[4096];

	snprintf(a, sizeof(a), "%s.%s", log, from);
	snprintf(b, sizeof(b), "%s.%s", log, to);
	if (!rename(a, b))
		return 0;
	fprintf(stderr, "logread: %s: cannot rename it %s\n", a, b);
	return -1;
}

/*
 * --both: LOG.verdicts, LOG.outcome and LOG.times from one reading of the
 * log, each written beside (.new) and renamed once all are there.
 */
static void put_times(FILE *out, int status)
{
	(void)status;
	guest_times_put(out, &times);
}

static int both(const char *log, int status)
{
	return write_beside(log, "verdicts.new", verdicts, status) ||
	       write_beside(log, "outcome.new", outcome, status) ||
	       write_beside(log, "times.new", put_times, status) ||
	       rename_beside(log, "times.new", "times") ||
	       rename_beside(log, "verdicts.new", "verdicts") ||
	       rename_beside(log, "outcome.new", "outcome") ? 2 : 0;
}

/* logread --build LOG: the line that says why a build failed. */
static int build_error(const char *path)
{
	char line[4096];
	FILE *f = fopen(path, "r");
	int none;

	if (!f) {
		fprintf(stderr, "logread: %s: cannot open\n", path);
		return 2;
	}
	none = buildlog_first_error(f, line, sizeof(line));
	fclose(f);
	printf("%s\n", line[0] ? line : "(the build log says nothing)");
	return none;
}

int main(int argc, char **argv)
{
	int status, i, want_outcome = argc > 1 && !strcmp(argv[1], "--outcome");
	int want_both = argc > 1 && !strcmp(argv[1], "--both");
	FILE *f;

	if (argc == 3 && !strcmp(argv[1], "--build"))
		return build_error(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "--gcda")) {
		i = gcda_lines_write(argv[2], argv[3]);
		if (i >= 0)
			printf("%d\n", i);
		return i < 0;
	}

	argv += want_outcome + want_both;
	argc -= want_outcome + want_both;
	if (argc < 4 - want_outcome - want_both) {
		fprintf(stderr, "usage: logread LOG QEMU_STATUS CHECK... | --outcome LOG QEMU_STATUS [CHECK...] |\n"
			"       --both LOG QEMU_STATUS [CHECK...] | --build LOG | --gcda LOG DIR\n");
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
	if (want_both)
		return both(argv[1], status);
	if (want_outcome)
		outcome(stdout, status);
	else
		verdicts(stdout, status);
	return 0;
}
