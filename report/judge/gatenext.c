// SPDX-License-Identifier: GPL-2.0
/*
 * The gate decided in one place: between boots, maintain/gate.sh asks
 * report --gate what to boot next, boots what RUN/needed lists (and
 * nothing else), and asks again.  Each step is judged from the run
 * folders its boots left, so that the tries, the narrowing and the
 * proofs' tries are this file's rules and no script's:
 *
 *	compare	the two kernels' rows (report --compare's rules)
 *	narrow	a check failing on both with some of the guest's chunks
 *		only: the previous release booted a chunk at a time with
 *		it (a chunk some check passed with: every try), and the
 *		gate again with the chunks it passes (RUN/narrowed)
 *	tries	the rows that differ booted again on both, with the next
 *		seeds, and compared over every try (a flake is no
 *		regression; a candidate that fails some tries is one)
 *	proofs	each patch of RUN/proof-plan: the candidate without it
 *		until its check fails (or TRIES boots), then with it on as
 *		many boots; judged by gateproofs.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare.h"
#include "gatejudge.h"
#include "gatenext.h"
#include "gateproofs.h"
#include "gaterun.h"
#include "gatesub.h"
#include "outfile.h"
#include "runfile.h"

#define WHO "report --gate"
#define LIST 4096

static char *(*needed)[N_NCOLS];
static int nr_needed;
static struct tsv_table stages;

static void say(const char *fmt, const char *a, const char *b, const char *c)
{
	fputs("stableguard: gate: ", stderr);
	fprintf(stderr, fmt, a, b, c);
	fputc('\n', stderr);
}

/* A boot RUN/needed lists: DIR planned first (gatesub.c). */
static int need(const struct gate_ctx *g, const char *dir, const char *variants,
		const char *checks, const char *tests, const char *chunks, unsigned long seed,
		int build, const char *kernels, const char *why)
{
	char seed_s[32], *values[N_NCOLS];
	void *more;

	if (gate_sub_plan(g, dir, variants, *checks ? checks : "-", chunks))
		return -1;
	snprintf(seed_s, sizeof(seed_s), "%lu", seed);
	more = realloc(needed, (nr_needed + 1) * sizeof(*needed));
	if (!more)
		return -1;
	needed = more;
	values[N_DIR] = (char *)dir;
	values[N_VARIANTS] = (char *)variants;
	values[N_CHECKS] = (char *)checks;
	values[N_TESTS] = (char *)tests;
	values[N_CHUNKS] = (char *)(*chunks ? chunks : g->chunks);
	values[N_SEED] = seed_s;
	values[N_BUILD] = build ? "yes" : "no";
	values[N_KERNELS] = (char *)kernels;
	values[N_WHY] = (char *)why;
	return tsv_copy(values, N_NCOLS, needed[nr_needed++]);
}

static void write_needed(FILE *f)
{
	int i;

	runfile_put_header(f, runfile_kind("needed"));
	for (i = 0; i < nr_needed; i++)
		runfile_put_row(f, runfile_kind("needed"), (const char *const *)needed[i]);
}

/* A step's status when RUN/stages has it judged, else -1. */
static int judged(const char *stage)
{
	int i;

	for (i = 0; i < stages.nr; i++)
		if (!strcmp(stages.rows[i][ST_STAGE], stage))
			return atoi(stages.rows[i][ST_STATUS]);
	return -1;
}

static int stage_done(const char *run, const char *stage, int status)
{
	char path[4096], status_s[16];
	const char *values[ST_NCOLS] = { stage, status_s };
	FILE *f;

	snprintf(path, sizeof(path), "%s/stages", run);
	snprintf(status_s, sizeof(status_s), "%d", status);
	f = fopen(path, "a");
	if (!f) {
		fprintf(stderr, WHO ": %s: cannot write\n", path);
		return -1;
	}
	if (!ftell(f))
		runfile_put_header(f, runfile_kind("stage"));
	runfile_put_row(f, runfile_kind("stage"), values);
	return fclose(f) ? -1 : 0;
}

/* Appends NAME to the comma-separated list buf once. */
static void add_name(char *buf, size_t len, const char *name)
{
	if (gate_sub_listed(buf, name))
		return;
	snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", *buf ? "," : "", name);
}

