// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf: what make and the shell scripts know of branches.yaml, read
 * through the one reader (branches.c: validated, every error as file:line
 * and what is wrong), answered as plain lines or as run files
 * (lib/runfile.h) that the shell reads by column name.
 *
 *	sgconf FILE validate [SERIES...]	and each SERIES is one of its series
 *	sgconf FILE checks | series
 *	sgconf FILE variants SERIES
 *	sgconf FILE plan DIR [SERIES...]	a run's files (config/plan.h): DIR/plan
 *						(every row the run judges, expected
 *						FAIL where a variant's expect: lists
 *						the check, else PASS), series,
 *						variants, cross.list
 *	sgconf FILE facts DIR [--chunks C,C] [SERIES...]
 *					DIR/series and DIR/variants alone (--chunks:
 *					the guest's arrays narrowed to those chunks)
 *	sgconf FILE gate-plan DIR SERIES VARIANT,... [CHECK,...]
 *						DIR/plan of a gate: those checks (every
 *						one by default) on each variant
 *	sgconf FILE cross			the cross-era pairs (run file kind pairs)
 *	sgconf FILE paths			the I/O path each check goes through
 *						(run file kind checkpath)
 *	sgconf FILE upstream			the upstream facts file, as given
 *	sgconf FILE corpus			the corpus's cases, checked: a run
 *						file of kind corpus (config/corpus.c)
 *	sgconf FILE pathmap [--fstests DIR] [--times TSV] [--always "T..."]
 *		[--minutes N] PATH...		what covers each file a queue touches
 *						(config/pathmap.c): a run file of kind
 *						touched; with an fstests checkout, the
 *						tests chosen within N minutes
 *	sgconf FILE fixed-by ID			the known fixes of upstream commit ID
 *	sgconf FILE proofs			what proves each upstream commit of the
 *					record: its proven-by checks and fstests
 *					tests (run file kind proofindex)
 *	sgconf FILE guard [SERIES [SERIES_FILE]]
 *	sgconf FILE lint [SERIES|all [PREIMAGE_DIR|- [SERIES_FILE]]]
 *	sgconf FILE record ID subject=S author=A date=D release=R
 *		kind=fix|history|build-compat [fixes=ID,..] [files=F,..] [stable=V,..]
 *		[checks=C,..] [fstests=T,..] (its proven-by)
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

#include "branches.h"
#include "corpus.h"
#include "facts.h"
#include "guard.h"
#include "lint.h"
#include "pathmap.h"
#include "plan.h"
#include "record.h"
#include "runfile.h"
#include "yamldoc.h"

static char basedir[4096];

static void print_keys(struct ydoc *y, yaml_node_t *map)
{
	int i;

	for (i = 0; i < ydoc_len(map); i++)
		puts(ydoc_str(ydoc_key(y, map, i)));
}

static int usage(void)
{
	fprintf(stderr, "usage: sgconf FILE validate [S...]|checks|series|variants S|plan DIR [S...]|facts DIR [--chunks C,C] [S...]|gate-plan DIR S V,V [C,C]|cross|paths|upstream|corpus|pathmap [--fstests DIR] [--times TSV] [--always T] [--minutes N] PATH...|fixed-by ID|proofs|guard [S [SERIES_FILE]]|lint [S|all [DIR]]|record ID key=value...\n");
	return 2;
}

/* pathmap's options, then its paths. */
static int pathmap_cmd(struct ydoc *y, int argc, char **argv)
{
	struct pathmap_opts o = { .minutes = 15 };
	int i = 3;

	for (; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--fstests"))
			o.fstests = *argv[i + 1] ? argv[i + 1] : NULL;
		else if (!strcmp(argv[i], "--times"))
			o.times = *argv[i + 1] ? argv[i + 1] : NULL;
		else if (!strcmp(argv[i], "--always"))
			o.always = argv[i + 1];
		else if (!strcmp(argv[i], "--minutes") && atoi(argv[i + 1]) > 0)
			o.minutes = atoi(argv[i + 1]);
		else
			return usage();
	}
	return pathmap_print(y, basedir, &o, argc - i, argv + i);
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
	if (!strcmp(cmd, "gate-plan") && (argc == 6 || argc == 7))
		return plan_gate(y, argv[3], argv[4], argv[5], argc == 7 ? argv[6] : NULL);
	if (!strcmp(cmd, "paths") && argc == 3)
		return plan_paths(y);
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
		return lint_branches(y, basedir, argc > 3 && strcmp(argv[3], "all") ? argv[3] : NULL,
				     argc > 4 && strcmp(argv[4], "-") ? argv[4] : NULL,
				     argc > 5 ? argv[5] : NULL);
	if (!strcmp(cmd, "cross")) {
		runfile_put_header(stdout, runfile_kind("pairs"));
		plan_pairs(y, stdout);
		return 0;
	}
	if (!strcmp(cmd, "upstream")) {
		puts(ydoc_str(ydoc_get(y, root, "upstream")));
		return 0;
	}
	if (!strcmp(cmd, "corpus") && argc == 3)
		return corpus_print(y, basedir);
	if (!strcmp(cmd, "pathmap"))
		return pathmap_cmd(y, argc, argv);
	if (!strcmp(cmd, "fixed-by") && argc == 4)
		return facts_fixed_by(y, basedir, argv[3]);
	if (!strcmp(cmd, "proofs") && argc == 3)
		return facts_proofs(y, basedir);
	if (!strcmp(cmd, "guard"))
		return guard_branches(y, basedir, argc > 3 ? argv[3] : NULL, argc > 4 ? argv[4] : NULL);
	if (!strcmp(cmd, "record") && argc >= 4)
		return record_branches(y, basedir, argv[3], argc - 4, argv + 4);
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
