// SPDX-License-Identifier: GPL-2.0
/*
 * The schema of branches.yaml: every series has its tree's source, era,
 * compiler, config, patch sets and guest geometry; a variant's expect:
 * names only the checks that must not pass.  Each error is reported as
 * file:line.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "branches.h"
#include "validate.h"

static const char *const eras[] = { "pre-immutable", "immutable", "modern", NULL };
static const char *const series_keys[] = {
	"version", "source", "era", "compiler", "config", "build-compat",
	"patches", "base-contains", "guest", "variants", "notes", NULL,
};
static const char *const variant_keys[] = { "fixes", "regress", "expect", "notes", NULL };

static const char *const default_keys[] = { "compiler", "config", NULL };

static const char *basedir;

/* The mapping that gives key to a series: the series, else defaults:. */
static yaml_node_t *giver(struct ydoc *y, yaml_node_t *series, const char *key)
{
	yaml_node_t *d = ydoc_get(y, ydoc_root(y), "defaults");

	return ydoc_get(y, series, key) || !ydoc_get(y, d, key) ? series : d;
}

yaml_node_t *branches_get(struct ydoc *y, yaml_node_t *series, const char *key)
{
	return ydoc_get(y, giver(y, series, key), key);
}

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

/* The top-level checks:, "a, b, c", for an error that names them. */
static const char *checks_named(struct ydoc *y, yaml_node_t *checks)
{
	static char buf[1024];
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < ydoc_len(checks) && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? ", " : "",
			      ydoc_str(ydoc_item(y, checks, i)) ?: "?");
	return buf;
}

/*
 * One entry of a variant's expect:.  PASS is the rule for every check not
 * listed, so a listed PASS is refused too: the map stays the short list
 * of what must not pass, and a reader sees those at a glance.
 */
static void check_outcome(struct ydoc *y, yaml_node_t *exp, int i,
			  yaml_node_t *checks, const char *where)
{
	yaml_node_t *key = ydoc_key(y, exp, i), *val = ydoc_value(y, exp, i);
	const char *c = ydoc_str(key), *s = ydoc_str(val);
	int j;

	if (!c || !branches_is_check(y, c)) {
		ydoc_err(y, key, "%s: unknown check \"%s\" (checks: %s)",
			 where, c ? c : "?", checks_named(y, checks));
		return;
	}
	for (j = 0; j < i; j++)
		if (!strcmp(ydoc_str(ydoc_key(y, exp, j)) ?: "", c))
			ydoc_err(y, key, "%s: check %s listed twice", where, c);
	if (s && !strcmp(s, "PASS"))
		ydoc_err(y, val, "%s: check %s: PASS is the rule; leave it out (expect: lists only the checks that must not pass)",
			 where, c);
	else if (!s || strcmp(s, "FAIL"))
		ydoc_err(y, val, "%s: check %s: expected FAIL, not \"%s\" (a check not listed must PASS)",
			 where, c, s ? s : "?");
}

/* Optional: a variant without expect: must pass every check. */
static void check_expect(struct ydoc *y, yaml_node_t *v, yaml_node_t *checks,
			 const char *where)
{
	yaml_node_t *exp = ydoc_get(y, v, "expect");
	int i;

	if (!exp)
		return;
	if (!ydoc_is_map(exp) || !ydoc_len(exp)) {
		ydoc_err(y, exp, "%s: \"expect\" must map each check that must not pass to FAIL (leave it out when every check must pass)",
			 where);
		return;
	}
	for (i = 0; i < ydoc_len(exp); i++)
		check_outcome(y, exp, i, checks, where);
}

