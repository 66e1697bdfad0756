// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf: what make and the shell scripts know of branches.yaml, read
 * through the one reader (branches.c: validated, every error as file:line
 * and what is wrong), answered as plain lines or as run files
 * (report/runfile.h) that the shell reads by column name.
 *
 *	sgconf FILE validate
 *	sgconf FILE checks | series
 *	sgconf FILE shell SERIES		series fields as SG_* assignments
 *	sgconf FILE variants SERIES
 *	sgconf FILE variant SERIES VARIANT	variant fields as SG_V_*
 *	sgconf FILE expect SERIES VARIANT CHECK	FAIL when the variant's expect:
 *						lists CHECK, else PASS
 *	sgconf FILE cross			the cross-era pairs, one per line
 *	sgconf FILE upstream			the upstream facts file, as given
 *	sgconf FILE fixed-by ID			the known fixes of upstream commit ID
 *	sgconf FILE guard [SERIES [SERIES_FILE]]
 *	sgconf FILE lint [SERIES|all [PREIMAGE_DIR|- [SERIES_FILE]]]
 *	sgconf FILE record ID subject=S author=A date=D release=R
 *		kind=fix|history|build-compat [fixes=ID,..] [files=F,..] [stable=V,..]
 *						adds ID to the upstream facts;
 *						exit 3: fixes= names commits not
 *						recorded, printed one a line
 *
 * guard refuses a series whose base (base-contains) plus patch sets carry
 * a commit that a known upstream commit Fixes: without carrying that fix
 * too: the mistake that left 3.19.8 with 47d68979cc96 and no a81157768a00.
 * SERIES_FILE stands in for the series' own list of fixes.  lint takes
 * the fix and build-compat lists and the mutants the variants name
 * (regress:), each against the preimage its own hunks describe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "branches.h"
#include "facts.h"
#include "guard.h"
#include "lint.h"
#include "patchfile.h"
#include "plan.h"
#include "record.h"
#include "runfile.h"
#include "validate.h"
#include "yamldoc.h"

static char basedir[4096];

static void print_keys(struct ydoc *y, yaml_node_t *map)
{
	int i;

	for (i = 0; i < ydoc_len(map); i++)
		puts(ydoc_str(ydoc_key(y, map, i)));
}

static const char *in_base(const char *rel, char *buf, size_t len)
{
	if (!rel)
		return NULL;
	snprintf(buf, len, "%s/%s", basedir, rel);
	return buf;
}

static int guard_one(struct ydoc *y, struct facts *facts, const char *name,
		     const char *override)
{
	yaml_node_t *s = branches_series(y, name), *bc;
	const char *base[64], *files[2];
	char compat[4096], fixes[4096];
	int i, n;

	if (!s)
		return -1;
	bc = ydoc_get(y, s, "base-contains");
	for (n = 0; n < ydoc_len(bc) && n < 64; n++)
		base[n] = ydoc_str(ydoc_item(y, bc, n));
	files[0] = in_base(ydoc_str(ydoc_get(y, s, "build-compat")), compat, sizeof(compat));
	files[1] = override ? override :
		   in_base(ydoc_str(ydoc_get(y, s, "patches")), fixes, sizeof(fixes));
	i = guard_series(facts, name, base, n, files, 2);
	if (!i)
		printf("guard: %s: every carried commit has its known follow-up fixes\n", name);
	return i;
}

static int cmd_guard(struct ydoc *y, int argc, char **argv)
{
	static struct facts facts;
	yaml_node_t *series = ydoc_get(y, ydoc_root(y), "series");
	int i, bad = 0, rc;

	if (facts_load_for_branches(&facts, y, basedir))
		return 1;
	if (argc > 3) {
		rc = guard_one(y, &facts, argv[3], argc > 4 ? argv[4] : NULL);
		return rc ? 1 : 0;
	}
	for (i = 0; i < ydoc_len(series); i++) {
		rc = guard_one(y, &facts, ydoc_str(ydoc_key(y, series, i)), NULL);
		bad |= rc != 0;
	}
	return bad;
}

#define MAX_MUTANTS 32

/* The regress: patches of a series' variants, each once, as paths. */
static int regress_paths(struct ydoc *y, yaml_node_t *s, char paths[][4096])
{
	yaml_node_t *vs = ydoc_get(y, s, "variants"), *list;
	char path[4096];
	int i, j, k, n = 0;

	for (i = 0; i < ydoc_len(vs); i++) {
		list = ydoc_get(y, ydoc_value(y, vs, i), "regress");
		for (j = 0; j < ydoc_len(list); j++) {
			if (!in_base(ydoc_str(ydoc_item(y, list, j)), path, sizeof(path)))
				continue;
			for (k = 0; k < n && strcmp(paths[k], path); k++)
				;
			if (k == n && n < MAX_MUTANTS)
				snprintf(paths[n++], sizeof(paths[0]), "%s", path);
		}
	}
	return n;
}

/* The mutants of a series, linted as code of this project's own. */
static int lint_mutants(struct ydoc *y, yaml_node_t *s, const char *name,
			const char *preimage)
{
	static char paths[MAX_MUTANTS][4096];
	char lister[4400], dir[4200];
	int n = regress_paths(y, s, paths);

	snprintf(lister, sizeof(lister), "the regress: lists of %s's variants in %s",
		 name, y->path);
	if (preimage && n) {
		snprintf(dir, sizeof(dir), "%s/%s/regress", preimage, name);
		mkdir(dir, 0755);
	}
	return lint_regress(name, paths, n, lister, preimage && n ? dir : NULL);
}

