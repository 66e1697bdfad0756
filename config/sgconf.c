// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf: what make and the shell scripts know of branches.yaml, read
 * through the one reader (branches.c: validated, every error as file:line
 * and what is wrong), answered as shell assignments or plain lines; a
 * list of several columns (cross) opens with a header line naming them.
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
#include "record.h"
#include "validate.h"
#include "yamldoc.h"

static char basedir[4096];

static void put(const char *var, const char *val)
{
	printf("%s='", var);
	for (; val && *val; val++)
		if (*val == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*val);
	puts("'");
}

static void put_list(struct ydoc *y, const char *var, yaml_node_t *seq,
		     const char *sep)
{
	char buf[8192] = "";
	size_t n = 0;
	int i;

	for (i = 0; i < ydoc_len(seq) && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? sep : "",
			      ydoc_str(ydoc_item(y, seq, i)));
	put(var, buf);
}

static yaml_node_t *find_variant(struct ydoc *y, const char *series,
				 const char *name)
{
	yaml_node_t *s = branches_series(y, series), *v;

	if (!s)
		return NULL;
	v = ydoc_get(y, ydoc_get(y, s, "variants"), name);
	if (!v)
		fprintf(stderr, "%s: series \"%s\" has no variant \"%s\"\n",
			y->path, series, name);
	return v;
}

static void print_keys(struct ydoc *y, yaml_node_t *map)
{
	int i;

	for (i = 0; i < ydoc_len(map); i++)
		puts(ydoc_str(ydoc_key(y, map, i)));
}

static int cmd_shell(struct ydoc *y, const char *name)
{
	yaml_node_t *s = branches_series(y, name), *src, *guest;

	if (!s)
		return 1;
	src = ydoc_get(y, s, "source");
	guest = ydoc_get(y, s, "guest");
	put("SG_SERIES", name);
	put("SG_VERSION", ydoc_str(ydoc_get(y, s, "version")));
	put("SG_PACKAGE", ydoc_str(ydoc_get(y, src, "package")));
	put("SG_SUITE", ydoc_str(ydoc_get(y, src, "suite")));
	put("SG_TARBALL", ydoc_str(ydoc_get(y, src, "tarball")));
	put("SG_ERA", ydoc_str(ydoc_get(y, s, "era")));
	put("SG_COMPILER", ydoc_str(branches_get(y, s, "compiler")));
	put_list(y, "SG_CONFIG", branches_get(y, s, "config"), " ");
	put("SG_COMPAT", ydoc_str(ydoc_get(y, s, "build-compat")));
	put("SG_PATCHES", ydoc_str(ydoc_get(y, s, "patches")));
	put_list(y, "SG_BASE_CONTAINS", ydoc_get(y, s, "base-contains"), " ");
	put_list(y, "SG_LAYOUTS", ydoc_get(y, guest, "layouts"), ",");
	put_list(y, "SG_CHUNKS", ydoc_get(y, guest, "chunks"), ",");
	return 0;
}

static int cmd_variant(struct ydoc *y, const char *series, const char *name)
{
	yaml_node_t *v = find_variant(y, series, name);

	if (!v)
		return 1;
	put("SG_V_NAME", name);
	put("SG_V_FIXES", ydoc_str(ydoc_get(y, v, "fixes")));
	put_list(y, "SG_V_REGRESS", ydoc_get(y, v, "regress"), " ");
	return 0;
}

static int cmd_expect(struct ydoc *y, const char *series, const char *variant,
		      const char *check)
{
	yaml_node_t *v = find_variant(y, series, variant);
	const char *e;

	if (!v)
		return 1;
	e = branches_expect(y, v, check);
	if (!e) {
		fprintf(stderr, "%s: %s/%s: \"%s\" is not one of checks:\n", y->path,
			series, variant, check);
		return 1;
	}
	puts(e);
	return 0;
}

