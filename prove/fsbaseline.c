// SPDX-License-Identifier: GPL-2.0
/*
 * fsbaseline: what each fstests test is expected to do on a series'
 * kernel, from the series' baseline, backports/<S>/fstests.expunge.
 *
 *	fsbaseline BASELINE|- SERIES VARIANT[,VARIANT...] TEST...
 *
 * prints the plan of an fstests run of those variants (a run file of kind
 * plan, lib/runfile.h): for each variant, a row per TEST in that
 * order, kind fstests,
 * expected PASS or FAIL, run yes or no, and the baseline's reason as its
 * note ("-" for a test it does not name).  "-" is a series without a
 * baseline: every test PASS.
 *
 * The baseline is fstests' expunge format (a test a line, # comments;
 * ./check -E reads the test names) whose comment says what the test does
 * on the series' kernel, and why:
 *
 *	generic/086	# FAIL unfixed: d2dc317d564a is not in 3.19.8
 *	generic/475	# SKIP: hangs 3.19's dm-flakey (...)
 *
 * FAIL: a known failure of that era; the test runs, expected FAIL.  SKIP:
 * left out of the run (as -E would), its row SKIP.  Variant names before
 * the colon limit the line to those variants of the series; without
 * them it is every variant's.  Bad lines exit 2, naming file:line.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runfile.h"

#define LINE 1024
#define WORD 128

struct entry {
	char test[WORD];
	char outcome[8];	/* FAIL or SKIP */
	char reason[LINE];
	int line;
};

static struct entry *entries;
static int nr;

static int bad(const char *file, int line, const char *what)
{
	fprintf(stderr, "fsbaseline: %s:%d: %s\n", file, line, what);
	return -1;
}

static int is_test_name(const char *s)
{
	const char *slash = strchr(s, '/');

	if (!slash || slash == s || !slash[1] || strchr(slash + 1, '/'))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("/_.-", *s))
			return 0;
	return 1;
}

/* Whether VARIANT is among the words of list (an empty list: every one). */
static int names_variant(char *list, const char *variant)
{
	char *w, *save;
	int any = 0;

	for (w = strtok_r(list, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		any = 1;
		if (!strcmp(w, variant))
			return 1;
	}
	return !any;
}

/*
 * One line, "TEST # FAIL|SKIP [VARIANT...]: reason": added to entries
 * when it is the variant's, its test not named before for it.
 */
static int parse(char *s, const char *file, int line, const char *variant)
{
	char test[WORD], outcome[8], *hash, *colon, *reason;
	int i, n = 0;

	if (sscanf(s, "%127s %n", test, &n) != 1 || test[0] == '#')
		return 0;
	if (!is_test_name(test))
		return bad(file, line, "want a test such as generic/086 first");
	hash = s + n;
	if (*hash != '#')
		return bad(file, line, "want \"# FAIL: reason\" or \"# SKIP: reason\" after the test");
	hash++;
	colon = strchr(hash, ':');
	if (!colon || sscanf(hash, "%7s", outcome) != 1)
		return bad(file, line, "want \"# FAIL: reason\" or \"# SKIP: reason\" after the test");
	outcome[strcspn(outcome, ":")] = '\0';
	if (strcmp(outcome, "FAIL") && strcmp(outcome, "SKIP"))
		return bad(file, line, "the outcome is FAIL (a known failure) or SKIP (left out)");
	for (reason = colon + 1; isspace((unsigned char)*reason); reason++)
		;
	reason[strcspn(reason, "\r\n")] = '\0';
	if (!*reason)
		return bad(file, line, "no reason after the colon: say why");
	*colon = '\0';
	if (!names_variant(strstr(hash, outcome) + strlen(outcome), variant))
		return 0;
	for (i = 0; i < nr; i++)
		if (!strcmp(entries[i].test, test)) {
			fprintf(stderr, "fsbaseline: %s:%d: %s is named for %s on line %d already\n",
				file, line, test, variant, entries[i].line);
			return -1;
		}
	entries = realloc(entries, (nr + 1) * sizeof(*entries));
	if (!entries)
		return bad(file, line, "out of memory");
	snprintf(entries[nr].test, WORD, "%s", test);
	snprintf(entries[nr].outcome, sizeof(entries[nr].outcome), "%s", outcome);
	snprintf(entries[nr].reason, LINE, "%s", reason);
	entries[nr++].line = line;
	return 0;
}

static int load(const char *file, const char *variant)
{
	char s[LINE];
	int line = 0, rc = 0;
	FILE *f = fopen(file, "r");

	if (!f) {
		fprintf(stderr, "fsbaseline: %s: cannot open\n", file);
		return -1;
	}
	while (fgets(s, sizeof(s), f)) {
		line++;
		if (!strchr(s, '\n') && !feof(f)) {
			rc = bad(file, line, "line too long");
			break;
		}
		if (parse(s, file, line, variant))
			rc = -1;
	}
	fclose(f);
	return rc;
}

static void row(const char *series, const char *variant, const char *test)
{
	const char *v[PL_NCOLS] = {
		[PL_KIND] = "fstests", [PL_SERIES] = series, [PL_VARIANT] = variant,
		[PL_CHECK] = test, [PL_EXPECTED] = "PASS", [PL_RUN] = "yes",
	};
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(entries[i].test, test)) {
			v[PL_EXPECTED] = entries[i].outcome[0] == 'F' ? "FAIL" : "PASS";
			v[PL_RUN] = entries[i].outcome[0] == 'F' ? "yes" : "no";
			v[PL_NOTE] = entries[i].reason;
			break;
		}
	runfile_put_row(stdout, runfile_kind("plan"), v);
}

int main(int argc, char **argv)
{
	char *variant, *next;
	int i;

	if (argc < 4) {
		fprintf(stderr, "usage: fsbaseline BASELINE|- SERIES VARIANT[,VARIANT...] TEST...\n");
		return 2;
	}
	for (i = 4; i < argc; i++)
		if (!is_test_name(argv[i])) {
			fprintf(stderr, "fsbaseline: %s: not a test name (want e.g. generic/086)\n", argv[i]);
			return 2;
		}
	runfile_put_header(stdout, runfile_kind("plan"));
	for (variant = argv[3]; variant; variant = next) {
		next = strchr(variant, ',');
		if (next)
			*next++ = '\0';
		nr = 0;
		if (strcmp(argv[1], "-") && load(argv[1], variant))
			return 2;
		for (i = 4; i < argc; i++)
			row(argv[2], variant, argv[i]);
	}
	return 0;
}