/* The checks (not fstests tests) of gate.tsv whose verdict is one of VERDICTS. */
static void checks_with(const struct gate_run *gr, const char *const *verdicts, char *buf,
			size_t len)
{
	int i, k;

	buf[0] = '\0';
	for (i = 0; i < gr->nr; i++)
		for (k = 0; verdicts[k]; k++)
			if (!strcmp(gr->rows[i][G_VERDICT], verdicts[k]) &&
			    !strchr(gr->rows[i][G_CHECK], '/'))
				add_name(buf, len, gr->rows[i][G_CHECK]);
}

/* A side of the gate's rows in BASE: BASE@VARIANT, with fstests' rows joined. */
static int side(const struct gate_ctx *g, const char *base, const char *variant, char *buf,
		size_t len)
{
	char list[8192];

	if (!g->fstests) {
		snprintf(buf, len, "%s@%s", base, variant);
		return 0;
	}
	snprintf(buf, len, "%s/all-%s", base, variant);
	snprintf(list, sizeof(list), "%s@%s,%s/fstests@%s", base, variant, g->run, variant);
	if (mkdir(buf, 0777) && access(buf, W_OK))
		return -1;
	return compare_union(buf, list);
}

/* Every check the gate's plan has on the previous release. */
static void all_checks(const struct gate_ctx *g, char *buf, size_t len)
{
	int i;

	buf[0] = '\0';
	for (i = 0; i < g->plan.nr; i++)
		if (!strcmp(g->plan.rows[i][PL_VARIANT], "previous"))
			add_name(buf, len, g->plan.rows[i][PL_CHECK]);
}

/* Where the gate's rows are: RUN, or RUN/narrowed, and its chunks. */
static const char *base_of(const struct gate_ctx *g, const struct gate_run *gr, char *buf,
			   size_t len, const char **chunks)
{
	*chunks = "";
	if (!gr->narrow[0] || !strcmp(gr->narrow[NA_KEPT], "-") || !strcmp(gr->narrow[NA_CHECKS], "-")) {
		snprintf(buf, len, "%s", g->run);
		return buf;
	}
	*chunks = gr->narrow[NA_KEPT];
	snprintf(buf, len, "%s/narrowed", g->run);
	return buf;
}

/* The comparison of BASE's two kernels, and of the tries given beside them. */
static int compare(const struct gate_ctx *g, const char *base, const char *prev_tries,
		   const char *cand_tries)
{
	char prev[8192], cand[8192];
	size_t n;

	if (side(g, base, "previous", prev, sizeof(prev)) || side(g, base, g->cand, cand, sizeof(cand)))
		return 2;
	n = strlen(prev);
	snprintf(prev + n, sizeof(prev) - n, "%s", prev_tries);
	n = strlen(cand);
	snprintf(cand + n, sizeof(cand) - n, "%s", cand_tries);
	fflush(stdout);
	return compare_runs(g->run, prev, cand);
}

/* How many of DIR's rows say PASS. */
static int passes(const char *dir, const char *checks)
{
	char name[LIST], *c, *save = NULL, out[64];
	int n = 0;

	snprintf(name, sizeof(name), "%s", checks);
	for (c = strtok_r(name, ",", &save); c; c = strtok_r(NULL, ",", &save))
		n += gate_sub_outcome(dir, c, out, sizeof(out)) && !strcmp(out, "PASS");
	return n;
}

/* RUN/narrow-C (try 1) or RUN/narrow-C-try-T. */
static void narrow_dir(const struct gate_ctx *g, const char *chunk, int t, char *buf, size_t len)
{
	if (t == 1)
		snprintf(buf, len, "%s/narrow-%s", g->run, chunk);
	else
		snprintf(buf, len, "%s/narrow-%s-try-%d", g->run, chunk, t);
}

