// SPDX-License-Identifier: GPL-2.0
/*
 * kcidb.json of a matrix run: a checkout per series (its stable/S), a
 * build per (series, variant) and a test per row.  A cross-era pair's test
 * is a test of the reader's build (cross.list names it), misc naming both.
 * A gate's run (it has a gate.tsv) has two trees, the previous release and
 * the candidate: a checkout per variant, and its regressions as issues
 * and incidents (kcidbgate.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaterun.h"
#include "kcidb.h"
#include "tables.h"
#include "outfile.h"
#include "patchfile.h"
#include "runfolder.h"

#define MAX_UNITS 1024
#define BIG 16384	/* log_excerpt's maxLength, in characters */

/* A (series, variant) of the run: its rows, or a pair's reader alone. */
struct unit {
	char series[64], variant[128];
	const struct result *row;	/* its first row; NULL for a reader alone */
	int nr;
};

static const char *dir;
static char run[256];
static const struct result *rows;
static int nr;
static struct unit units[MAX_UNITS];
static int nr_units;
static const struct gate_run *gr;	/* a gate's run (gr->has_gate): a checkout per variant */

static struct unit *find_unit(const char *series, const char *variant)
{
	int i;

	for (i = 0; i < nr_units; i++)
		if (!strcmp(units[i].series, series) && !strcmp(units[i].variant, variant))
			return &units[i];
	return NULL;
}

static struct unit *add_unit(const char *series, const char *variant)
{
	struct unit *u = find_unit(series, variant);

	if (u || nr_units == MAX_UNITS)
		return u;
	u = &units[nr_units++];
	snprintf(u->series, sizeof(u->series), "%s", series);
	snprintf(u->variant, sizeof(u->variant), "%s", variant);
	return u;
}

/* The reader's (series, variant) of a pair's row: cross.list, else its name. */
static struct unit *pair_reader(const struct result *r)
{
	char series[64], variant[128];

	if (run_pair_reader(dir, r->col[R_VARIANT], series, sizeof(series),
			    variant, sizeof(variant))) {
		snprintf(series, sizeof(series), "%s", results_pair_reader(r));
		snprintf(variant, sizeof(variant), "%s", r->col[R_VARIANT]);
	}
	return add_unit(series, variant);
}

