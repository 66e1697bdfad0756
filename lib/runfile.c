// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "runfile.h"
#include "tsv.h"

const char *const result_names[R_NCOLS] = {
	"series", "variant", "check", "expected", "observed", "seconds",
	"kernel", "patchset", "seed", "complaint", "log", "reason",
	"kind", "writer", "reader", "log_tail", "image",
};

const char *const step_names[S_NCOLS] = {
	"step", "role", "commit", "subject", "build", "tries", "secs",
	"first_bad", "verdict", "note",
};

const char *const verdict_names[V_NCOLS] = {
	"check", "observed", "secs", "complaint", "reason", "log_tail", "line",
};

const char *const outcome_names[O_NCOLS] = { "outcome", "first_bad", "done", "status" };

const char *const image_names[I_NCOLS] = { "sha256", "verdict", "commit" };

const char *const checkout_names[C_NCOLS] = { "commit", "branch", "config", "compiler" };
const char *const phase_names[P_NCOLS] = { "phase", "series", "what", "start", "end" };

const char *const shard_names[SH_NCOLS] = { "series", "shard", "cost", "from" };

const char *const gate_names[G_NCOLS] = {
	"series", "variant", "check", "writer", "reader", "previous", "candidate", "verdict", "rate",
	"reason", "previous_kernel", "candidate_kernel", "previous_reason",
};

const char *const culprit_names[CU_NCOLS] = {
	"number", "patch", "subject", "upstream", "verified", "fixed_by", "bisect",
};

const char *const thread_names[TH_NCOLS] = { "message_id", "subject" };

const char *const missing_names[MI_NCOLS] = {
	"upstream", "check", "observed", "said", "carried", "first_bad", "take",
};

const char *const proof_names[PR_NCOLS] = {
	"number", "patch", "upstream", "check", "without", "with", "outcome", "note",
};

const char *const narrow_names[NA_NCOLS] = { "chunks", "kept", "checks", "run" };
const char *const judgement_names[J_NCOLS] = { "verdict", "tested", "why" };
const char *const entry_names[E_NCOLS] = { "number", "patch", "subject", "upstream", "commit" };
const char *const proofplan_names[PP_NCOLS] = { "number", "patch", "upstream", "check", "dir", "note" };
const char *const needed_names[N_NCOLS] = {
	"dir", "variants", "checks", "tests", "chunks", "seed", "build", "kernels", "why",
};
const char *const stage_names[ST_NCOLS] = { "stage", "status" };
const char *const proofindex_names[PI_NCOLS] = { "upstream", "kind", "name", "fixes", "subject" };
const char *const checkpath_names[CP_NCOLS] = { "check", "path" };
const char *const corpus_names[CO_NCOLS] = {
	"case", "series", "bad", "fix", "shipped", "fixed_in", "reported", "previous", "queue",
	"fixed",
};
const char *const corpusrun_names[CR_NCOLS] = { "case", "queue", "run", "secs", "status" };
const char *const coverage_names[COV_NCOLS] = {
	"number", "patch", "file", "lines", "code", "executed", "checks", "status",
};
const char *const touched_names[TO_NCOLS] = {
	"path", "globs", "checks", "fstests", "left_out", "why",
};
const char *const times_names[T_NCOLS] = { "mark", "check", "begin", "end", "secs", "setup", "fsck" };
const char *const kind_names[K_NCOLS] = { "kind", "series", "made_by" };

const char *const plan_names[PL_NCOLS] = {
	"kind", "series", "variant", "check", "expected", "branch", "writer", "reader",
	"run", "note",
};

const char *const policy_names[PO_NCOLS] = { "strict", "seed", "tries", "shard" };

const char *const boot_names[B_NCOLS] = {
	"series", "variant", "status", "kernel", "patchset", "log", "verdicts", "reason", "image",
};

const char *const series_names[SE_NCOLS] = {
	"series", "version", "package", "suite", "tarball", "era", "compiler", "config",
	"compat", "patches", "base_contains", "layouts", "chunks",
};

const char *const variant_names[VA_NCOLS] = {
	"series", "variant", "fixes", "regress", "from", "branch",
};

const char *const pair_names[PA_NCOLS] = {
	"name", "writer", "writer_variant", "writer_layout", "reader", "reader_variant",
	"update", "append", "members", "chunk", "expect",
};