/* The variant a pair side runs: its own, else the first with the fixes and no mutant. */
static const char *side_variant(struct ydoc *y, yaml_node_t *side)
{
	yaml_node_t *s = ydoc_get(y, ydoc_get(y, ydoc_root(y), "series"),
				  ydoc_str(ydoc_get(y, side, "series")));
	yaml_node_t *vs = ydoc_get(y, s, "variants");
	int i;

	if (ydoc_get(y, side, "variant"))
		return ydoc_str(ydoc_get(y, side, "variant"));
	for (i = 0; i < ydoc_len(vs); i++) {
		yaml_node_t *v = ydoc_value(y, vs, i);

		if (!strcmp(ydoc_str(ydoc_get(y, v, "fixes")) ?: "", "true") &&
		    !ydoc_get(y, v, "regress"))
			return ydoc_str(ydoc_key(y, vs, i));
	}
	return "-";
}

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

/*
 * A header line, then one line per pair, tab-separated: name, writer
 * series, variant and layout, reader series, variant, mdadm --update= and
 * kernel parameter ("-" for none), member KiB (comma-separated), chunk
 * KiB, expected.  Read the columns by the header's names.
 */
#define CROSS_HEADER "name\twriter\twriter_variant\twriter_layout\treader\t" \
	"reader_variant\tupdate\tappend\tmembers\tchunk\texpect"

static int cmd_cross(struct ydoc *y)
{
	yaml_node_t *cross = ydoc_get(y, ydoc_root(y), "cross");
	yaml_node_t *pairs = ydoc_get(y, cross, "pairs");
	int i, j;

	puts(CROSS_HEADER);
	for (i = 0; i < ydoc_len(pairs); i++) {
		yaml_node_t *p = ydoc_value(y, pairs, i);
		yaml_node_t *w = ydoc_get(y, p, "write"), *r = ydoc_get(y, p, "read");
		yaml_node_t *g = ydoc_get(y, p, "geometry") ?: ydoc_get(y, cross, "geometry");
		yaml_node_t *m = ydoc_get(y, g, "members");

		printf("%s\t%s\t%s\t%s\t", ydoc_str(ydoc_key(y, pairs, i)),
		       ydoc_str(ydoc_get(y, w, "series")), side_variant(y, w),
		       ydoc_str(ydoc_get(y, w, "layout")));
		printf("%s\t%s\t%s\t%s\t", ydoc_str(ydoc_get(y, r, "series")),
		       side_variant(y, r), or_dash(ydoc_str(ydoc_get(y, r, "update"))),
		       or_dash(ydoc_str(ydoc_get(y, r, "append"))));
		for (j = 0; j < ydoc_len(m); j++)
			printf("%s%s", j ? "," : "", ydoc_str(ydoc_item(y, m, j)));
		printf("\t%s\t%s\n", ydoc_str(ydoc_get(y, g, "chunk")),
		       ydoc_str(ydoc_get(y, p, "expect")));
	}
	return 0;
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
	fprintf(stderr, "usage: sgconf FILE validate|checks|series|shell S|variants S|variant S V|expect S V CHECK|cross|upstream|fixed-by ID|guard [S [SERIES_FILE]]|lint [S|all [DIR]]|record ID key=value...\n");
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
		return 0;
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
	if (!strcmp(cmd, "shell") && argc == 4)
		return cmd_shell(y, argv[3]);
	if (!strcmp(cmd, "variants") && argc == 4) {
		yaml_node_t *s = branches_series(y, argv[3]);

		if (!s)
			return 1;
		print_keys(y, ydoc_get(y, s, "variants"));
		return 0;
	}
	if (!strcmp(cmd, "variant") && argc == 5)
		return cmd_variant(y, argv[3], argv[4]);
	if (!strcmp(cmd, "lint"))
		return cmd_lint(y, argc, argv);
	if (!strcmp(cmd, "cross"))
		return cmd_cross(y);
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
	if (!strcmp(cmd, "expect") && argc == 6)
		return cmd_expect(y, argv[3], argv[4], argv[5]);
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
