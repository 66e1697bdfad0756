// SPDX-License-Identifier: GPL-2.0
/*
 * fsresult: one fstests test's verdict as the guest protocol's SG-RESULT
 * line, from what fstests' ./check left behind (run in the guest after
 * each ./check of one test; the host reads the line as any check's).
 *
 *	fsresult TEST RC RESULTS SRC CHECK_OUT
 *
 * TEST is the test (generic/086), RC ./check's exit status, RESULTS its
 * results folder (RESULTS/TEST.notrun, .out.bad, .dmesg; check.time),
 * SRC the fstests tree (SRC/tests/TEST.out, the golden output) and
 * CHECK_OUT the file holding what ./check printed.
 *
 *	SKIP	TEST.notrun exists: its reason (fstests' _notrun)
 *	PASS	check exited 0 and check.time has the test's seconds
 *	FAIL	check exited non-zero with evidence: the first line where
 *		TEST.out.bad differs from TEST.out (where that is a
 *		preamble, as fsx's, the test's own first error line after
 *		it, the diff's line beside it), else the first line of
 *		TEST.dmesg, else check's own line on an inconsistent
 *		filesystem or on the test's exit status
 *	ERROR	anything else (check ran no test, or failed without
 *		evidence: its last line)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sgprint.h"

#define LINE 512
#define DETAIL 700

static const char *test;
static unsigned long long seed;

/* The first line of path that holds any of keys (all lines: NULL), in out. */
static int find_line(const char *path, const char *const *keys, char *out)
{
	char line[LINE];
	FILE *f = fopen(path, "r");
	int i;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		for (i = 0; keys && keys[i] && !strstr(line, keys[i]); i++)
			;
		if (!keys || keys[i]) {
			snprintf(out, LINE, "%s", line);
			fclose(f);
			return 1;
		}
	}
	fclose(f);
	return 0;
}

static int last_line(const char *path, char *out)
{
	char line[LINE];
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			snprintf(out, LINE, "%s", line);
	}
	fclose(f);
	return out[0] != '\0';
}

static FILE *open_in(const char *dir, const char *suffix, char *path)
{
	snprintf(path, LINE, "%s/%s%s", dir, test, suffix);
	return fopen(path, "r");
}

/* A line in which a test reports an error (fsx's READ BAD DATA, a size error). */
static int is_error(const char *line)
{
	static const char *const said[] = {
		"BAD", "Bad ", "bad ", "error", "Error", "ERROR", "fail", "FAIL", "mismatch",
		"corrupt", "wrong", "does not match", NULL,
	};
	int i;

	for (i = 0; said[i]; i++)
		if (strstr(line, said[i]))
			return 1;
	return 0;
}

/* From line n of f (read up to it) on, the first error line, its number in *at. */
static int first_error(FILE *f, int n, char *out, int *at)
{
	char line[LINE];

	for (*at = n + 1; fgets(line, sizeof(line), f); (*at)++) {
		line[strcspn(line, "\n")] = '\0';
		if (is_error(line)) {
			snprintf(out, LINE, "%s", line);
			return 1;
		}
	}
	return 0;
}

/*
 * Where the output differs from the golden one: the line number, the
 * line expected and the lines got from there (check prints the whole
 * diff on the console; the row gets its start).
 */