static const struct runfile_kind kinds[] = {
	{ "results", result_names, R_NCOLS },
	{ "steps", step_names, S_NCOLS },
	{ "verdicts", verdict_names, V_NCOLS },
	{ "outcome", outcome_names, O_NCOLS },
	{ "images", image_names, I_NCOLS },
	{ "checkout", checkout_names, C_NCOLS },
	{ "phases", phase_names, P_NCOLS },
	{ "shards", shard_names, SH_NCOLS },
	{ "plan", plan_names, PL_NCOLS },
	{ "policy", policy_names, PO_NCOLS },
	{ "boots", boot_names, B_NCOLS },
	{ "series", series_names, SE_NCOLS },
	{ "variants", variant_names, VA_NCOLS },
	{ "pairs", pair_names, PA_NCOLS },
	{ "gate", gate_names, G_NCOLS },
	{ "culprit", culprit_names, CU_NCOLS },
	{ "thread", thread_names, TH_NCOLS },
	{ "proof", proof_names, PR_NCOLS },
	{ "missing", missing_names, MI_NCOLS },
	{ "narrow", narrow_names, NA_NCOLS },
	{ "judgement", judgement_names, J_NCOLS },
	{ "proofplan", proofplan_names, PP_NCOLS },
	{ "entries", entry_names, E_NCOLS },
	{ "kind", kind_names, K_NCOLS },
	{ "needed", needed_names, N_NCOLS },
	{ "stage", stage_names, ST_NCOLS },
	{ "times", times_names, T_NCOLS },
	{ "proofindex", proofindex_names, PI_NCOLS },
	{ "checkpath", checkpath_names, CP_NCOLS },
	{ "corpus", corpus_names, CO_NCOLS },
	{ "corpusrun", corpusrun_names, CR_NCOLS },
	{ "touched", touched_names, TO_NCOLS },
	{ "coverage", coverage_names, COV_NCOLS },
};

#define NR_KINDS (int)(sizeof(kinds) / sizeof(kinds[0]))

const struct runfile_kind *runfile_kind(const char *name)
{
	int i;

	for (i = 0; i < NR_KINDS; i++)
		if (!strcmp(kinds[i].name, name))
			return &kinds[i];
	return NULL;
}

const struct runfile_kind *runfile_kind_of(const char *header)
{
	char line[1024];
	int i;

	for (i = 0; i < NR_KINDS; i++)
		if (!strcmp(tsv_join(kinds[i].cols, kinds[i].n, line, sizeof(line)), header))
			return &kinds[i];
	return NULL;
}

const char *runfile_kinds(void)
{
	static char names[256];
	size_t at = 0;
	int i;

	if (names[0])
		return names;
	for (i = 0; i < NR_KINDS; i++)
		at += snprintf(names + at, sizeof(names) - at, "%s%s", i ? " " : "",
			       kinds[i].name);
	return names;
}

void runfile_put_header(FILE *f, const struct runfile_kind *k)
{
	char line[1024];

	fprintf(f, "%s\n", tsv_join(k->cols, k->n, line, sizeof(line)));
}

static void put_value(FILE *f, const char *v)
{
	if (!v || !*v)
		v = "-";
	for (; *v; v++)
		fputc(*v == '\t' || *v == '\n' || *v == '\r' ? ' ' : *v, f);
}

void runfile_put_row(FILE *f, const struct runfile_kind *k, const char *const *values)
{
	int c;

	for (c = 0; c < k->n; c++) {
		if (c)
			fputc('\t', f);
		put_value(f, values[c]);
	}
	fputc('\n', f);
}

static int column(const struct runfile_kind *k, const char *arg, size_t n)
{
	int c;

	for (c = 0; c < k->n; c++)
		if (strlen(k->cols[c]) == n && !strncmp(arg, k->cols[c], n))
			return c;
	return -1;
}

int runfile_parse_row(const char *who, const struct runfile_kind *k, int argc,
		      char **argv, const char **values)
{
	char header[1024];
	int i, c;

	for (c = 0; c < k->n; c++)
		values[c] = NULL;
	for (i = 0; i < argc; i++) {
		size_t n = strcspn(argv[i], "=");

		c = argv[i][n] ? column(k, argv[i], n) : -1;
		if (c < 0 || values[c]) {
			fprintf(stderr, "%s: %s: %s (columns of %s: %s)\n", who, argv[i],
				c < 0 ? "not NAME=VALUE of a column" : "given twice",
				k->name, tsv_join(k->cols, k->n, header, sizeof(header)));
			return -1;
		}
		values[c] = argv[i] + n + 1;
	}
	for (c = 0; c < k->n; c++)
		if (!values[c]) {
			fprintf(stderr, "%s: no %s= (every column of %s is needed)\n", who,
				k->cols[c], k->name);
			return -1;
		}
	return 0;
}
