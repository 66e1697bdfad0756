// SPDX-License-Identifier: GPL-2.0
/*
 * What a job needs of branches.yaml, written once as run files
 * (lib/runfile.h) that the shell reads by column name: the series'
 * and variants' facts, the cross-era pairs, and the plan (every row the
 * run will judge, with its expected outcome).  Nothing is asked of
 * branches.yaml again while the job runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "branches.h"
#include "plan.h"
#include "runfile.h"
#include "validate.h"

/* The scenario every cross-era pair runs (verify/scenarios/raid0-layout.c). */
#define PAIR_CHECK "raid0-layout"

/* seq's items joined by sep into buf. */
static const char *joined(struct ydoc *y, yaml_node_t *seq, const char *sep, char *buf,
			  size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < ydoc_len(seq) && at < len; i++)
		at += snprintf(buf + at, len - at, "%s%s", i ? sep : "",
			       ydoc_str(ydoc_item(y, seq, i)));
	return buf;
}

/* The series the job names, or every series when it names none. */
static int series_list(struct ydoc *y, int argc, char **argv, const char **out, int max)
{
	yaml_node_t *all = ydoc_get(y, ydoc_root(y), "series");
	char known[1024];
	size_t at = 0;
	int i, n = 0, bad = 0;

	if (!argc) {
		for (i = 0; i < ydoc_len(all) && n < max; i++)
			out[n++] = ydoc_str(ydoc_key(y, all, i));
		return n;
	}
	for (i = 0; i < ydoc_len(all) && at < sizeof(known); i++)
		at += snprintf(known + at, sizeof(known) - at, "%s%s", i ? " " : "",
			       ydoc_str(ydoc_key(y, all, i)));
	for (i = 0; i < argc && n < max; i++) {
		if (!ydoc_get(y, all, argv[i])) {
			fprintf(stderr, "%s: no series \"%s\" (its series: %s)\n", y->path,
				argv[i], known);
			bad = 1;
			continue;
		}
		out[n++] = argv[i];
	}
	return bad ? -1 : n;
}

int plan_known(struct ydoc *y, int argc, char **argv)
{
	const char *series[64];

	return series_list(y, argc, argv, series, 64) < 0 ? 2 : 0;
}

/* dir/name.new opened, to be renamed into place by done(). */
static FILE *start(const char *dir, const char *name, const char *kind)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.new", dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "sgconf: %s: cannot write\n", path);
		return NULL;
	}
	runfile_put_header(f, runfile_kind(kind));
	return f;
}

static int done(FILE *f, const char *dir, const char *name)
{
	char from[4096], to[4096];

	snprintf(from, sizeof(from), "%s/%s.new", dir, name);
	snprintf(to, sizeof(to), "%s/%s", dir, name);
	if (fclose(f) || rename(from, to)) {
		fprintf(stderr, "sgconf: %s: cannot write\n", to);
		return -1;
	}
	return 0;
}

/* sgconf facts --chunks: the guest's arrays narrowed (a gate's), else NULL. */
static const char *chunks_only;

static void series_row(struct ydoc *y, FILE *f, const char *name)
{
	yaml_node_t *s = branches_series(y, name);
	yaml_node_t *src = ydoc_get(y, s, "source"), *guest = ydoc_get(y, s, "guest");
	char config[2048], base[1024], layouts[256], chunks[256];
	const char *v[SE_NCOLS];

	v[SE_SERIES] = name;
	v[SE_VERSION] = ydoc_str(ydoc_get(y, s, "version"));
	v[SE_PACKAGE] = ydoc_str(ydoc_get(y, src, "package"));
	v[SE_SUITE] = ydoc_str(ydoc_get(y, src, "suite"));
	v[SE_TARBALL] = ydoc_str(ydoc_get(y, src, "tarball"));
	v[SE_ERA] = ydoc_str(ydoc_get(y, s, "era"));
	v[SE_COMPILER] = ydoc_str(branches_get(y, s, "compiler"));
	v[SE_CONFIG] = joined(y, branches_get(y, s, "config"), " ", config, sizeof(config));
	v[SE_COMPAT] = ydoc_str(ydoc_get(y, s, "build-compat"));
	v[SE_PATCHES] = ydoc_str(ydoc_get(y, s, "patches"));
	v[SE_BASE_CONTAINS] = joined(y, ydoc_get(y, s, "base-contains"), " ", base, sizeof(base));
	v[SE_LAYOUTS] = joined(y, ydoc_get(y, guest, "layouts"), ",", layouts, sizeof(layouts));
	v[SE_CHUNKS] = chunks_only ? chunks_only :
		joined(y, ydoc_get(y, guest, "chunks"), ",", chunks, sizeof(chunks));
	runfile_put_row(f, runfile_kind("series"), v);
}

