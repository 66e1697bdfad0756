// SPDX-License-Identifier: GPL-2.0
/*
 * relnotes: release notes for one series, from its patches, the upstream
 * facts and the matrix evidence, in the style of a stable review mail
 * (plain text) and as Markdown.
 *
 *	relnotes BRANCHES SERIES OUTDIR RESULTS|- [--fstests FSRESULTS|-] [--untested]
 *
 * RESULTS is the results.tsv of the latest run whose patch set is the one
 * in the tree now ("-" when there is none).  Without such evidence, or
 * when it shows an outcome that is not the expected one, the notes say so
 * and relnotes exits 1, unless --untested asks to publish all the same.
 * FSRESULTS, the latest make fstests run of that patch set, adds what
 * fstests ran (maintain/fsnotes.c); a test not as the baseline expects is
 * evidence not as expected too.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "branches.h"
#include "facts.h"
#include "fsnotes.h"
#include "patchfile.h"
#include "results.h"
#include "outfile.h"
#include "yamldoc.h"

#define MAX_PATCHES 64
#define MAX_ROWS 256

struct row {
	char variant[64], check[64], expected[8], observed[8], kernel[64], patchset[64];
	int match;		/* results_match(): the judge's word */
};

/* A cross-era pair with this series on one side. */
struct cross_row {
	char pair[64], name[64], expected[8], observed[8], kernel[96], reason[200];
	int match;
};

struct notes {
	const char *series, *version, *run;
	char release[96];
	struct patchfile fixes[MAX_PATCHES], compat[MAX_PATCHES];
	int nr_fixes, nr_compat;
	struct row rows[MAX_ROWS];
	int nr_rows, mismatches;
	struct cross_row cross[MAX_ROWS];
	int nr_cross;
	struct fsnotes fs;
	const struct facts *facts;
};

static char basedir[4096];

static int load_set(const char *rel, struct patchfile *out, int *n)
{
	static char paths[MAX_PATCHES][4096];
	char path[8192], err[4400];
	int i, count;

	*n = 0;
	if (!rel)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", basedir, rel);
	count = series_read(path, paths, MAX_PATCHES, err, sizeof(err));
	if (count < 0) {
		fprintf(stderr, "relnotes: %s\n", err);
		return -1;
	}
	for (i = 0; i < count; i++)
		if (patchfile_read(paths[i], &out[(*n)++], err, sizeof(err))) {
			fprintf(stderr, "relnotes: %s\n", err);
			return -1;
		}
	return 0;
}

static void add_row(struct notes *nt, const struct result *res)
{
	struct row *r = &nt->rows[nt->nr_rows++];

	snprintf(r->variant, sizeof(r->variant), "%s", res->col[R_VARIANT]);
	snprintf(r->check, sizeof(r->check), "%s", res->col[R_CHECK]);
	snprintf(r->expected, sizeof(r->expected), "%s", res->col[R_EXPECTED]);
	snprintf(r->observed, sizeof(r->observed), "%s", res->col[R_OBSERVED]);
	snprintf(r->kernel, sizeof(r->kernel), "%s", res->col[R_KERNEL]);
	snprintf(r->patchset, sizeof(r->patchset), "%s", res->col[R_PATCHSET]);
	r->match = results_match(res);
	nt->mismatches += !r->match;
}

static void add_cross(struct notes *nt, const struct result *res)
{
	struct cross_row *c = &nt->cross[nt->nr_cross++];

	results_label(res, c->pair, sizeof(c->pair));
	snprintf(c->name, sizeof(c->name), "%s", res->col[R_VARIANT]);
	snprintf(c->expected, sizeof(c->expected), "%s", res->col[R_EXPECTED]);
	snprintf(c->observed, sizeof(c->observed), "%s", res->col[R_OBSERVED]);
	snprintf(c->kernel, sizeof(c->kernel), "%s", res->col[R_KERNEL]);
	snprintf(c->reason, sizeof(c->reason), "%s", res->col[R_REASON]);
	c->match = results_match(res);
}

