// SPDX-License-Identifier: GPL-2.0
/*
 * fsnotes: the fstests section of the release notes.  The notes say
 * what the field's suite ran on the patch set (each test and what it
 * gave, a SKIP with its reason), or that it did not run: a reader must
 * not take the matrix's own checks for a run of fstests.
 */
#include <libgen.h>
#include <string.h>

#include "fsnotes.h"
#include "results.h"

static void add(struct fsnotes *fs, const struct result *r)
{
	struct fsnote *n = &fs->rows[fs->nr++];
	const char *o = r->col[R_OBSERVED];
	char first[160];

	snprintf(n->variant, sizeof(n->variant), "%s", r->col[R_VARIANT]);
	snprintf(n->test, sizeof(n->test), "%s", r->col[R_CHECK]);
	snprintf(n->observed, sizeof(n->observed), "%s", o);
	snprintf(n->reason, sizeof(n->reason), "%s",
		 results_first_bad(r, first, sizeof(first)));
	n->match = results_match(r);
	fs->mismatches += !n->match;
	fs->passed += !strcmp(o, "PASS");
	fs->failed += !strcmp(o, "FAIL");
	fs->skipped += !strcmp(o, "SKIP");
	fs->errors += !strcmp(o, "ERROR");
	if (!fs->kernel[0])
		snprintf(fs->kernel, sizeof(fs->kernel), "%s", r->col[R_KERNEL]);
}

int fsnotes_load(struct fsnotes *fs, const char *results, const char *series)
{
	char path[4096];
	struct result *res;
	int i, n;

	memset(fs, 0, sizeof(*fs));
	if (!results || !strcmp(results, "-"))
		return 0;
	if (results_load(results, "relnotes", &res, &n))
		return -1;
	snprintf(path, sizeof(path), "%s", results);
	snprintf(fs->run, sizeof(fs->run), "%s", basename(dirname(path)));
	for (i = 0; i < n && fs->nr < FSNOTES_MAX; i++)
		if (!strcmp(res[i].col[R_SERIES], series))
			add(fs, &res[i]);
	results_free(res, n);
	return 0;
}

static void write_row(FILE *f, const struct fsnote *n, int md)
{
	const char *odd = n->match ? "" : " (not as the baseline expects)";

	if (md)
		fprintf(f, "| %s | %s | %s%s | %s |\n", n->test, n->variant,
			n->observed, odd, strcmp(n->observed, "PASS") ? n->reason : "");
	else if (strcmp(n->observed, "PASS"))
		fprintf(f, "  %-14s %-10s %s%s: %.120s\n", n->test, n->variant,
			n->observed, odd, n->reason);
	else
		fprintf(f, "  %-14s %-10s %s\n", n->test, n->variant, n->observed);
}

void fsnotes_write(FILE *f, const struct fsnotes *fs, int md)
{
	int i;

	fprintf(f, "\n%sfstests%s", md ? "**" : "", md ? "**" : "");
	if (!fs->nr) {
		fprintf(f, ": not run on this patch set (make fstests FSTESTS=<your\nfstests checkout> runs the data-integrity list).\n");
		return;
	}
	fprintf(f, " run %s, kernel %s, in QEMU on ext4 over md raid0:\n%d tests, %d PASS, %d FAIL, %d SKIP, %d ERROR; %s.\n\n",
		fs->run, fs->kernel, fs->nr, fs->passed, fs->failed, fs->skipped,
		fs->errors, fs->mismatches ? "NOT as the series' baseline expects" :
		"each as the series' baseline expects");
	if (md)
		fprintf(f, "| test | variant | outcome | why |\n|---|---|---|---|\n");
	for (i = 0; i < fs->nr; i++)
		write_row(f, &fs->rows[i], md);
}