/* The git branch a variant's kernel is built from (prove/branch.sh makes it). */
static const char *variant_branch(const char *series, const char *variant, char *buf, size_t len)
{
	snprintf(buf, len, "variant/%s/%s", series, variant);
	return buf;
}

static void variant_rows(struct ydoc *y, FILE *f, const char *name)
{
	yaml_node_t *vs = ydoc_get(y, branches_series(y, name), "variants");
	char regress[2048], branch[256];
	const char *v[VA_NCOLS];
	int i;

	for (i = 0; i < ydoc_len(vs); i++) {
		yaml_node_t *var = ydoc_value(y, vs, i);

		v[VA_SERIES] = name;
		v[VA_VARIANT] = ydoc_str(ydoc_key(y, vs, i));
		v[VA_FIXES] = ydoc_str(ydoc_get(y, var, "fixes"));
		v[VA_REGRESS] = joined(y, ydoc_get(y, var, "regress"), " ", regress, sizeof(regress));
		v[VA_FROM] = "-";
		v[VA_BRANCH] = variant_branch(name, v[VA_VARIANT], branch, sizeof(branch));
		runfile_put_row(f, runfile_kind("variants"), v);
	}
}

/* dir/series and dir/variants of the n series named, known already. */
static int write_facts(struct ydoc *y, const char *dir, const char **series, int n)
{
	FILE *fs, *fv;
	int i;

	fs = start(dir, "series", "series");
	fv = start(dir, "variants", "variants");
	if (!fs || !fv)
		return 2;
	for (i = 0; i < n; i++) {
		series_row(y, fs, series[i]);
		variant_rows(y, fv, series[i]);
	}
	return done(fs, dir, "series") || done(fv, dir, "variants") ? 2 : 0;
}

int plan_facts(struct ydoc *y, const char *dir, int argc, char **argv)
{
	const char *series[64];
	int n;

	if (argc >= 2 && !strcmp(argv[0], "--chunks")) {
		if (!argv[1][0] || strspn(argv[1], "0123456789,") != strlen(argv[1])) {
			fprintf(stderr, "sgconf facts: --chunks %s: want chunk sizes in KiB, as 64,12\n",
				argv[1]);
			return 2;
		}
		chunks_only = argv[1];
		argc -= 2;
		argv += 2;
	}
	n = series_list(y, argc, argv, series, 64);

	return n < 0 ? 2 : write_facts(y, dir, series, n);
}