/* CHECK passed every boot of the previous release with CHUNK alone (one at least). */
static int passes_chunk(const struct gate_ctx *g, const char *check, const char *chunk)
{
	char dir[4096], out[64];
	int t, seen = 0;

	for (t = 1; t <= g->tries; t++) {
		narrow_dir(g, chunk, t, dir, sizeof(dir));
		if (!gate_sub_outcome(dir, check, out, sizeof(out)))
			continue;
		if (strcmp(out, "PASS"))
			return 0;
		seen = 1;
	}
	return seen;
}

/* Each chunk's boots with CHECKS: needed ones listed; 1 when some are. */
static int narrow_boots(const struct gate_ctx *g, const char *checks, const char *kernels)
{
	char chunks[256], *c, *save = NULL, dir[4096], first[4096], why[512];
	int t, waiting = 0;

	snprintf(chunks, sizeof(chunks), "%s", g->chunks);
	for (c = strtok_r(chunks, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		narrow_dir(g, c, 1, first, sizeof(first));
		for (t = 1; t <= g->tries; t++) {
			narrow_dir(g, c, t, dir, sizeof(dir));
			if (!gate_sub_done(dir, 1, 0)) {
				snprintf(why, sizeof(why), "narrowing: the previous release with %s KiB chunks alone, %s, try %d",
					 c, checks, t);
				if (need(g, dir, "previous", checks, "-", c, g->seed + t - 1, 0, kernels, why))
					return -1;
				waiting = 1;
				break;
			}
			/* A chunk no check passed with is booted once. */
			if (!passes(first, checks))
				break;
		}
	}
	return waiting;
}

/* The chunks every check passes that passes with some (kept), and those checks (by). */
static void narrow_kept(const struct gate_ctx *g, const char *checks, char *kept, size_t klen,
			char *by, size_t blen)
{
	char names[LIST], *k, *ks = NULL, chunks[256], *c, *cs = NULL, pass[256], next[256];

	snprintf(kept, klen, "%s", g->chunks);
	by[0] = '\0';
	snprintf(names, sizeof(names), "%s", checks);
	for (k = strtok_r(names, ",", &ks); k; k = strtok_r(NULL, ",", &ks)) {
		pass[0] = '\0';
		snprintf(chunks, sizeof(chunks), "%s", g->chunks);
		for (c = strtok_r(chunks, ",", &cs); c; c = strtok_r(NULL, ",", &cs))
			if (passes_chunk(g, k, c))
				add_name(pass, sizeof(pass), c);
		if (!pass[0])
			continue;
		add_name(by, blen, k);
		next[0] = '\0';
		snprintf(chunks, sizeof(chunks), "%s", kept);
		for (c = strtok_r(chunks, ",", &cs); c; c = strtok_r(NULL, ",", &cs))
			if (gate_sub_listed(pass, c))
				add_name(next, sizeof(next), c);
		snprintf(kept, klen, "%s", next);
	}
	if (!by[0])
		kept[0] = '\0';
}

static int write_narrow(const struct gate_ctx *g, const char *kept, const char *by)
{
	char dir[4096];
	const char *values[NA_NCOLS] = { g->chunks, kept, by, dir };
	FILE *f = outfile_create(WHO, g->run, "narrow");

	snprintf(dir, sizeof(dir), "%s/narrowed", g->run);
	if (!f)
		return -1;
	runfile_put_header(f, runfile_kind("narrow"));
	runfile_put_row(f, runfile_kind("narrow"), values);
	return fclose(f) ? -1 : 0;
}

static int rename_in(const char *run, const char *from, const char *to)
{
	char a[4096], b[4096];

	snprintf(a, sizeof(a), "%s/%s", run, from);
	snprintf(b, sizeof(b), "%s/%s", run, to);
	return rename(a, b);
}

/*
 * The narrowing: its boots needed (GATE_NEEDS_BOOTS), or the status of
 * the step (the narrowed gate's comparison, else the gate's own).
 */
static int narrow(const struct gate_ctx *g, struct gate_run *gr, int status)
{
	static const char *const failing[] = { "still failing", "still failing (changed)", NULL };
	char checks[LIST], kept[256], by[LIST], dir[4096], kernels[4096], why[512], variants[512];
	int rc;

	checks_with(gr, failing, checks, sizeof(checks));
	if (!checks[0] || !strchr(g->chunks, ','))
		return status;
	snprintf(kernels, sizeof(kernels), "%s/kernels/%s", g->run, g->name);
	rc = narrow_boots(g, checks, kernels);
	if (rc)
		return rc < 0 ? 2 : GATE_NEEDS_BOOTS;
	narrow_kept(g, checks, kept, sizeof(kept), by, sizeof(by));
	if (!gr->narrow[0] && write_narrow(g, kept[0] ? kept : "-", by[0] ? by : "-"))
		return 2;
	if (!by[0]) {
		say("the previous release fails %s with every chunk (%s): not narrowed", checks, g->chunks, "");
		return status;
	}
	if (!kept[0]) {
		say("the previous release passes %s with no chunk in common: not narrowed", by, "", "");
		return status;
	}
	snprintf(dir, sizeof(dir), "%s/narrowed", g->run);
	if (!gate_sub_done(dir, 1, 0)) {
		snprintf(why, sizeof(why), "the previous release fails %s with chunks other than %s: the gate again with chunks %s",
			 by, kept, kept);
		snprintf(variants, sizeof(variants), "previous,%s", g->cand);
		all_checks(g, checks, sizeof(checks));
		return need(g, dir, variants, checks, "-", kept, g->seed, 0, kernels, why) ?
		       2 : GATE_NEEDS_BOOTS;
	}
	if (rename_in(g->run, "gate.md", "gate-all-chunks.md") ||
	    rename_in(g->run, "gate.tsv", "gate-all-chunks.tsv"))
		return 2;
	return compare(g, dir, "", "");
}

/*
 * The tries: the rows that differ (a regression or a fix, on one boot
 * each) booted again on both with the next seeds, RUN/try-K; once all
 * are in, compared over every try.
 */
static int tries(const struct gate_ctx *g, struct gate_run *gr, int status)
{
	static const char *const differing[] = {
		"regression", "regression (boot)", "fixed", "fixed (boot)", NULL,
	};
	char checks[LIST], base[4096], dir[4096], kernels[4096], why[512], variants[512];
	char prev[8192] = "", cand[8192] = "";
	const char *chunks;
	int k, waiting = 0, n = 0;
	size_t p = 0, c = 0;

	checks_with(gr, differing, checks, sizeof(checks));
	if (!checks[0] || g->tries < 2)
		return status;
	base_of(g, gr, base, sizeof(base), &chunks);
	snprintf(kernels, sizeof(kernels), "%s/kernels/%s", g->run, g->name);
	snprintf(variants, sizeof(variants), "previous,%s", g->cand);
	for (k = 0; checks[k]; k++)
		n += checks[k] == ',';
	for (k = 2; k <= g->tries; k++) {
		snprintf(dir, sizeof(dir), "%s/try-%d", g->run, k);
		p += snprintf(prev + p, p < sizeof(prev) ? sizeof(prev) - p : 0, ",%s@previous", dir);
		c += snprintf(cand + c, c < sizeof(cand) ? sizeof(cand) - c : 0, ",%s@%s", dir, g->cand);
		if (gate_sub_done(dir, 1, 0))
			continue;
		snprintf(why, sizeof(why), "%d check(s) differ (%s): booted again on both, try %d of %d",
			 n + 1, checks, k, g->tries);
		if (need(g, dir, variants, checks, "-", chunks, g->seed + k - 1, 0, kernels, why))
			return 2;
		waiting = 1;
	}
	return waiting ? GATE_NEEDS_BOOTS : compare(g, base, prev, cand);
}

/* PROOF-DIR's try T without the patch (T 1: PROOF-DIR), or with it (T >= 2). */
static void proof_dir(const char *proof, int with, int t, char *buf, size_t len)
{
	if (with)
		snprintf(buf, len, "%s-with-try-%d", proof, t);
	else if (t == 1)
		snprintf(buf, len, "%s", proof);
	else
		snprintf(buf, len, "%s-try-%d", proof, t);
}

void gate_proof_tries(const char *proof, const char *name, int with, const char *first,
		      char *buf, size_t len)
{
	char dir[4096], out[64];
	size_t at;
	int t;

	snprintf(buf, len, "%s", first && strcmp(first, "-") ? first : "");
	for (t = with ? 2 : 1; t <= 16; t++) {
		proof_dir(proof, with, t, dir, sizeof(dir));
		if (access(dir, F_OK))
			continue;
		if (!gate_sub_outcome(dir, name, out, sizeof(out)))
			continue;
		at = strlen(buf);
		snprintf(buf + at, len - at, "%s%s", at ? "," : "", out);
	}
}

struct proof {
	const char *dir, *number, *patch;
	char checks[LIST], tests[LIST];
};

/* Those of the proof's names that pass with(out) the patch, by keep(). */
static void proof_pick(const struct tsv_table *plan, const struct proof *p, char *checks,
			char *tests, size_t len, int (*keep)(const char *name, void *ctx), void *ctx)
{
	int i;

	checks[0] = tests[0] = '\0';
	for (i = 0; i < plan->nr; i++) {
		const char *name = plan->rows[i][PP_CHECK];

		if (strcmp(plan->rows[i][PP_DIR], p->dir) || !keep(name, ctx))
			continue;
		add_name(strchr(name, '/') ? tests : checks, len, name);
	}
}

struct keep_ctx {
	const struct proof *p;
	const struct gate_run *gr;
	int t;
};

/* Without the patch: a name that passed every try so far, to boot again. */
static int left_without(const char *name, void *ctx)
{
	struct keep_ctx *k = ctx;
	char tries[512];

	gate_proof_tries(k->p->dir, name, 0, NULL, tries, sizeof(tries));
	return !strcmp(gate_tries_said(tries), "PASS");
}

/* With it: one that failed without it and passed every try with it, short of T. */
static int left_with(const char *name, void *ctx)
{
	struct keep_ctx *k = ctx;
	char tries[512], **row;
	int n = 1;
	const char *c;

	gate_proof_tries(k->p->dir, name, 0, NULL, tries, sizeof(tries));
	if (strcmp(gate_tries_said(tries), "FAIL"))
		return 0;
	row = gate_run_row(k->gr, name);
	gate_proof_tries(k->p->dir, name, 1, row ? row[G_CANDIDATE] : NULL, tries, sizeof(tries));
	for (c = tries; *c; c++)
		n += *c == ',';
	return !strcmp(gate_tries_said(tries), "PASS") && n < k->t;
}

static int any(const char *name, void *ctx)
{
	(void)name;
	(void)ctx;
	return 1;
}

/* One proof's next boot, if it needs one: 1 when it does. */
static int proof_boots(const struct gate_ctx *g, const struct gate_run *gr,
		       const struct tsv_table *plan, const struct proof *p, const char *chunks)
{
	struct keep_ctx k = { p, gr, 0 };
	char checks[LIST], tests[LIST], dir[4096], variant[64], kernels[4096], own[4096];
	char why[1024];
	const char *num = strrchr(p->dir, '-');

	snprintf(variant, sizeof(variant), "without%s", num ? num : "");
	snprintf(kernels, sizeof(kernels), "%s/kernels/%s", p->dir, g->name);
	snprintf(own, sizeof(own), "%s/kernels/%s", g->run, g->name);
	for (k.t = 1; k.t <= g->tries; k.t++) {
		proof_pick(plan, p, checks, tests, sizeof(checks), k.t == 1 ? any : left_without, &k);
		if (!checks[0] && !tests[0])
			break;
		proof_dir(p->dir, 0, k.t, dir, sizeof(dir));
		if (gate_sub_done(dir, k.t == 1 || checks[0], !!tests[0]))
			continue;
		snprintf(why, sizeof(why), "proving %s %s: the candidate without it, with %s%s%s, try %d",
			 p->number, p->patch, checks, checks[0] && tests[0] ? "," : "", tests, k.t);
		return need(g, dir, variant, checks, tests[0] ? tests : "-", chunks,
			    g->seed + k.t - 1, k.t == 1, k.t == 1 ? "-" : kernels, why) ? -1 : 1;
	}
	for (k.t = 2; k.t <= g->tries; k.t++) {
		proof_pick(plan, p, checks, tests, sizeof(checks), left_with, &k);
		if (!checks[0] && !tests[0])
			continue;
		proof_dir(p->dir, 1, k.t, dir, sizeof(dir));
		if (gate_sub_done(dir, !!checks[0], !!tests[0]))
			continue;
		snprintf(why, sizeof(why), "proving %s %s: the candidate with it, %s%s%s, try %d",
			 p->number, p->patch, checks, checks[0] && tests[0] ? "," : "", tests, k.t);
		return need(g, dir, g->cand, checks, tests[0] ? tests : "-", chunks,
			    g->seed + k.t - 1, 0, own, why) ? -1 : 1;
	}
	return 0;
}

/* The proofs' boots, a proof at a time; then their judgement (gateproofs.c). */
static int proofs(const struct gate_ctx *g, struct gate_run *gr, int status)
{
	struct tsv_table plan;
	struct proof p;
	char path[4096], base[4096];
	const char *chunks;
	int i, rc = 0;

	snprintf(path, sizeof(path), "%s/proof-plan", g->run);
	if (tsv_table_read(&plan, path, WHO, proofplan_names, PP_NCOLS, 1))
		return 2;
	base_of(g, gr, base, sizeof(base), &chunks);
	for (i = 0; i < plan.nr && !rc; i++) {
		if (i && !strcmp(plan.rows[i][PP_DIR], plan.rows[i - 1][PP_DIR]))
			continue;
		if (strcmp(plan.rows[i][PP_NOTE], "-"))
			continue;
		memset(&p, 0, sizeof(p));
		p.dir = plan.rows[i][PP_DIR];
		p.number = plan.rows[i][PP_NUMBER];
		p.patch = plan.rows[i][PP_PATCH];
		rc = proof_boots(g, gr, &plan, &p, chunks);
	}
	tsv_table_free(&plan);
	(void)status;	/* the proofs are judged on their own */
	if (rc)
		return rc < 0 ? 2 : GATE_NEEDS_BOOTS;
	fflush(stdout);
	return gate_proofs(g->run);
}

/*
 * Step NAME by fn (status: the step before's), unless RUN/stages has it
 * judged; its status, or GATE_NEEDS_BOOTS.
 */
static int next_step(const struct gate_ctx *g, const char *name,
		     int (*fn)(const struct gate_ctx *, struct gate_run *, int), int status)
{
	struct gate_run gr;
	int rc = judged(name);

	if (rc >= 0)
		return rc;
	if (gate_run_load(&gr, g->run, WHO))
		return 2;
	rc = fn(g, &gr, status);
	gate_run_free(&gr);
	if (rc == 2 || rc == GATE_NEEDS_BOOTS)
		return rc;
	return stage_done(g->run, name, rc) ? 2 : rc;
}

static int done(int rc)
{
	return rc == 2 || rc == 3 || rc == GATE_NEEDS_BOOTS;
}

static int step(const struct gate_ctx *g)
{
	char path[4096];
	int rc = judged("compare");

	if (rc < 0) {
		rc = compare(g, g->run, "", "");
		if (rc == 2 || stage_done(g->run, "compare", rc))
			return 2;
	}
	if (done(rc))
		return rc;
	rc = next_step(g, "narrow", narrow, rc);
	if (done(rc))
		return rc;
	rc = next_step(g, "tries", tries, rc);
	snprintf(path, sizeof(path), "%s/proof-plan", g->run);
	if (done(rc) || access(path, R_OK))
		return rc;
	return next_step(g, "proofs", proofs, rc);
}

int gate_next(const char *run, int tries)
{
	struct gate_ctx g;
	char path[4096];
	int rc;

	if (tries < 1) {
		fprintf(stderr, WHO ": %d tries: want 1 or more\n", tries);
		return 2;
	}
	snprintf(path, sizeof(path), "%s/stages", run);
	if (gate_ctx_load(&g, run, tries) ||
	    tsv_table_read(&stages, path, WHO, stage_names, ST_NCOLS, 1))
		return 2;
	rc = step(&g);
	if (write_file(WHO, run, "needed", write_needed))
		rc = 2;
	gate_ctx_free(&g);
	tsv_table_free(&stages);
	return rc;
}