static int load_rows(struct notes *nt, const char *path)
{
	struct result *res;
	int i, n;

	if (!strcmp(path, "-"))
		return 0;
	if (results_load(path, "relnotes", &res, &n))
		return -1;
	for (i = 0; i < n && nt->nr_rows < MAX_ROWS; i++) {
		if (!strcmp(res[i].col[R_OBSERVED], "SKIP"))
			continue;
		if (!strcmp(res[i].col[R_SERIES], nt->series) && !results_is_pair(&res[i]))
			add_row(nt, &res[i]);
		else if (results_pair_has(&res[i], nt->series) && nt->nr_cross < MAX_ROWS)
			add_cross(nt, &res[i]);
	}
	results_free(res, n);
	return 0;
}

/* "Fixes: x ("..."), which Fixes: y ("...")", following the facts. */
static void fixes_chain(FILE *f, const struct facts *facts, const char *id,
			const char *indent, const char *nested)
{
	const struct fact *fact = facts_find(facts, id);
	int i;

	if (!fact)
		return;
	for (i = 0; i < fact->nr_fixes; i++) {
		const struct fact *t = facts_find(facts, fact->fixes[i]);

		fprintf(f, "%sFixes: %s (\"%s\", %s)\n", indent, short_id(fact->fixes[i]),
			t ? t->subject : "?", t ? t->release : "?");
		if (t)
			fixes_chain(f, facts, t->id, nested, nested);
	}
}

/* How the notes name a patch's origin: a backport, or this project's code. */
static const char *origin(const struct patchfile *p)
{
	if (!p->upstream[0])
		return "new code, no upstream commit";
	return p->upstream_form == UPSTREAM_BASED_ON ? "based on upstream" : "upstream";
}

static void patch_entry(FILE *f, const struct notes *nt, const struct patchfile *p,
			int md)
{
	const struct fact *fact = p->upstream[0] ? facts_find(nt->facts, p->upstream) : NULL;

	if (!p->upstream[0]) {
		fprintf(f, md ? "- **%s** — %s  \n  %s\n" : "%2$s\n    %1$s\n    %3$s\n\n",
			p->subject, p->from, origin(p));
		return;
	}
	if (md) {
		fprintf(f, "- **%s** — %s  \n  %s %s (%s)\n", p->subject, p->from,
			origin(p), p->upstream, fact ? fact->release : "?");
		fixes_chain(f, nt->facts, p->upstream, "  - ", "    - which ");
		return;
	}
	fprintf(f, "%s\n    %s\n    %s %s (%s)\n", p->from, p->subject,
		origin(p), p->upstream, fact ? fact->release : "?");
	fixes_chain(f, nt->facts, p->upstream, "    ", "      which ");
	fputc('\n', f);
}

/* Distinct variants and checks, in the order the run gave them. */
static int distinct(const struct notes *nt, int field, const char **out, int max)
{
	int i, j, n = 0;

	for (i = 0; i < nt->nr_rows; i++) {
		const char *v = field ? nt->rows[i].check : nt->rows[i].variant;

		for (j = 0; j < n && strcmp(out[j], v); j++)
			;
		if (j == n && n < max)
			out[n++] = v;
	}
	return n;
}

static const struct row *find_row(const struct notes *nt, const char *v,
				  const char *c)
{
	int i;

	for (i = 0; i < nt->nr_rows; i++)
		if (!strcmp(nt->rows[i].variant, v) && !strcmp(nt->rows[i].check, c))
			return &nt->rows[i];
	return NULL;
}

static void cell(FILE *f, int md, int last, const char *text)
{
	if (md)
		fprintf(f, " %s |", text);
	else if (last)
		fprintf(f, " %s", text);
	else
		fprintf(f, " %-17s", text);
}