static int lint_one(struct ydoc *y, struct facts *facts, const char *name,
		    const char *preimage, const char *override)
{
	yaml_node_t *s = branches_series(y, name);
	char path[4096], dir[4200];
	const char *compat;
	int bad;

	if (!s)
		return 1;
	if (preimage) {
		snprintf(dir, sizeof(dir), "%s/%s", preimage, name);
		mkdir(dir, 0755);
	}
	in_base(ydoc_str(ydoc_get(y, s, "patches")), path, sizeof(path));
	bad = lint_series(facts, name, override ? override : path, "fix",
			  preimage ? dir : NULL);
	compat = ydoc_str(ydoc_get(y, s, "build-compat"));
	if (compat) {
		in_base(compat, path, sizeof(path));
		if (preimage) {
			snprintf(dir, sizeof(dir), "%s/%s/build-compat", preimage, name);
			mkdir(dir, 0755);
		}
		bad += lint_series(facts, name, path, "build-compat", preimage ? dir : NULL);
	}
	bad += lint_mutants(y, s, name, preimage);
	if (!bad)
		printf("lint: %s: patch sets well formed\n", name);
	return bad;
}

static int cmd_lint(struct ydoc *y, int argc, char **argv)
{
	static struct facts facts;
	yaml_node_t *series = ydoc_get(y, ydoc_root(y), "series");
	const char *preimage = argc > 4 && strcmp(argv[4], "-") ? argv[4] : NULL;
	int i, bad = 0;

	if (facts_load_for_branches(&facts, y, basedir))
		return 1;
	if (preimage)
		mkdir(preimage, 0755);
	if (argc > 3 && strcmp(argv[3], "all"))
		return lint_one(y, &facts, argv[3], preimage,
				argc > 5 ? argv[5] : NULL) ? 1 : 0;
	for (i = 0; i < ydoc_len(series); i++)
		bad |= lint_one(y, &facts, ydoc_str(ydoc_key(y, series, i)),
				preimage, NULL) != 0;
	return bad;
}

/*
 * The commits of the facts file that say Fixes: ID, one line each:
 * "id<TAB>subject<TAB>release<TAB>kind".  Nothing (exit 0) when ID is not
 * known or nothing fixes it: a bisection prints what is known, no more.
 */
static int cmd_fixed_by(struct ydoc *y, const char *id)
{
	static struct facts facts;
	size_t n = strlen(id);
	int i, j;

	if (n < 12) {
		fprintf(stderr, "sgconf: fixed-by: %s: want at least 12 hex digits\n", id);
		return 2;
	}
	if (facts_load_for_branches(&facts, y, basedir))
		return 1;
	for (i = 0; i < facts.n; i++) {
		const struct fact *f = &facts.f[i];

		for (j = 0; j < f->nr_fixes; j++)
			if (!strncmp(f->fixes[j], id, n))
				printf("%s\t%s\t%s\t%s\n", f->id, f->subject,
				       f->release ?: "-", f->kind ?: "-");
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: sgconf FILE validate [S...]|checks|series|variants S|plan DIR [S...]|facts DIR [S...]|cross|upstream|fixed-by ID|guard [S [SERIES_FILE]]|lint [S|all [DIR]]|record ID key=value...\n");
	return 2;
}

static int cmd_record(struct ydoc *y, int argc, char **argv)
{
	const char *rel = ydoc_str(ydoc_get(y, ydoc_root(y), "upstream"));
	char path[8192];

	if (argc < 4)
		return usage();
	snprintf(path, sizeof(path), "%s/%s", basedir, rel);
	return facts_record(path, argv[3], argc - 4, argv + 4);
}

static int dispatch(struct ydoc *y, int argc, char **argv)
{
	const char *cmd = argv[2];
	yaml_node_t *root = ydoc_root(y);

	if (!strcmp(cmd, "validate"))
		return plan_known(y, argc - 3, argv + 3);
	if (!strcmp(cmd, "plan") && argc >= 4)
		return plan_write(y, argv[3], argc - 4, argv + 4);
	if (!strcmp(cmd, "facts") && argc >= 4)
		return plan_facts(y, argv[3], argc - 4, argv + 4);
	if (!strcmp(cmd, "checks")) {
		yaml_node_t *c = ydoc_get(y, root, "checks");

		for (int i = 0; i < ydoc_len(c); i++)
			puts(ydoc_str(ydoc_item(y, c, i)));
		return 0;
	}
	if (!strcmp(cmd, "series")) {
		print_keys(y, ydoc_get(y, root, "series"));
		return 0;
	}
	if (!strcmp(cmd, "variants") && argc == 4) {
		yaml_node_t *s = branches_series(y, argv[3]);

		if (!s)
			return 1;
		print_keys(y, ydoc_get(y, s, "variants"));
		return 0;
	}
	if (!strcmp(cmd, "lint"))
		return cmd_lint(y, argc, argv);
	if (!strcmp(cmd, "cross")) {
		runfile_put_header(stdout, runfile_kind("pairs"));
		plan_pairs(y, stdout);
		return 0;
	}
	if (!strcmp(cmd, "upstream")) {
		puts(ydoc_str(ydoc_get(y, root, "upstream")));
		return 0;
	}
	if (!strcmp(cmd, "fixed-by") && argc == 4)
		return cmd_fixed_by(y, argv[3]);
	if (!strcmp(cmd, "guard"))
		return cmd_guard(y, argc, argv);
	if (!strcmp(cmd, "record"))
		return cmd_record(y, argc, argv);
	return usage();
}

int main(int argc, char **argv)
{
	struct ydoc y;
	int ret;

	if (argc < 3)
		return usage();
	if (branches_open(&y, argv[1], basedir, sizeof(basedir)))
		return 1;
	ret = dispatch(&y, argc, argv);
	ydoc_free(&y);
	return ret;
}
