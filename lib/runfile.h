/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run files: every tab-separated file a run folder keeps, each a
 * header line naming its columns, then rows.  Their schemas are defined
 * here and nowhere else; the C tools read them through tsv_read() with
 * these names, and shell writes and reads them only through the runfile
 * tool (lib/runfile-tool.c): by column name, never by position.
 *
 *	results		a run's results.tsv (report/judge/results.h names its columns)
 *	steps		a bisection's steps.tsv, a row a step
 *	verdicts	LOG.verdicts: logread's verdict per check of one boot
 *	outcome		LOG.outcome: logread's verdict over the boot's checks
 *	images		a bisection's images: each judged bzImage's verdict
 *	checkout	a matrix run's kernels/<series>/.checkout: what its
 *			stable/<series> was (for kcidb.json)
 *	phases		a run's phases.tsv: where the matrix spent its time
 *	shards		a run's shards: which shard runs which series
 *	plan		a run's plan: every row the run will judge, written
 *			once at its start (sgconf plan; fsbaseline for fstests)
 *	policy		a run's policy: strict or not, its seed, tries, shard
 *	boots		rows/NNN, cross-rows/NNN: what became of one unit
 *			(a series' variant, or a cross-era pair), raw
 *	series		the series' facts (sgconf plan, sgconf facts)
 *	variants	the variants' facts
 *	pairs		cross.list: the cross-era pairs
 *	gate		gate.tsv: a candidate's rows beside the previous
 *			release's, each with its verdict (report --compare)
 *	culprit		a gate's culprit: the queue's patch its regression
 *			was bisected to (maintain/gate.sh)
 *	thread		a gate's review thread (MBOX): the cover's headers
 *	proof		a gate's proofs: each patch the record says how to
 *			prove, with and without it
 *	missing		make proofs MISSING=1: the fixes a released kernel
 *			lacks, each check that proves one run on it
 *	narrow		a gate's arrays narrowed to what the previous passes
 *	judgement	a gate's verdict over all it ran (report/judge/gatejudge.h)
 *	proofplan	what a gate's proofs boot: each patch's checks and
 *			the folder of its tries, for report --gate
 *	needed		the boots a gate still needs (report --gate)
 *	stage		the steps of a gate judged so far (report --gate)
 *	proofindex	the proof index: what proves each upstream commit
 *			(sgconf proofs, fixedby --index; RUN/proof-index)
 *	checkpath	RUN/paths: the I/O path each check goes through
 *			(sgconf paths), for the gate's reply
 *	corpus		the corpus: real stable regressions replayed on a
 *			series' tree (sgconf corpus), a row a case
 *	corpusrun	what make bench PHASE=corpus gated: each case's
 *			queue and fixed queue, the gate's run folder
 *	times		LOG.times: where a guest's seconds went, by its log's
 *			marks (logread --both)
 *	entries		a gate's queue: each patch, in order, and its commit
 *	kind		what made a run folder: a matrix, a gate, ...
 *
 * Shell builds, boots and keeps raw verdicts (boots, verdicts); the join
 * (report --join, report/judge/join.c) makes results.tsv of plan x verdicts,
 * judged by the run's policy.
 */
#ifndef SG_RUNFILE_H
#define SG_RUNFILE_H

#include <stdio.h>

/* results.tsv's columns (report/judge/results.h says what each holds). */
enum result_col {
	R_SERIES, R_VARIANT, R_CHECK, R_EXPECTED, R_OBSERVED, R_SECONDS,
	R_KERNEL, R_PATCHSET, R_SEED, R_COMPLAINT, R_LOG, R_REASON,
	R_KIND, R_WRITER, R_READER, R_LOG_TAIL, R_IMAGE, R_NCOLS
};

enum step_col {
	S_STEP, S_ROLE, S_COMMIT, S_SUBJECT, S_BUILD, S_TRIES, S_SECS,
	S_FIRST_BAD, S_VERDICT, S_NOTE, S_NCOLS
};

/*
 * A boot's verdict per check, as logread judged it; an ERROR's log_tail
 * holds the serial log's last lines ("-" otherwise).
 */
enum verdict_col {
	V_CHECK, V_OBSERVED, V_SECS, V_COMPLAINT, V_REASON, V_LOG_TAIL, V_LINE, V_NCOLS
};

/* A boot's verdict over its checks: FAIL if one failed, else ERROR if
 * one did not pass, else PASS; the first failing check and its bad
 * line; whether the guest got to its end; QEMU's exit status (boot.sh:
 * 124 timed out, 125 went silent). */
enum outcome_col { O_OUTCOME, O_FIRST_BAD, O_DONE, O_STATUS, O_NCOLS };

enum image_col { I_SHA256, I_VERDICT, I_COMMIT, I_NCOLS };

/* The commit of stable/<series>, the branch, the config fragments
 * (base.config+...), the compiler's --version line. */
enum checkout_col { C_COMMIT, C_BRANCH, C_CONFIG, C_COMPILER, C_NCOLS };
/*
 * One stretch of a matrix run's work: phase (fetch, import, branch,
 * base-build, build, pair-build, guest, pair, report, matrix: the whole
 * run), its series ("-" for the whole run; "W→R" for a pair), what
 * (the variant, the pair's name, or "-"), and when it began and ended,
 * in seconds since the epoch (two decimals).  Stretches overlap: the
 * pipeline runs guests beside builds and the next series' import beside
 * this one's builds (prove/phasetimes.c says whose the wall time is).
 */
enum phase_col { P_PHASE, P_SERIES, P_WHAT, P_START, P_END, P_NCOLS };

/*
 * Which shard of SHARD=K/N runs a series (prove/shardplan.c): its cost
 * in seconds as the plan counted it (the series' builds and guests), and
 * whether that came from the timings of earlier runs or the fallback.
 */
enum shard_col { SH_SERIES, SH_SHARD, SH_COST, SH_FROM, SH_NCOLS };

/*
 * A row the run will judge.  kind: check (a series' variant and one of
 * its checks), pair (a cross-era pair: series "-", variant the pair's
 * name, writer and reader the two series), fstests (a test of fstests);
 * a job that judges rows of its own adds its kind here.  branch: the git branch the row's kernel is built
 * from, or "-".  run: no when the row is judged without running (a test
 * the fstests baseline leaves out: SKIP, its note the reason).  note:
 * what the row's source says of it ("-").
 */
enum plan_col {
	PL_KIND, PL_SERIES, PL_VARIANT, PL_CHECK, PL_EXPECTED, PL_BRANCH,
	PL_WRITER, PL_READER, PL_RUN, PL_NOTE, PL_NCOLS
};

/* The run's policy, one row: strict (1: a SKIP fails the run), seed, tries, shard. */
enum policy_col { PO_STRICT, PO_SEED, PO_TRIES, PO_SHARD, PO_NCOLS };

/*
 * What became of a unit: status booted (its verdicts in the verdicts
 * file), ERROR (no kernel, or its pair could not run: reason, and the
 * log that says why) or SKIP (no tree: reason).  A pair's series is "-"
 * and its variant the pair's name; its kernel, patchset and image are the
 * writer's and the reader's.  image: the sha256 of the bzImage booted
 * ("-": none), so that every row names the kernel it ran on.
 */
enum boot_col {
	B_SERIES, B_VARIANT, B_STATUS, B_KERNEL, B_PATCHSET, B_LOG, B_VERDICTS,
	B_REASON, B_IMAGE, B_NCOLS
};

/* A series' facts, lists space-separated (layouts, chunks: commas). */
enum series_col {
	SE_SERIES, SE_VERSION, SE_PACKAGE, SE_SUITE, SE_TARBALL, SE_ERA,
	SE_COMPILER, SE_CONFIG, SE_COMPAT, SE_PATCHES, SE_BASE_CONTAINS,
	SE_LAYOUTS, SE_CHUNKS, SE_NCOLS
};

/*
 * A variant's facts: fixes true|false, its mutants space-separated, the
 * branch it starts from when not compat/S or stable/S (a gate's FROM:
 * "-" for none), and its own branch.
 */
enum variant_col { VA_SERIES, VA_VARIANT, VA_FIXES, VA_REGRESS, VA_FROM, VA_BRANCH, VA_NCOLS };

/*
 * A cross-era pair: the writer's series, variant and mdadm layout, the
 * reader's series and variant, mdadm --update= and kernel parameters
 * ("-" for none), member KiB (comma-separated), chunk KiB, expected.
 */
enum pair_col {
	PA_NAME, PA_WRITER, PA_WRITER_VARIANT, PA_WRITER_LAYOUT, PA_READER,
	PA_READER_VARIANT, PA_UPDATE, PA_APPEND, PA_MEMBERS, PA_CHUNK, PA_EXPECT,
	PA_NCOLS
};

extern const char *const result_names[R_NCOLS];
extern const char *const step_names[S_NCOLS];
extern const char *const verdict_names[V_NCOLS];
extern const char *const outcome_names[O_NCOLS];
extern const char *const image_names[I_NCOLS];
extern const char *const checkout_names[C_NCOLS];
extern const char *const phase_names[P_NCOLS];
/*
 * A row of the candidate beside the same row of the previous release
 * (variant: the candidate's): previous and candidate are the outcomes of every try ("PASS" or
 * "PASS,FAIL,PASS"), verdict one of report/judge/compare.c's (regression,
 * regression (build), regression (boot), fixed, fixed (boot), fixed
 * (build), still failing, still failing (changed), not run, flaky, pass,
 * skip: report/judge/gatejudge.h says which did not run); rate the tries that
 * failed ("2/3", "-"); reason the candidate's first bad line; the kernel
 * each side booted ("-": the row is not that side's); previous_reason
 * the previous release's first bad line.
 */
enum gate_col {
	G_SERIES, G_VARIANT, G_CHECK, G_WRITER, G_READER, G_PREVIOUS, G_CANDIDATE, G_VERDICT,
	G_RATE, G_REASON, G_PREVIOUS_KERNEL, G_CANDIDATE_KERNEL, G_PREVIOUS_REASON, G_NCOLS
};

extern const char *const shard_names[SH_NCOLS];
extern const char *const gate_names[G_NCOLS];

/*
 * The queue's patch a gate's regressions were bisected to: its number in
 * the queue (NNN/MMM), file, subject, the upstream commit it says it
 * backports, the verification (the culprit fails, its parent passes, the
 * candidate with it reverted passes: "verified", else what was not),
 * the known fixes of that commit, the bisection's folder.
 */
enum culprit_col {
	CU_NUMBER, CU_PATCH, CU_SUBJECT, CU_UPSTREAM, CU_VERIFIED, CU_FIXED_BY, CU_BISECT,
	CU_NCOLS
};

/*
 * A gate's proof of a patch: its place in the queue, file and upstream
 * commit, a check that proves that commit (the record's proven-by), the
 * check on the candidate without the patch and with it, and the outcome:
 * proven (FAIL without, PASS with), not reached (PASS both), not fixed
 * (FAIL both), inverted (PASS without, FAIL with: a regression of that
 * patch), untestable (the revert does not apply, or its kernel does not
 * build or boot: note says which).
 */
enum proof_col {
	PR_NUMBER, PR_PATCH, PR_UPSTREAM, PR_CHECK, PR_WITHOUT, PR_WITH, PR_OUTCOME, PR_NOTE,
	PR_NCOLS
};
extern const char *const proof_names[PR_NCOLS];

/*
 * A fix the series' released kernel lacks, shown by a check that proves
 * it (make proofs MISSING=1): its upstream commit, the check, what the
 * kernel said, what that says (evidence, or the check does not reach
 * it), whether stableguard's patch set carries it, the first bad line,
 * and how to take it.
 */
enum missing_col {
	MI_UPSTREAM, MI_CHECK, MI_OBSERVED, MI_SAID, MI_CARRIED, MI_FIRST_BAD, MI_TAKE, MI_NCOLS
};
extern const char *const missing_names[MI_NCOLS];

/* The review thread a gate's MBOX came from: its cover letter's headers. */
enum thread_col { TH_MESSAGE_ID, TH_SUBJECT, TH_NCOLS };
extern const char *const thread_names[TH_NCOLS];

/*
 * A gate's narrowing: the guest's chunks the previous release passes
 * (kept) of all it was booted with, the checks it failed on the rest,
 * and the run folder of the narrowed gate.
 */
enum narrow_col { NA_CHUNKS, NA_KEPT, NA_CHECKS, NA_RUN, NA_NCOLS };
extern const char *const narrow_names[NA_NCOLS];

/*
 * A gate's judgement (report/judge/gatejudge.c, written by report --compare
 * and again by report --reply, once the proofs are in): no regression,
 * regression or cannot judge; tested yes when a Tested-by is earned;
 * why not, "-" when it is.
 */
enum judgement_col { J_VERDICT, J_TESTED, J_WHY, J_NCOLS };
extern const char *const judgement_names[J_NCOLS];

/*
 * A gate's queue (RUN/entries, maintain/gate.sh once the candidate is
 * made): each patch's place (NNN/MMM), file, subject, the upstream
 * commit it says it backports ("-"), and its commit on the candidate.
 */
enum entry_col { E_NUMBER, E_PATCH, E_SUBJECT, E_UPSTREAM, E_COMMIT, E_NCOLS };
extern const char *const entry_names[E_NCOLS];

/*
 * What a gate's proofs boot (RUN/proof-plan, maintain/gate.sh, before
 * any of it boots): a row a patch's check or fstests test; dir, the
 * folder of its first try without the patch (RUN/proof-NNN: the variant
 * without-NNN; its next tries DIR-try-K, the candidate's DIR-with-try-K);
 * why it cannot be proven ("-": the revert did not apply).  report --gate
 * says which tries to boot, and judges them into RUN/proofs.
 */
enum proofplan_col { PP_NUMBER, PP_PATCH, PP_UPSTREAM, PP_CHECK, PP_DIR, PP_NOTE, PP_NCOLS };
extern const char *const proofplan_names[PP_NCOLS];

/*
 * A boot a gate still needs (RUN/needed, report --gate, rewritten each
 * time it judges): the sub-run's folder (planned: its series, variants
 * and plan written), its variants and checks (comma-separated, "-" none),
 * its fstests tests (comma-separated), the guest's chunks, the seed,
 * whether its kernel must be built first (yes: a proof's candidate
 * without a patch), the folder that names each variant's kernel
 * (kernels/S), and why, as the gate says it.
 */
enum needed_col {
	N_DIR, N_VARIANTS, N_CHECKS, N_TESTS, N_CHUNKS, N_SEED, N_BUILD, N_KERNELS, N_WHY,
	N_NCOLS
};
extern const char *const needed_names[N_NCOLS];

/*
 * A step of a gate judged (RUN/stages, report --gate, a row appended as
 * each ends): compare, narrow, tries or proofs; its status (0 no
 * regression, 1 a regression or an inverted proof, 3 cannot judge).
 */
enum stage_col { ST_STAGE, ST_STATUS, ST_NCOLS };
extern const char *const stage_names[ST_NCOLS];

/*
 * Where a guest's seconds went (LOG.times, logread --both, from the same
 * reading as its verdicts): mark boot (begin: the kernel's uptime at the
 * guest's start), a check's (begin and end by the guest clock, secs by
 * its own count, setup, fsck's seconds), done (begin: the guest's end);
 * "-" a mark the log does not have.
 */
/*
 * The proof index (sgconf proofs: the record's proven-by; fixedby
 * --index: an fstests checkout's tests that name their kernel fix): an
 * upstream commit (an fstests test may name it by its first 12 digits),
 * kind check or fstests, the check or test that fails without it, the
 * commits it fixes (comma-separated, "-"), its subject.
 */
enum proofindex_col { PI_UPSTREAM, PI_KIND, PI_NAME, PI_FIXES, PI_SUBJECT, PI_NCOLS };
extern const char *const proofindex_names[PI_NCOLS];

/* A check and the I/O path it goes through (branches.yaml's paths:). */
enum checkpath_col { CP_CHECK, CP_PATH, CP_NCOLS };
extern const char *const checkpath_names[CP_NCOLS];

/*
 * A case of the corpus (sgconf corpus, from branches.yaml's corpus:):
 * its name, the series whose tree replays it, the upstream ids of the
 * bad change and of its fix, the stable releases that shipped each,
 * where it was reported, and the patches (absolute paths): the one that
 * takes the tree to the release before the bad change, the queue (the
 * bad change) and the fixed queue (the bad change and its fix),
 * space-separated.
 */
enum corpus_col {
	CO_CASE, CO_SERIES, CO_BAD, CO_FIX, CO_SHIPPED, CO_FIXED_IN, CO_REPORTED,
	CO_PREVIOUS, CO_QUEUE, CO_FIXED, CO_NCOLS
};
extern const char *const corpus_names[CO_NCOLS];

/*
 * A gate the corpus bench ran: the case, which queue (queue or fixed),
 * the gate's run folder ("-": none was made), its wall seconds and make
 * gate's exit status.
 */
enum corpusrun_col { CR_CASE, CR_QUEUE, CR_RUN, CR_SECS, CR_STATUS, CR_NCOLS };
extern const char *const corpusrun_names[CR_NCOLS];

/*
 * A file a gate's queue touches (sgconf pathmap): the path, the map's
 * globs that cover it (comma-separated, "-": none), the checks they
 * name, the fstests tests chosen for it within the budget, those the
 * budget or the checkout left out (test:why, comma-separated), and why
 * (the map's lines, joined; or that nothing covers it).
 */
enum touched_col { TO_PATH, TO_GLOBS, TO_CHECKS, TO_FSTESTS, TO_LEFT_OUT, TO_WHY, TO_NCOLS };
extern const char *const touched_names[TO_NCOLS];

/*
 * A patch of a gate's queue and a file it left lines in (covmap): its
 * place and file name, the file ("-": it left no line), its lines
 * there, how many are code and how many of those ran ("-": not
 * measured), the checks that ran them, and executed, not exercised, not
 * measured or no code.
 */
enum coverage_col {
	COV_NUMBER, COV_PATCH, COV_FILE, COV_LINES, COV_CODE, COV_EXECUTED, COV_CHECKS,
	COV_STATUS, COV_NCOLS
};
extern const char *const coverage_names[COV_NCOLS];

enum times_col { T_MARK, T_CHECK, T_BEGIN, T_END, T_SECS, T_SETUP, T_FSCK, T_NCOLS };
extern const char *const times_names[T_NCOLS];

/*
 * What a run folder is (RUN/kind, one row): matrix (make matrix: the
 * series' own branches), merged (the shards of one matrix), gate,
 * missing (make proofs MISSING=1), fstests, bisect; the series it
 * took ("-": every series), and the script that made it.  Only matrix
 * and merged runs are a series' release evidence (sg_latest_run).
 */
enum kind_col { K_KIND, K_SERIES, K_MADE_BY, K_NCOLS };
extern const char *const kind_names[K_NCOLS];
extern const char *const culprit_names[CU_NCOLS];
extern const char *const plan_names[PL_NCOLS];
extern const char *const policy_names[PO_NCOLS];
extern const char *const boot_names[B_NCOLS];
extern const char *const series_names[SE_NCOLS];
extern const char *const variant_names[VA_NCOLS];
extern const char *const pair_names[PA_NCOLS];


struct runfile_kind {
	const char *name;
	const char *const *cols;
	int n;
};

/* The kind called name, or NULL. */
const struct runfile_kind *runfile_kind(const char *name);
/* The kind whose header is exactly this line (no line end), or NULL. */
const struct runfile_kind *runfile_kind_of(const char *header);
/* Every kind's name, space-separated, for messages. */
const char *runfile_kinds(void);

/* The header line of a kind, with its newline, to f. */
void runfile_put_header(FILE *f, const struct runfile_kind *k);
/*
 * One row to f from values[i] for cols[i]: tabs and line ends in a value
 * become spaces, an empty or NULL value is "-".
 */
void runfile_put_row(FILE *f, const struct runfile_kind *k, const char *const *values);
/*
 * values[] from NAME=VALUE arguments, every column of k named once;
 * 0, or -1 after saying why on stderr as "who: ...".
 */
int runfile_parse_row(const char *who, const struct runfile_kind *k, int argc,
		      char **argv, const char **values);

#endif