static void check_variant(struct ydoc *y, yaml_node_t *v, yaml_node_t *checks,
			  const char *where)
{
	yaml_node_t *fixes = ydoc_get(y, v, "fixes");
	yaml_node_t *regress = ydoc_get(y, v, "regress");
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
	check_expect(y, v, checks, where);
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

/* A non-empty list of files, each relative to branches.yaml. */
static void need_file_list(struct ydoc *y, yaml_node_t *map, const char *key,
			   const char *where)
{
	yaml_node_t *n = ydoc_get(y, map, key);
	int i;

	check_seq_of_str(y, map, key, where);
	if (!ydoc_is_seq(n))
		return;
	for (i = 0; i < ydoc_len(n); i++) {
		const char *f = ydoc_str(ydoc_item(y, n, i));

		if (f && !file_exists(f))
			ydoc_err(y, ydoc_item(y, n, i), "%s: %s: %s: no such file",
				 where, key, f);
	}
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
	need_str(y, giver(y, s, "compiler"), "compiler", where);
	check_source(y, s, where);
	era = need_str(y, s, "era", where);
	if (era && !in_list(era, eras))
		ydoc_err(y, ydoc_get(y, s, "era"),
			 "%s: era \"%s\" is not pre-immutable, immutable or modern", where, era);
	need_file_list(y, giver(y, s, "config"), "config", where);
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

/* "original", "alternate", or mdadm's word = the model's: "dangerous=original". */
static int layout_ok(const char *s)
{
	const char *model = s ? strchr(s, '=') : NULL;

	model = model ? model + 1 : s;
	return model && (!strcmp(model, "original") || !strcmp(model, "alternate"));
}

static void check_geometry(struct ydoc *y, yaml_node_t *g, const char *where)
{
	static const char *const keys[] = { "members", "chunk", NULL };
	yaml_node_t *m = ydoc_get(y, g, "members");
	const char *chunk = ydoc_str(ydoc_get(y, g, "chunk"));
	int i;

	if (!ydoc_is_map(g)) {
		ydoc_err(y, g, "%s: \"geometry\" must give members and chunk", where);
		return;
	}
	unknown_keys(y, g, keys, where);
	if (!ydoc_is_seq(m) || ydoc_len(m) < 3)
		ydoc_err(y, m ? m : g, "%s: members: a list of 3 or more sizes in KiB (a multi-zone array)", where);
	for (i = 0; i < ydoc_len(m); i++) {
		const char *k = ydoc_str(ydoc_item(y, m, i));

		if (!k || strspn(k, "0123456789") != strlen(k) || !*k)
			ydoc_err(y, ydoc_item(y, m, i), "%s: members: sizes are whole KiB", where);
	}
	if (!chunk || !*chunk || strspn(chunk, "0123456789") != strlen(chunk))
		ydoc_err(y, g, "%s: chunk: the chunk size in KiB", where);
}

/* One side of a pair: a series and variant of this file, and what it does. */
static void check_side(struct ydoc *y, yaml_node_t *pair, const char *side,
		       const char *where)
{
	static const char *const keys[] = { "series", "variant", "layout", "update", "append", NULL };
	yaml_node_t *n = ydoc_get(y, pair, side), *s;
	const char *series, *variant, *layout;
	char w[300];

	snprintf(w, sizeof(w), "%s %s", where, side);
	if (!ydoc_is_map(n)) {
		ydoc_err(y, n ? n : pair, "%s: must be a mapping with series", w);
		return;
	}
	unknown_keys(y, n, keys, w);
	series = need_str(y, n, "series", w);
	s = series ? ydoc_get(y, ydoc_get(y, ydoc_root(y), "series"), series) : NULL;
	if (series && !s)
		ydoc_err(y, ydoc_get(y, n, "series"), "%s: no series \"%s\"", w, series);
	variant = ydoc_str(ydoc_get(y, n, "variant"));
	if (s && variant && !ydoc_get(y, ydoc_get(y, s, "variants"), variant))
		ydoc_err(y, ydoc_get(y, n, "variant"), "%s: series %s has no variant \"%s\"",
			 w, series, variant);
	layout = ydoc_str(ydoc_get(y, n, "layout"));
	if (!strcmp(side, "write") && !layout_ok(layout))
		ydoc_err(y, ydoc_get(y, n, "layout") ?: n,
			 "%s: layout: original, alternate or mdadm-word=original|alternate", w);
	if (!strcmp(side, "read") && ydoc_get(y, n, "layout"))
		ydoc_err(y, ydoc_get(y, n, "layout"),
			 "%s: the reader's layout is what the kernel does; say update: or append:", w);
}

static void check_cross(struct ydoc *y, yaml_node_t *cross)
{
	static const char *const keys[] = { "geometry", "pairs", NULL };
	static const char *const pair_keys[] = { "write", "read", "geometry", "expect", "notes", NULL };
	yaml_node_t *pairs = ydoc_get(y, cross, "pairs");
	char where[200];
	int i;

	if (!ydoc_is_map(cross)) {
		ydoc_err(y, cross, "cross: must be a mapping with geometry and pairs");
		return;
	}
	unknown_keys(y, cross, keys, "cross");
	check_geometry(y, ydoc_get(y, cross, "geometry") ?: cross, "cross");
	if (!ydoc_is_map(pairs)) {
		ydoc_err(y, pairs ? pairs : cross, "cross: \"pairs\" must be a mapping of named pairs");
		return;
	}
	for (i = 0; i < ydoc_len(pairs); i++) {
		yaml_node_t *p = ydoc_value(y, pairs, i);
		const char *e;

		snprintf(where, sizeof(where), "cross pair \"%s\"",
			 ydoc_str(ydoc_key(y, pairs, i)) ?: "?");
		if (!ydoc_is_map(p)) {
			ydoc_err(y, p, "%s: must be a mapping", where);
			continue;
		}
		unknown_keys(y, p, pair_keys, where);
		check_side(y, p, "write", where);
		check_side(y, p, "read", where);
		if (ydoc_get(y, p, "geometry"))
			check_geometry(y, ydoc_get(y, p, "geometry"), where);
		e = ydoc_str(ydoc_get(y, p, "expect"));
		if (!e || (strcmp(e, "PASS") && strcmp(e, "FAIL") && strcmp(e, "REFUSED")))
			ydoc_err(y, ydoc_get(y, p, "expect") ?: p,
				 "%s: expect: PASS, FAIL or REFUSED", where);
	}
}

/* How many times paths: lists the check called name. */
static int times_listed(struct ydoc *y, yaml_node_t *paths, const char *name)
{
	int i, j, n = 0;

	for (i = 0; i < ydoc_len(paths); i++) {
		yaml_node_t *list = ydoc_value(y, paths, i);

		for (j = 0; ydoc_is_seq(list) && j < ydoc_len(list); j++)
			n += ydoc_str(ydoc_item(y, list, j)) &&
			     !strcmp(ydoc_str(ydoc_item(y, list, j)), name);
	}
	return n;
}

/* paths: each a list of checks of checks:, every check in exactly one. */
static void check_paths(struct ydoc *y, yaml_node_t *paths, yaml_node_t *checks)
{
	int i, j;

	if (!ydoc_is_map(paths)) {
		ydoc_err(y, paths, "paths: must be a mapping of a path to its checks");
		return;
	}
	for (i = 0; i < ydoc_len(paths); i++) {
		const char *path = ydoc_str(ydoc_key(y, paths, i));
		yaml_node_t *list = ydoc_value(y, paths, i);

		if (!ydoc_is_seq(list) || !ydoc_len(list)) {
			ydoc_err(y, list ? list : paths, "paths: %s: want a non-empty list of checks",
				 path ? path : "?");
			continue;
		}
		for (j = 0; j < ydoc_len(list); j++) {
			const char *c = ydoc_str(ydoc_item(y, list, j));

			if (!c || !branches_is_check(y, c))
				ydoc_err(y, ydoc_item(y, list, j), "paths: %s: %s is not a check of checks:",
					 path ? path : "?", c ? c : "?");
		}
	}
	for (i = 0; ydoc_is_seq(checks) && i < ydoc_len(checks); i++) {
		const char *c = ydoc_str(ydoc_item(y, checks, i));
		int n = c ? times_listed(y, paths, c) : 1;

		if (n != 1)
			ydoc_err(y, paths, "paths: check %s is in %d paths, want one", c, n);
	}
}

int branches_validate(struct ydoc *y, const char *dir)
{
	yaml_node_t *root = ydoc_root(y), *checks, *series;
	int i;

	basedir = dir;

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
	if (ydoc_get(y, root, "defaults")) {
		if (!ydoc_is_map(ydoc_get(y, root, "defaults")))
			ydoc_err(y, ydoc_get(y, root, "defaults"), "defaults: must be a mapping");
		else
			unknown_keys(y, ydoc_get(y, root, "defaults"), default_keys, "defaults");
	}
	series = ydoc_get(y, root, "series");
	if (!ydoc_is_map(series) || !ydoc_len(series)) {
		ydoc_err(y, series ? series : root, "\"series\" must be a non-empty mapping");
		return -1;
	}
	for (i = 0; i < ydoc_len(series); i++) {
		const char *name = ydoc_str(ydoc_key(y, series, i));

		check_series(y, name ? name : "?", ydoc_value(y, series, i), checks);
	}
	if (ydoc_get(y, root, "cross"))
		check_cross(y, ydoc_get(y, root, "cross"));
	if (ydoc_get(y, root, "paths"))
		check_paths(y, ydoc_get(y, root, "paths"), checks);
	return y->errors ? -1 : 0;
}

