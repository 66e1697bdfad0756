// SPDX-License-Identifier: GPL-2.0
/*
 * sgconf: the only reader of branches.yaml.  Validates it (every error as
 * file:line and what is wrong) and answers the questions make and the
 * shell scripts ask, as shell assignments or plain lines.
 *
 *	sgconf FILE validate
 *	sgconf FILE checks | series
 *	sgconf FILE shell SERIES		series fields as SG_* assignments
 *	sgconf FILE variants SERIES
 *	sgconf FILE variant SERIES VARIANT	variant fields as SG_V_*
 *	sgconf FILE expect SERIES VARIANT CHECK
 *	sgconf FILE guard [SERIES [SERIES_FILE]]
 *	sgconf FILE lint [SERIES|all [PREIMAGE_DIR|- [SERIES_FILE]]]
 *
 * guard refuses a series whose base (base-contains) plus patch sets carry
 * a commit that a known upstream commit Fixes: without carrying that fix
 * too: the mistake that left 3.19.8 with 47d68979cc96 and no a81157768a00.
 * SERIES_FILE stands in for the series' own list of fixes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts.h"
#include "guard.h"
#include "lint.h"
#include "patchfile.h"
#include "yamldoc.h"

static const char *const eras[] = { "pre-immutable", "immutable", "modern", NULL };
static const char *const series_keys[] = {
	"version", "source", "era", "compiler", "config", "build-compat",
	"patches", "base-contains", "guest", "variants", "notes", NULL,
};
static const char *const variant_keys[] = { "fixes", "regress", "expect", "notes", NULL };

static char basedir[4096];

static int in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return 1;
	return 0;
}

static int file_exists(const char *rel)
{
	char path[8192];

	snprintf(path, sizeof(path), "%s/%s", basedir, rel);
	return access(path, R_OK) == 0;
}

static const char *need_str(struct ydoc *y, yaml_node_t *map, const char *key,
			    const char *where)
{
	yaml_node_t *n = ydoc_get(y, map, key);
	const char *s = ydoc_str(n);

	if (!n)
		ydoc_err(y, map, "%s: missing \"%s\"", where, key);
	else if (!s || !*s)
		ydoc_err(y, n, "%s: \"%s\" must be a non-empty string", where, key);
	return s;
}

static void need_file(struct ydoc *y, yaml_node_t *map, const char *key,
		      const char *where, int optional)
{
	const char *s;

	if (optional && !ydoc_get(y, map, key))
		return;
	s = need_str(y, map, key, where);
	if (s && !file_exists(s))
		ydoc_err(y, ydoc_get(y, map, key), "%s: %s: no such file", where, s);
}

static void unknown_keys(struct ydoc *y, yaml_node_t *map,
			 const char *const *known, const char *where)
{
	int i;

	for (i = 0; i < ydoc_len(map); i++) {
		yaml_node_t *k = ydoc_key(y, map, i);
		const char *s = ydoc_str(k);

		if (!s || !in_list(s, known))
			ydoc_err(y, k, "%s: unknown key \"%s\"", where, s ? s : "?");
	}
}

static void check_source(struct ydoc *y, yaml_node_t *series, const char *where)
{
	static const char *const keys[] = { "package", "suite", "tarball", NULL };
	yaml_node_t *src = ydoc_get(y, series, "source");
	int pkg, tar;

	if (!ydoc_is_map(src)) {
		ydoc_err(y, src ? src : series, "%s: \"source\" must be a mapping", where);
		return;
	}
	unknown_keys(y, src, keys, where);
	pkg = ydoc_get(y, src, "package") != NULL;
	tar = ydoc_get(y, src, "tarball") != NULL;
	if (pkg == tar)
		ydoc_err(y, src, "%s: source needs exactly one of package or tarball", where);
	if (pkg)
		need_str(y, src, "package", where);
	if (tar)
		need_str(y, src, "tarball", where);
}

static void check_expect(struct ydoc *y, yaml_node_t *exp, yaml_node_t *checks,
			 const char *where)
{
	int i;

	for (i = 0; i < ydoc_len(checks); i++) {
		const char *c = ydoc_str(ydoc_item(y, checks, i));
		yaml_node_t *v = c ? ydoc_get(y, exp, c) : NULL;
		const char *s = ydoc_str(v);

		if (!c)
			continue;
		if (!v)
			ydoc_err(y, exp, "%s: no expected outcome for check %s", where, c);
		else if (!s || (strcmp(s, "PASS") && strcmp(s, "FAIL")))
			ydoc_err(y, v, "%s: check %s: expected PASS or FAIL, not \"%s\"",
				 where, c, s ? s : "?");
	}
	for (i = 0; i < ydoc_len(exp); i++) {
		const char *k = ydoc_str(ydoc_key(y, exp, i));
		int j, known = 0;

		for (j = 0; k && j < ydoc_len(checks); j++)
			known |= !strcmp(k, ydoc_str(ydoc_item(y, checks, j)) ?: "");
		if (!known)
			ydoc_err(y, ydoc_key(y, exp, i), "%s: unknown check \"%s\"",
				 where, k ? k : "?");
	}
}

static void check_variant(struct ydoc *y, yaml_node_t *v, yaml_node_t *checks,
			  const char *where)
{
	yaml_node_t *fixes = ydoc_get(y, v, "fixes");
	yaml_node_t *regress = ydoc_get(y, v, "regress");
	yaml_node_t *exp = ydoc_get(y, v, "expect");
	const char *f = ydoc_str(fixes);
	int i;

	if (!ydoc_is_map(v)) {
		ydoc_err(y, v, "%s: must be a mapping", where);
		return;
	}
	unknown_keys(y, v, variant_keys, where);
	if (!f || (strcmp(f, "true") && strcmp(f, "false")))
		ydoc_err(y, fixes ? fixes : v, "%s: \"fixes\" must be true or false", where);
	if (regress && !ydoc_is_seq(regress))
		ydoc_err(y, regress, "%s: \"regress\" must be a list of patch files", where);
	for (i = 0; i < ydoc_len(regress); i++) {
		yaml_node_t *p = ydoc_item(y, regress, i);
		const char *s = ydoc_str(p);

		if (!s || !file_exists(s))
			ydoc_err(y, p, "%s: regress patch %s: no such file", where, s ? s : "?");
	}
	if (!ydoc_is_map(exp))
		ydoc_err(y, exp ? exp : v, "%s: \"expect\" must map each check to PASS or FAIL", where);
	else
		check_expect(y, exp, checks, where);
}

static void check_seq_of_str(struct ydoc *y, yaml_node_t *parent, const char *key,
			     const char *where)
{
	yaml_node_t *n = ydoc_get(y, parent, key);
	int i;

	if (!ydoc_is_seq(n) || !ydoc_len(n)) {
		ydoc_err(y, n ? n : parent, "%s: \"%s\" must be a non-empty list", where, key);
		return;
	}
	for (i = 0; i < ydoc_len(n); i++)
		if (!ydoc_str(ydoc_item(y, n, i)))
			ydoc_err(y, ydoc_item(y, n, i), "%s: %s: items must be strings", where, key);
}

static void check_series(struct ydoc *y, const char *name, yaml_node_t *s,
			 yaml_node_t *checks)
{
	char where[128], vwhere[256];
	yaml_node_t *variants, *guest;
	const char *era;
	int i;

	snprintf(where, sizeof(where), "series \"%s\"", name);
	if (!ydoc_is_map(s)) {
		ydoc_err(y, s, "%s: must be a mapping", where);
		return;
	}
	unknown_keys(y, s, series_keys, where);
	need_str(y, s, "version", where);
	need_str(y, s, "compiler", where);
	check_source(y, s, where);
	era = need_str(y, s, "era", where);
	if (era && !in_list(era, eras))
		ydoc_err(y, ydoc_get(y, s, "era"),
			 "%s: era \"%s\" is not pre-immutable, immutable or modern", where, era);
	need_file(y, s, "config", where, 0);
	need_file(y, s, "patches", where, 0);
	need_file(y, s, "build-compat", where, 1);
	if (ydoc_get(y, s, "base-contains"))
		check_seq_of_str(y, s, "base-contains", where);
	guest = ydoc_get(y, s, "guest");
	if (!ydoc_is_map(guest)) {
		ydoc_err(y, guest ? guest : s, "%s: \"guest\" must give layouts and chunks", where);
	} else {
		check_seq_of_str(y, guest, "layouts", where);
		check_seq_of_str(y, guest, "chunks", where);
	}
	variants = ydoc_get(y, s, "variants");
	if (!ydoc_is_map(variants) || !ydoc_len(variants)) {
		ydoc_err(y, variants ? variants : s, "%s: \"variants\" must be a non-empty mapping", where);
		return;
	}
	for (i = 0; i < ydoc_len(variants); i++) {
		snprintf(vwhere, sizeof(vwhere), "%s variant \"%s\"", where,
			 ydoc_str(ydoc_key(y, variants, i)) ?: "?");
		check_variant(y, ydoc_value(y, variants, i), checks, vwhere);
	}
}

static int validate(struct ydoc *y)
{
	yaml_node_t *root = ydoc_root(y), *checks, *series;
	int i;

	if (!ydoc_is_map(root)) {
		ydoc_err(y, root, "top level must be a mapping with checks and series");
		return -1;
	}
	checks = ydoc_get(y, root, "checks");
	if (!ydoc_str(ydoc_get(y, root, "upstream")))
		ydoc_err(y, root, "top level: missing \"upstream\" (the file of upstream facts)");
	else if (!file_exists(ydoc_str(ydoc_get(y, root, "upstream"))))
		ydoc_err(y, ydoc_get(y, root, "upstream"), "upstream: %s: no such file",
			 ydoc_str(ydoc_get(y, root, "upstream")));
	check_seq_of_str(y, root, "checks", "top level");
	series = ydoc_get(y, root, "series");
	if (!ydoc_is_map(series) || !ydoc_len(series)) {
		ydoc_err(y, series ? series : root, "\"series\" must be a non-empty mapping");
		return -1;
	}
	for (i = 0; i < ydoc_len(series); i++) {
		const char *name = ydoc_str(ydoc_key(y, series, i));

		check_series(y, name ? name : "?", ydoc_value(y, series, i), checks);
	}
	return y->errors ? -1 : 0;
}

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

static yaml_node_t *find_series(struct ydoc *y, const char *name)
{
	yaml_node_t *s = ydoc_get(y, ydoc_get(y, ydoc_root(y), "series"), name);

	if (!s)
		fprintf(stderr, "%s: no series \"%s\"\n", y->path, name);
	return s;
}

static yaml_node_t *find_variant(struct ydoc *y, const char *series,
				 const char *name)
{
	yaml_node_t *s = find_series(y, series), *v;

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
	yaml_node_t *s = find_series(y, name), *src, *guest;

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
	put("SG_COMPILER", ydoc_str(ydoc_get(y, s, "compiler")));
	put("SG_CONFIG", ydoc_str(ydoc_get(y, s, "config")));
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
	e = ydoc_str(ydoc_get(y, ydoc_get(y, v, "expect"), check));
	if (!e) {
		fprintf(stderr, "%s: %s/%s: no expectation for %s\n", y->path,
			series, variant, check);
		return 1;
	}
	puts(e);
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
	yaml_node_t *s = find_series(y, name), *bc;
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
	char path[4096];
	int i, bad = 0, rc;

	in_base(ydoc_str(ydoc_get(y, ydoc_root(y), "upstream")), path, sizeof(path));
	if (facts_load(&facts, path))
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

static int lint_one(struct ydoc *y, struct facts *facts, const char *name,
		    const char *preimage, const char *override)
{
	yaml_node_t *s = find_series(y, name);
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
	bad = lint_series(facts, override ? override : path, "fix",
			  preimage ? dir : NULL);
	compat = ydoc_str(ydoc_get(y, s, "build-compat"));
	if (compat) {
		in_base(compat, path, sizeof(path));
		if (preimage) {
			snprintf(dir, sizeof(dir), "%s/%s/build-compat", preimage, name);
			mkdir(dir, 0755);
		}
		bad += lint_series(facts, path, "build-compat", preimage ? dir : NULL);
	}
	if (!bad)
		printf("lint: %s: patch sets well formed\n", name);
	return bad;
}

static int cmd_lint(struct ydoc *y, int argc, char **argv)
{
	static struct facts facts;
	yaml_node_t *series = ydoc_get(y, ydoc_root(y), "series");
	const char *preimage = argc > 4 && strcmp(argv[4], "-") ? argv[4] : NULL;
	char path[4096];
	int i, bad = 0;

	in_base(ydoc_str(ydoc_get(y, ydoc_root(y), "upstream")), path, sizeof(path));
	if (facts_load(&facts, path))
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

static int usage(void)
{
	fprintf(stderr, "usage: sgconf FILE validate|checks|series|shell S|variants S|variant S V|expect S V CHECK|guard [S [SERIES_FILE]]|lint [S|all [DIR]]\n");
	return 2;
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
		yaml_node_t *s = find_series(y, argv[3]);

		if (!s)
			return 1;
		print_keys(y, ydoc_get(y, s, "variants"));
		return 0;
	}
	if (!strcmp(cmd, "variant") && argc == 5)
		return cmd_variant(y, argv[3], argv[4]);
	if (!strcmp(cmd, "lint"))
		return cmd_lint(y, argc, argv);
	if (!strcmp(cmd, "guard"))
		return cmd_guard(y, argc, argv);
	if (!strcmp(cmd, "expect") && argc == 6)
		return cmd_expect(y, argv[3], argv[4], argv[5]);
	return usage();
}

int main(int argc, char **argv)
{
	struct ydoc y;
	char *slash;
	int ret;

	if (argc < 3)
		return usage();
	snprintf(basedir, sizeof(basedir), "%s", argv[1]);
	slash = strrchr(basedir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(basedir, sizeof(basedir), ".");
	if (ydoc_load(&y, argv[1]))
		return 1;
	if (validate(&y)) {
		fprintf(stderr, "%s: %d error%s\n", argv[1], y.errors,
			y.errors == 1 ? "" : "s");
		ydoc_free(&y);
		return 1;
	}
	ret = dispatch(&y, argc, argv);
	ydoc_free(&y);
	return ret;
}