/* The variant a pair side runs: its own, else the first with the fixes and no mutant. */
static const char *side_variant(struct ydoc *y, yaml_node_t *side)
{
	yaml_node_t *s = branches_series(y, ydoc_str(ydoc_get(y, side, "series")));
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

/* Every cross-era pair of branches.yaml, a row of kind pairs each (no header). */
void plan_pairs(struct ydoc *y, FILE *f)
{
	yaml_node_t *cross = ydoc_get(y, ydoc_root(y), "cross");
	yaml_node_t *pairs = ydoc_get(y, cross, "pairs");
	char members[256];
	const char *v[PA_NCOLS];
	int i;

	for (i = 0; i < ydoc_len(pairs); i++) {
		yaml_node_t *p = ydoc_value(y, pairs, i);
		yaml_node_t *w = ydoc_get(y, p, "write"), *r = ydoc_get(y, p, "read");
		yaml_node_t *g = ydoc_get(y, p, "geometry") ?: ydoc_get(y, cross, "geometry");

		v[PA_NAME] = ydoc_str(ydoc_key(y, pairs, i));
		v[PA_WRITER] = ydoc_str(ydoc_get(y, w, "series"));
		v[PA_WRITER_VARIANT] = side_variant(y, w);
		v[PA_WRITER_LAYOUT] = ydoc_str(ydoc_get(y, w, "layout"));
		v[PA_READER] = ydoc_str(ydoc_get(y, r, "series"));
		v[PA_READER_VARIANT] = side_variant(y, r);
		v[PA_UPDATE] = ydoc_str(ydoc_get(y, r, "update"));
		v[PA_APPEND] = ydoc_str(ydoc_get(y, r, "append"));
		v[PA_MEMBERS] = joined(y, ydoc_get(y, g, "members"), ",", members, sizeof(members));
		v[PA_CHUNK] = ydoc_str(ydoc_get(y, g, "chunk"));
		v[PA_EXPECT] = ydoc_str(ydoc_get(y, p, "expect"));
		runfile_put_row(f, runfile_kind("pairs"), v);
	}
}

static int among(const char *s, const char **series, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (s && !strcmp(s, series[i]))
			return 1;
	return 0;
}

static void plan_row_run(FILE *f, const char *kind, const char *series, const char *variant,
			 const char *check, const char *expected, const char *branch,
			 const char *writer, const char *reader, const char *run, const char *note)
{
	const char *v[PL_NCOLS] = {
		[PL_KIND] = kind, [PL_SERIES] = series, [PL_VARIANT] = variant,
		[PL_CHECK] = check, [PL_EXPECTED] = expected, [PL_BRANCH] = branch,
		[PL_WRITER] = writer, [PL_READER] = reader, [PL_RUN] = run, [PL_NOTE] = note,
	};

	runfile_put_row(f, runfile_kind("plan"), v);
}

static void plan_row(FILE *f, const char *kind, const char *series, const char *variant,
		     const char *check, const char *expected, const char *branch,
		     const char *writer, const char *reader)
{
	plan_row_run(f, kind, series, variant, check, expected, branch, writer, reader, "yes", "-");
}

/* The paths: group of branches.yaml that holds check, or NULL. */
static yaml_node_t *path_of(struct ydoc *y, const char *check)
{
	yaml_node_t *paths = ydoc_get(y, ydoc_root(y), "paths");
	int i, j;

	for (i = 0; i < ydoc_len(paths); i++) {
		yaml_node_t *list = ydoc_value(y, paths, i);

		for (j = 0; j < ydoc_len(list); j++)
			if (!strcmp(ydoc_str(ydoc_item(y, list, j)), check))
				return list;
	}
	return NULL;
}

/*
 * A mutant (a variant with regress:) boots the checks of the paths it
 * breaks: those in a paths: group with a check its expect: lists.  The
 * others on it would say only that they do not reach its bug.
 */
static int of_mutants_path(struct ydoc *y, yaml_node_t *var, const char *check)
{
	yaml_node_t *expect = ydoc_get(y, var, "expect"), *path = path_of(y, check);
	int i;

	if (!ydoc_get(y, var, "regress") || !path)
		return 1;
	for (i = 0; i < ydoc_len(expect); i++)
		if (path_of(y, ydoc_str(ydoc_key(y, expect, i))) == path)
			return 1;
	return 0;
}

/*
 * Every (variant, check) of a series, in the order of branches.yaml; a
 * mutant's check of a path it does not break: expected SKIP, not run.
 */
static void check_rows(struct ydoc *y, FILE *f, const char *name)
{
	yaml_node_t *vs = ydoc_get(y, branches_series(y, name), "variants");
	yaml_node_t *checks = ydoc_get(y, ydoc_root(y), "checks");
	char branch[256];
	int i, c;

	for (i = 0; i < ydoc_len(vs); i++) {
		const char *variant = ydoc_str(ydoc_key(y, vs, i));

		variant_branch(name, variant, branch, sizeof(branch));
		for (c = 0; c < ydoc_len(checks); c++) {
			const char *check = ydoc_str(ydoc_item(y, checks, c));

			if (of_mutants_path(y, ydoc_value(y, vs, i), check))
				plan_row(f, "check", name, variant, check,
					 branches_expect(y, ydoc_value(y, vs, i), check), branch, "-",
					 "-");
			else
				plan_row_run(f, "check", name, variant, check, "SKIP", branch, "-",
					     "-", "no", "a mutant boots the checks of the paths it breaks");
		}
	}
}

/* The pairs whose writer and reader are both among the series run. */
static void pair_rows(struct ydoc *y, FILE *f, const char **series, int n)
{
	yaml_node_t *pairs = ydoc_get(y, ydoc_get(y, ydoc_root(y), "cross"), "pairs");
	int i;

	for (i = 0; i < ydoc_len(pairs); i++) {
		yaml_node_t *p = ydoc_value(y, pairs, i);
		const char *w = ydoc_str(ydoc_get(y, ydoc_get(y, p, "write"), "series"));
		const char *r = ydoc_str(ydoc_get(y, ydoc_get(y, p, "read"), "series"));

		if (!among(w, series, n) || !among(r, series, n))
			continue;
		plan_row(f, "pair", "-", ydoc_str(ydoc_key(y, pairs, i)), PAIR_CHECK,
			 ydoc_str(ydoc_get(y, p, "expect")), "-", w, r);
	}
}

int plan_write(struct ydoc *y, const char *dir, int argc, char **argv)
{
	const char *series[64];
	FILE *plan, *pairs;
	int n = series_list(y, argc, argv, series, 64), i;

	if (n < 0)
		return 2;
	if (write_facts(y, dir, series, n))
		return 2;
	plan = start(dir, "plan", "plan");
	if (!plan)
		return 2;
	for (i = 0; i < n; i++)
		check_rows(y, plan, series[i]);
	pair_rows(y, plan, series, n);
	if (done(plan, dir, "plan"))
		return 2;
	pairs = start(dir, "cross.list", "pairs");
	if (!pairs)
		return 2;
	plan_pairs(y, pairs);
	return done(pairs, dir, "cross.list") ? 2 : 0;
}

/* Whether name is one of the comma-separated list (NULL: every name is). */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	if (!list)
		return 1;
	for (p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ',') && (!p[n] || p[n] == ','))
			return 1;
	return 0;
}

