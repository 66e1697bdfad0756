/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gcov text file (gcov FILE.gcda, the "FILE.c.gcov" it writes): its
 * Source: path and, per line of that source, whether it is executable
 * and how many times it ran.
 */
#ifndef SG_GCOVTEXT_H
#define SG_GCOVTEXT_H

#define GCOV_NOT_EXECUTABLE (-1L)

struct gcov_file {
	char source[4096];	/* as gcov says it: the build's absolute path */
	long *count;		/* count[line], GCOV_NOT_EXECUTABLE, or runs (0: none) */
	int lines;		/* count[1..lines] */
};

/* 0, or -1 with why (path:line). */
int gcov_read(const char *path, struct gcov_file *g, char *why, int len);
void gcov_free(struct gcov_file *g);
/* Whether the gcov file is of rel (a tree-relative path): its suffix. */
int gcov_is_of(const struct gcov_file *g, const char *rel);

#endif