static int out_bad(const char *results, const char *src)
{
	char path[LINE], want[LINE], got[LINE], err[LINE], more[DETAIL] = "";
	FILE *bad = open_in(results, ".out.bad", path), *gold;
	char *w, *g;
	int n = 0, at;

	if (!bad)
		return 0;
	snprintf(path, LINE, "%s/tests/%s.out", src, test);
	gold = fopen(path, "r");
	do {
		n++;
		w = gold ? fgets(want, sizeof(want), gold) : NULL;
		g = fgets(got, sizeof(got), bad);
	} while (w && g && !strcmp(want, got));
	if (!w)
		snprintf(want, sizeof(want), "(end of %s.out)", test);
	if (!g)
		snprintf(got, sizeof(got), "(end of output)");
	want[strcspn(want, "\n")] = '\0';
	got[strcspn(got, "\n")] = '\0';
	if (gold)
		fclose(gold);
	/*
	 * A test that prints a preamble before its error (fsx: "mapped
	 * writes DISABLED", "Seed set to 1") differs first at the preamble:
	 * its own first error line is what explains it.
	 */
	if (g && !is_error(got) && first_error(bad, n, err, &at)) {
		fclose(bad);
		return sg_fail("seed=%llu %s: %.300s (%s.out.bad line %d; it differs from line %d: expected \"%.150s\", got \"%.150s\")",
			       seed, test, err, test, at, n, want, got), 1;
	}
	rewind(bad);
	for (int i = 0; g && i < n && fgets(path, LINE, bad); i++)
		;
	/* Two more lines of what it printed instead, on the one line. */
	for (int i = 0; g && i < 2 && fgets(path, LINE, bad); i++) {
		path[strcspn(path, "\n")] = '\0';
		snprintf(more + strlen(more), sizeof(more) - strlen(more), " | %.150s", path);
	}
	fclose(bad);
	return sg_fail("seed=%llu %s.out.bad differs at line %d: expected \"%.150s\", got \"%.150s\"%s",
		       seed, test, n, want, got, more), 1;
}

static int dmesg_bad(const char *results)
{
	static const char *const kernel[] = {
		"WARNING:", "BUG:", "Oops", "INFO:", "Call Trace", "error", "EXT4-fs", NULL,
	};
	char path[LINE], line[LINE];
	FILE *f = open_in(results, ".dmesg", path);

	if (!f)
		return 0;
	fclose(f);
	if (!find_line(path, kernel, line) && !find_line(path, NULL, line))
		snprintf(line, sizeof(line), "(empty)");
	return sg_fail("seed=%llu %s.dmesg: the kernel complained: %.300s", seed, test, line), 1;
}

/* check's own lines that make a test fail without .out.bad or .dmesg. */
static int check_said(const char *check_out)
{
	static const char *const failed[] = {
		"inconsistent", "[failed, exit status", "[dumped core]", "no qualified output", NULL,
	};
	char line[LINE];

	if (!find_line(check_out, failed, line))
		return 0;
	return sg_fail("seed=%llu check said: %.300s", seed, line), 1;
}

/* The test's seconds in check.time ("generic/086 5"), or -1. */
static long passed_secs(const char *results)
{
	char path[LINE], name[128];
	long secs, found = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/check.time", results);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fscanf(f, "%127s %ld", name, &secs) == 2)
		if (!strcmp(name, test))
			found = secs;
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	const char *results, *src, *check_out;
	char path[LINE], line[LINE];
	long secs;
	FILE *f;
	int rc;

	if (argc != 6) {
		fprintf(stderr, "usage: fsresult TEST RC RESULTS SRC CHECK_OUT\n");
		return SG_EXIT_ERROR;
	}
	test = argv[1], rc = atoi(argv[2]);
	results = argv[3], src = argv[4], check_out = argv[5];
	sg_begin(test);
	seed = sg_param_u64("seed", 0);
	f = open_in(results, ".notrun", path);
	if (f) {
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
		line[strcspn(line, "\n")] = '\0';
		return sg_skip("seed=%llu not run: %s", seed, line[0] ? line : "(no reason given)");
	}
	if (rc == 0) {
		secs = passed_secs(results);
		if (secs >= 0)
			return sg_pass("seed=%llu fstests %s passed (%lds by check's clock)", seed, test, secs);
	} else if (out_bad(results, src) || dmesg_bad(results) || check_said(check_out)) {
		return SG_EXIT_FAIL;
	}
	if (!last_line(check_out, line))
		snprintf(line, sizeof(line), "(it printed nothing)");
	return sg_error("seed=%llu check exited %d without a verdict on %s: %.300s",
			seed, rc, test, line);
}
