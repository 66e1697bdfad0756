/* SPDX-License-Identifier: GPL-2.0 */
/* The committed record of upstream commits (backports/upstream.yaml). */
#ifndef SG_FACTS_H
#define SG_FACTS_H

#include "yamldoc.h"

#define FACTS_MAX 1024
#define FACT_MAX_FIXES 8
#define FACT_MAX_FILES 32
#define FACT_MAX_STABLE 8
#define FACT_MAX_PROOFS 16

/*
 * A stable release that carried the commit, and where that is said (a
 * stable-queue path, a tree and file, the article).  Two sources that
 * disagree are two entries.
 */
struct stable_release {
	const char *release;	/* "4.0.5", or "3.19 (before 3.19.8)" */
	const char *source;	/* NULL when the entry is a bare release */
};

struct fact {
	char id[41];
	const char *subject, *author, *release, *kind;
	const char *date;	/* author date as git prints it, or NULL */
	int nr_fixes;
	char fixes[FACT_MAX_FIXES][41];
	int nr_files;
	const char *files[FACT_MAX_FILES];
	int nr_stable;
	struct stable_release stable[FACT_MAX_STABLE];
	/* proven-by: the checks and fstests tests that fail without it */
	int nr_checks, nr_tests;
	const char *checks[FACT_MAX_PROOFS], *tests[FACT_MAX_PROOFS];
	yaml_node_t *proven_by;	/* for messages */
};

struct facts {
	struct ydoc y;
	int n;
	struct fact f[FACTS_MAX];
};

/* Loads and validates; errors go to stderr as file:line.  0 or -1. */
int facts_load(struct facts *facts, const char *path);
/* Loads the facts file branches.yaml names under "upstream", relative to dir. */
int facts_load_for_branches(struct facts *facts, struct ydoc *branches,
			    const char *dir);
/* The fact whose id starts with prefix (at least 12 hex digits). */
const struct fact *facts_find(const struct facts *facts, const char *prefix);
/* The entry of a stable release of series ("3.19") that carried f, or NULL. */
const struct stable_release *fact_stable_in(const struct fact *f, const char *series);
/* id[0..12), for messages. */
const char *short_id(const char *id);

/*
 * sgconf fixed-by: the facts' commits that say Fixes: id, one line each
 * ("id<TAB>subject<TAB>release<TAB>kind"); 0, 2 for an id too short.
 */
int facts_fixed_by(struct ydoc *y, const char *dir, const char *id);

/*
 * sgconf proofs: what proves each commit of the record, a run file of
 * kind proofindex (lib/runfile.h: upstream, check or fstests, its name,
 * the commits it says Fixes:, its subject), its checks validated against
 * branches.yaml's; 0, or 2 after naming a bad one.
 */
int facts_proofs(struct ydoc *y, const char *dir);

#endif