int plan_gate(struct ydoc *y, const char *dir, const char *series, const char *variants,
	      const char *only)
{
	yaml_node_t *checks = ydoc_get(y, ydoc_root(y), "checks");
	char variant[128], branch[256];
	const char *v, *next;
	FILE *plan;
	int c;

	if (!branches_series(y, series))
		return 2;
	plan = start(dir, "plan", "plan");
	if (!plan)
		return 2;
	for (v = variants; *v; v = next) {
		next = strchr(v, ',');
		snprintf(variant, sizeof(variant), "%.*s", next ? (int)(next - v) : (int)strlen(v), v);
		next = next ? next + 1 : v + strlen(v);
		variant_branch(series, variant, branch, sizeof(branch));
		for (c = 0; c < ydoc_len(checks); c++) {
			const char *check = ydoc_str(ydoc_item(y, checks, c));

			if (listed(only, check))
				plan_row(plan, "gate", series, variant, check, "PASS", branch, "-", "-");
		}
	}
	return done(plan, dir, "plan") ? 2 : 0;
}

int plan_paths(struct ydoc *y)
{
	yaml_node_t *paths = ydoc_get(y, ydoc_root(y), "paths");
	const struct runfile_kind *k = runfile_kind("checkpath");
	int i, j;

	runfile_put_header(stdout, k);
	for (i = 0; i < ydoc_len(paths); i++) {
		yaml_node_t *list = ydoc_value(y, paths, i);

		for (j = 0; j < ydoc_len(list); j++) {
			const char *values[CP_NCOLS] = {
				ydoc_str(ydoc_item(y, list, j)), ydoc_str(ydoc_key(y, paths, i)),
			};

			runfile_put_row(stdout, k, values);
		}
	}
	return 0;
}
