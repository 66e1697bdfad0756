/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Upstream history in one pass: every commit of `git log --topo-order`
 * of a revision, with the first release tag that contains it, whether
 * each series' base tag contains it, and the commits that carry Fixes:
 * trailers.  Children come before parents in topological order, so what
 * a commit inherits from its descendants (the tags that contain it) is
 * complete when it is read, and is passed on to its parents.
 */
#ifndef SG_UPHIST_H
#define SG_UPHIST_H

#include <stddef.h>
#include <stdint.h>

#define UP_NO_RANK 0xffff	/* in no release yet */
#define UP_MAX_SERIES 31
#define UP_MAX_FIXES 8

struct up_commit {
	unsigned char id[20];
	uint16_t rank;		/* index of the first release tag containing it */
	uint32_t mask;		/* bit s: series s's base tag contains it */
};

struct up_fix {
	unsigned char id[20];
	uint16_t rank;
	uint32_t mask;
	char *subject, *author, *date;
	int nr_targets;
	char *target[UP_MAX_FIXES];	/* as written: 8 to 40 hex */
};

struct uphist {
	const char *repo;
	struct up_commit *tab;	/* open addressing on the id */
	size_t cap, n;
	char **release;		/* release tags, earliest first: rank -> name */
	int nr_releases;
	struct up_fix *fix;	/* in the order read: newest first */
	size_t nr_fixes, cap_fixes;
	unsigned char *sorted;	/* every id, sorted, 20 bytes each */
};

/* Reads the release tags of repo; -1 with a message if it is no repository. */
int up_open(struct uphist *h, const char *repo);
/* The commit a tag names, or -1 if repo has no such tag. */
int up_tag_commit(struct uphist *h, const char *tag, unsigned char *id);
/* Series bit goes on the tag's commit before the walk. */
void up_mark(struct uphist *h, const unsigned char *id, uint32_t bit);
/* The one pass over `git log rev`.  0 or -1. */
int up_walk(struct uphist *h, const char *rev);
struct up_commit *up_find(struct uphist *h, const unsigned char *id);
/*
 * Resolves an abbreviation (4 to 40 hex) to the one commit it names:
 * returns the number of commits it matches (0, 1, or 2 for "more"), the
 * first in id.
 */
int up_resolve(struct uphist *h, const char *abbrev, unsigned char *id);
const char *up_release(const struct uphist *h, uint16_t rank);

int hex_to_id(const char *hex, unsigned char *id);
void id_to_hex(const unsigned char *id, char *hex);

#endif