static void collect_units(void)
{
	struct unit *u;
	int i;

	for (i = 0; i < nr; i++) {
		if (results_is_pair(&rows[i]))
			continue;
		u = add_unit(rows[i].col[R_SERIES], rows[i].col[R_VARIANT]);
		if (u && !u->row)
			u->row = &rows[i];
		if (u)
			u->nr++;
	}
	for (i = 0; i < nr; i++)
		if (results_is_pair(&rows[i]))
			pair_reader(&rows[i]);
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* The row of the unit that says most of why its build did not run. */
static const struct result *first_error(const struct unit *u)
{
	int i;

	for (i = 0; u->row && i < u->nr; i++)
		if (!strcmp(u->row[i].col[R_OBSERVED], "ERROR"))
			return &u->row[i];
	return NULL;
}

/*
 * The build's status: SKIP with the series; FAIL or MISS as matrix.sh's
 * reason of an ERROR says ("build failed", or no kernel to build: the
 * branch or checkout); PASS when a kernel was kept or booted.
 */
static const char *build_status(const struct unit *u, const struct run_series *s)
{
	const struct result *e = first_error(u);
	int i;

	if (s->skip[0] || (u->row && results_skipped(u->row)))
		return "SKIP";
	if (e && starts(e->col[R_REASON], "build failed"))
		return "FAIL";
	if (e && (starts(e->col[R_REASON], "branch failed") || starts(e->col[R_REASON], "cannot ")))
		return "MISS";
	if (run_kernel_kept(dir, u->series, u->variant))
		return "PASS";
	for (i = 0; u->row && i < u->nr; i++)
		if (strcmp(u->row[i].col[R_OBSERVED], "ERROR"))
			return "PASS";
	return e ? "PASS" : NULL;
}

/* Why a row is what it is: its first bad line, and the kernel's complaint. */
static const char *excerpt(const struct result *r, char *buf, size_t len)
{
	results_first_bad(r, buf, len);
	if (strcmp(r->col[R_COMPLAINT], "-"))
		snprintf(buf + strlen(buf), len - strlen(buf), "\n%s", r->col[R_COMPLAINT]);
	return buf;
}

/* log_url of a log matrix.sh wrote into the run folder, when it did. */
static void log_url(struct jw *w, const char *path)
{
	char rel[PATH_MAX], url[3 * PATH_MAX];

	if (run_log_rel(dir, path, rel, sizeof(rel)))
		jw_str(w, "log_url", kcidb_url(url, sizeof(url), dir, rel));
}

/* The checkout of a series (a gate's: of a series' variant, u's). */
static const char *checkout_id(char *buf, size_t len, const struct unit *u)
{
	char part[256];

	if (!gr->has_gate)
		return kcidb_id(buf, len, run, u->series);
	snprintf(part, sizeof(part), "%s/%s/checkout", u->series, u->variant);
	return kcidb_id(buf, len, run, part);
}

static void write_checkout(struct jw *w, const struct unit *of)
{
	const char *series = of->series;
	const struct unit *u = gr->has_gate && of->row ? of : NULL;
	struct run_series s;
	char id[512], buf[1024], path[PATH_MAX];
	const struct result *e;
	int i;

	for (i = 0; i < nr_units && !u; i++)
		if (!strcmp(units[i].series, series) && units[i].row)
			u = &units[i];
	run_series_info(dir, series, &s);
	if (u && !s.kernel[0] && strcmp(u->row->col[R_KERNEL], "-"))
		snprintf(s.kernel, sizeof(s.kernel), "%s", u->row->col[R_KERNEL]);
	if (u && !s.patchset[0] && strcmp(u->row->col[R_PATCHSET], "-"))
		snprintf(s.patchset, sizeof(s.patchset), "%s", u->row->col[R_PATCHSET]);
	if (!s.skip[0] && u && results_skipped(u->row))
		snprintf(s.skip, sizeof(s.skip), "%s", u->row->col[R_REASON]);
	if (gr->has_gate) {	/* the variant's tree, not stable/S's commit */
		snprintf(s.branch, sizeof(s.branch), "variant/%s/%s", series, of->variant);
		s.commit[0] = '\0';
	}
	if (!s.branch[0])
		snprintf(s.branch, sizeof(s.branch), "stable/%s", series);
	e = u ? first_error(u) : NULL;
	if (e && !starts(e->col[R_REASON], "branch failed"))
		e = NULL;

	jw_open(w, NULL, '{');
	jw_str(w, "id", checkout_id(id, sizeof(id), of));
	jw_str(w, "origin", KCIDB_ORIGIN);
	jw_str(w, "tree_name", KCIDB_ORIGIN);
	jw_str(w, "git_repository_branch", s.branch);
	if (is_hex_id(s.commit, 40, 40))
		jw_str(w, "git_commit_hash", s.commit);
	if (s.skip[0])
		snprintf(buf, sizeof(buf), "%s: not run: %s", s.branch, s.skip);
	else
		snprintf(buf, sizeof(buf), "%s at %s, patch set %s", s.branch,
			 s.kernel[0] ? s.kernel : "?", s.patchset[0] ? s.patchset : "?");
	jw_str(w, "comment", buf);
	if (!s.skip[0])
		jw_bool(w, "valid", !e);
	if (e)
		jw_strn(w, "log_excerpt", e->col[R_REASON], BIG);
	snprintf(path, sizeof(path), "%s/logs/%s.branch", dir, series);
	log_url(w, path);
	jw_open(w, "misc", '{');
	jw_str(w, "series", series);
	if (s.kernel[0])
		jw_str(w, "kernel", s.kernel);
	if (s.patchset[0])
		jw_str(w, "patchset", s.patchset);
	if (s.skip[0])
		jw_str(w, "skip", s.skip);
	jw_close(w, '}');
	jw_close(w, '}');
}

static void write_build(struct jw *w, const struct unit *u)
{
	struct run_series s;
	const struct result *e = first_error(u);
	const char *status;
	char id[512], buf[1024], path[PATH_MAX];
	double secs = run_build_secs(dir, u->series, u->variant);

	run_series_info(dir, u->series, &s);
	status = build_status(u, &s);
	jw_open(w, NULL, '{');
	snprintf(buf, sizeof(buf), "%s/%s", u->series, u->variant);
	jw_str(w, "id", kcidb_id(id, sizeof(id), run, buf));
	jw_str(w, "checkout_id", checkout_id(id, sizeof(id), u));
	jw_str(w, "origin", KCIDB_ORIGIN);
	jw_str(w, "comment", buf);
	jw_str(w, "architecture", "x86_64");
	if (s.config[0])
		jw_str(w, "config_name", s.config);
	if (s.compiler[0])
		jw_str(w, "compiler", s.compiler);
	if (secs >= 0)
		jw_num(w, "duration", secs);
	if (status)
		jw_str(w, "status", status);
	if (status && (!strcmp(status, "FAIL") || !strcmp(status, "MISS")) && e)
		jw_strn(w, "log_excerpt", e->col[R_REASON], BIG);
	snprintf(path, sizeof(path), "%s/logs/%s-%s.build", dir, u->series, u->variant);
	log_url(w, path);
	jw_open(w, "misc", '{');
	jw_str(w, "series", u->series);
	jw_str(w, "variant", u->variant);
	snprintf(buf, sizeof(buf), "variant/%s/%s", u->series, u->variant);
	jw_str(w, "branch", buf);
	if (!u->row)
		jw_str(w, "built_for", "a cross-era pair's reader");
	jw_close(w, '}');
	jw_close(w, '}');
}

static void test_misc(struct jw *w, const struct result *r, const char *rel)
{
	char label[256];

	jw_open(w, "misc", '{');
	jw_str(w, "series", results_label(r, label, sizeof(label)));
	jw_str(w, "variant", r->col[R_VARIANT]);
	jw_str(w, "expected", r->col[R_EXPECTED]);
	jw_str(w, "observed", r->col[R_OBSERVED]);
	jw_bool(w, "as_expected", results_match(r));
	jw_str(w, "kernel", r->col[R_KERNEL]);
	if (strcmp(r->col[R_IMAGE], "-"))
		jw_str(w, "image_sha256", r->col[R_IMAGE]);
	jw_str(w, "patchset", r->col[R_PATCHSET]);
	jw_str(w, "seed", r->col[R_SEED]);
	if (strcmp(r->col[R_COMPLAINT], "-"))
		jw_str(w, "complaint", r->col[R_COMPLAINT]);
	jw_str(w, "reason", r->col[R_REASON]);
	if (rel)
		jw_str(w, "log", rel);
	gate_run_proofs_json(gr, w, r->col[R_VARIANT], r->col[R_CHECK]);
	if (results_is_pair(r)) {
		jw_str(w, "pair", r->col[R_VARIANT]);
		jw_str(w, "writer", results_pair_writer(r));
		jw_str(w, "reader", results_pair_reader(r));
	}
	jw_close(w, '}');
}

/* KCIDB's test paths are dotted: an fstests test generic/086 is generic.086. */
static void dotted_path(char *path)
{
	for (; *path; path++)
		if (*path == '/')
			*path = '.';
}

static void write_test(struct jw *w, const struct result *r)
{
	const struct unit *u = results_is_pair(r) ? pair_reader(r) : find_unit(r->col[R_SERIES], r->col[R_VARIANT]);
	char id[512], part[512], rel[PATH_MAX], url[3 * PATH_MAX], buf[BIG];
	const char *status = kcidb_status(r->col[R_OBSERVED]);
	const char *have_rel = run_log_rel(dir, r->col[R_LOG], rel, sizeof(rel));
	double secs = kcidb_secs(r->col[R_SECONDS]);

	jw_open(w, NULL, '{');
	if (results_is_pair(r))
		snprintf(part, sizeof(part), "cross/%s/%s", r->col[R_VARIANT], r->col[R_CHECK]);
	else
		snprintf(part, sizeof(part), "%s/%s/%s", r->col[R_SERIES], r->col[R_VARIANT],
			 r->col[R_CHECK]);
	jw_str(w, "id", kcidb_id(id, sizeof(id), run, part));
	snprintf(part, sizeof(part), "%s/%s", u ? u->series : "?", u ? u->variant : "?");
	jw_str(w, "build_id", kcidb_id(id, sizeof(id), run, part));
	jw_str(w, "origin", KCIDB_ORIGIN);
	snprintf(part, sizeof(part), "%s.%s", KCIDB_ORIGIN, r->col[R_CHECK]);
	dotted_path(part);
	jw_str(w, "path", part);
	jw_str(w, "status", status);
	if (secs >= 0 && strcmp(status, "SKIP"))
		jw_num(w, "duration", secs);
	snprintf(buf, sizeof(buf), "%s %s %s: expected %s, observed %s",
		 results_label(r, part, sizeof(part)), r->col[R_VARIANT], r->col[R_CHECK], r->col[R_EXPECTED], r->col[R_OBSERVED]);
	jw_str(w, "comment", buf);
	if (strcmp(r->col[R_OBSERVED], "PASS"))
		jw_strn(w, "log_excerpt", excerpt(r, buf, sizeof(buf)), BIG);
	if (have_rel)
		jw_str(w, "log_url", kcidb_url(url, sizeof(url), dir, rel));
	test_misc(w, r, have_rel);
	jw_close(w, '}');
}

static void write_all(FILE *f)
{
	struct jw w;
	int i, j;

	kcidb_begin(&w, f);
	jw_open(&w, "checkouts", '[');
	for (i = 0; i < nr_units; i++) {
		for (j = 0; j < i && strcmp(units[j].series, units[i].series); j++)
			;
		if (j == i || gr->has_gate)
			write_checkout(&w, &units[i]);
	}
	jw_close(&w, ']');
	jw_open(&w, "builds", '[');
	for (i = 0; i < nr_units; i++)
		write_build(&w, &units[i]);
	jw_close(&w, ']');
	jw_open(&w, "tests", '[');
	for (i = 0; i < nr; i++)
		write_test(&w, &rows[i]);
	jw_close(&w, ']');
	if (gr->has_gate)
		kcidb_gate(&w, gr, run);
	jw_close(&w, '}');
}

int kcidb_matrix(const struct run *r)
{
	char buf[PATH_MAX];

	dir = r->dir;
	rows = r->rows;
	nr = r->nr;
	gr = &r->gate;
	nr_units = 0;
	snprintf(run, sizeof(run), "%s", run_name(dir, buf, sizeof(buf)));
	collect_units();
	return write_file("report", dir, "kcidb.json", write_all) ? -1 : 0;
}