static void evidence(FILE *f, const struct notes *nt, int md)
{
	const char *variants[32], *checks[32];
	int nv, nc, i, j;

	if (!nt->nr_rows) {
		fprintf(f, "%sUNTESTED: no matrix run has tested this patch set.%s\n",
			md ? "**" : "", md ? "**" : "");
		return;
	}
	nv = distinct(nt, 0, variants, 32);
	nc = distinct(nt, 1, checks, 32);
	fprintf(f, "Matrix run %s, patch set %s, kernel %s, in QEMU.\n\n", nt->run,
		nt->rows[0].patchset, nt->rows[0].kernel);
	fprintf(f, md ? "| variant |" : "  %-24s", md ? "" : "variant");
	for (j = 0; j < nc; j++)
		cell(f, md, j == nc - 1, checks[j]);
	fputc('\n', f);
	if (md) {
		fprintf(f, "|---|");
		for (j = 0; j < nc; j++)
			fprintf(f, "---|");
		fputc('\n', f);
	}
	for (i = 0; i < nv; i++) {
		fprintf(f, md ? "| %s |" : "  %-24s", variants[i]);
		for (j = 0; j < nc; j++) {
			const struct row *r = find_row(nt, variants[i], checks[j]);
			char text[64];

			snprintf(text, sizeof(text), "%s%s", r ? r->observed : "-",
				 r && !r->match ? " (expected otherwise)" : "");
			cell(f, md, j == nc - 1, text);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
	if (nt->mismatches)
		fprintf(f, "NOT AS EXPECTED: %d outcome(s) differ from branches.yaml.\n",
			nt->mismatches);
	else
		fprintf(f, "Every outcome as branches.yaml expects: FAIL where a variant carries the bug, PASS where it carries the fixes.\n");
}

/*
 * The same RAID0 disks written by one kernel and read by another: what
 * this series does to an array another series made, or the reverse.
 */
static void cross_evidence(FILE *f, const struct notes *nt, int md)
{
	int i;

	if (!nt->nr_cross)
		return;
	fprintf(f, "\n%sCross-era RAID0 layout%s (one array, written by the first kernel, assembled\nand read back by the second):\n\n",
		md ? "**" : "", md ? "**" : "");
	for (i = 0; i < nt->nr_cross; i++) {
		const struct cross_row *c = &nt->cross[i];

		fprintf(f, "%s%s %s (%s) gave %s%s", md ? "- " : "  ", c->pair, c->name,
			c->kernel, c->observed,
			!c->match ? " (expected otherwise)" : "");
		fprintf(f, md ? " — %.160s\n" : "\n      %.160s\n", c->reason);
	}
}

static void write_txt(FILE *f, const struct notes *nt)
{
	int i, all = nt->nr_compat + nt->nr_fixes;

	/* The count is every mail of the series, as b4 numbers them. */
	fprintf(f, "[PATCH 0/%d] stableguard %s review\n\n", all, nt->release);
	fprintf(f, "This is the start of the stableguard review cycle for the %s release.\n",
		nt->release);
	if (nt->nr_compat)
		fprintf(f, "There are %d patch%s in this series, %d for build compatibility, then\n%d fix%s; they apply with git am onto linux-%s, in that order.\n",
			all, all == 1 ? "" : "es", nt->nr_compat, nt->nr_fixes,
			nt->nr_fixes == 1 ? "" : "es", nt->version);
	else if (nt->nr_fixes)
		fprintf(f, "There are %d patch%s in this series; they apply with git am onto\nlinux-%s, in the order of backports/%s/series.\n",
			nt->nr_fixes, nt->nr_fixes == 1 ? "" : "es", nt->version, nt->series);
	else
		fprintf(f, "There are no patches in this series: linux-%s already has every fix\nstableguard carries; this release is the evidence that it holds.\n",
			nt->version);
	fprintf(f, "\nResponses should be made as stableguard issues.\n\n");
	fprintf(f, "-------------\nPseudo-Shortlog of commits:\n\n");
	for (i = 0; i < nt->nr_fixes; i++)
		patch_entry(f, nt, &nt->fixes[i], 0);
	if (!nt->nr_fixes)
		fprintf(f, "    (none)\n\n");
	fprintf(f, "-------------\nBuild compatibility (toolchain only, not fixes):\n\n");
	for (i = 0; i < nt->nr_compat; i++)
		patch_entry(f, nt, &nt->compat[i], 0);
	if (!nt->nr_compat)
		fprintf(f, "    (none)\n\n");
	fprintf(f, "-------------\nTesting:\n\n");
	evidence(f, nt, 0);
	cross_evidence(f, nt, 0);
	fsnotes_write(f, &nt->fs, 0);
}

static void write_md(FILE *f, const struct notes *nt)
{
	int i;

	fprintf(f, "# stableguard %s\n\n", nt->release);
	if (nt->nr_fixes)
		fprintf(f, "%d patch%s onto linux-%s, applied with `git am` in the order of `backports/%s/series`.\n\n",
			nt->nr_fixes, nt->nr_fixes == 1 ? "" : "es", nt->version, nt->series);
	else
		fprintf(f, "No patches: linux-%s already has every fix stableguard carries.\n\n",
			nt->version);
	fprintf(f, "## Fixes\n\n");
	for (i = 0; i < nt->nr_fixes; i++)
		patch_entry(f, nt, &nt->fixes[i], 1);
	if (!nt->nr_fixes)
		fprintf(f, "None.\n");
	fprintf(f, "\n## Build compatibility (toolchain only, not fixes)\n\n");
	for (i = 0; i < nt->nr_compat; i++)
		patch_entry(f, nt, &nt->compat[i], 1);
	if (!nt->nr_compat)
		fprintf(f, "None.\n");
	fprintf(f, "\n## Testing\n\n");
	evidence(f, nt, 1);
	cross_evidence(f, nt, 1);
	fsnotes_write(f, &nt->fs, 1);
}

static int write_out(const char *dir, const char *name, const struct notes *nt,
		     void (*fn)(FILE *, const struct notes *))
{
	FILE *f = outfile_create("relnotes", dir, name);

	if (!f)
		return -1;
	fn(f, nt);
	return fclose(f);
}

static int load_series(struct ydoc *y, struct notes *nt)
{
	yaml_node_t *s = branches_series(y, nt->series);

	if (!s)
		return -1;
	nt->version = ydoc_str(ydoc_get(y, s, "version"));
	if (load_set(ydoc_str(ydoc_get(y, s, "patches")), nt->fixes, &nt->nr_fixes) ||
	    load_set(ydoc_str(ydoc_get(y, s, "build-compat")), nt->compat, &nt->nr_compat))
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	static struct facts facts;
	static struct notes nt;
	struct ydoc y;
	char name[256], runpath[4096];
	const char *rel = getenv("SG_RELEASE"), *fsresults = NULL;
	int untested = 0, bad = 0, i;

	for (i = 5; i < argc; i++) {
		if (!strcmp(argv[i], "--untested"))
			untested = 1;
		else if (!strcmp(argv[i], "--fstests") && i + 1 < argc)
			fsresults = argv[++i];
		else
			bad = 1;
	}
	if (argc < 5 || bad) {
		fprintf(stderr, "usage: relnotes BRANCHES SERIES OUTDIR RESULTS|- [--fstests FSRESULTS|-] [--untested]\n");
		return 2;
	}
	if (branches_open(&y, argv[1], basedir, sizeof(basedir)))
		return 2;
	if (facts_load_for_branches(&facts, &y, basedir))
		return 2;
	nt.facts = &facts;
	nt.series = argv[2];
	snprintf(runpath, sizeof(runpath), "%s", argv[4]);
	nt.run = basename(dirname(runpath));
	if (load_series(&y, &nt) || load_rows(&nt, argv[4]) ||
	    fsnotes_load(&nt.fs, fsresults, nt.series))
		return 2;
	/* The kernel the evidence ran on names the release when there is one. */
	if (nt.nr_rows && strcmp(nt.rows[0].kernel, "-"))
		nt.version = nt.rows[0].kernel;
	snprintf(nt.release, sizeof(nt.release), "%s-sg%s", nt.version, rel ? rel : "1");
	snprintf(name, sizeof(name), "stableguard-%s.txt", nt.release);
	if (write_out(argv[3], name, &nt, write_txt))
		return 2;
	snprintf(name, sizeof(name), "stableguard-%s.md", nt.release);
	if (write_out(argv[3], name, &nt, write_md))
		return 2;
	write_txt(stdout, &nt);
	if (!nt.nr_rows || nt.mismatches || nt.fs.mismatches) {
		fprintf(stderr, "relnotes: %s: %s%s\n", nt.series,
			nt.nr_rows ? "the evidence is not as expected" :
				     "no matrix run has tested this patch set",
			untested ? "; published anyway (untested notes asked for)" : "");
		return untested ? 0 : 1;
	}
	return 0;
}
