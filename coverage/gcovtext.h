/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gcov text file (gcov FILE.gcda, the "FILE.c.gcov" it writes, or all
 * of them on gcov -t's stdout: the source and each header it includes,
 * a section each, each led by its Source: line): per source, whether
 * each line is executable and how many times it ran.
 */
#ifndef SG_GCOVTEXT_H
#define SG_GCOVTEXT_H

#define GCOV_NOT_EXECUTABLE (-1L)

struct gcov_file {
	char source[4096];	/* as gcov says it: the build's absolute path */
	long *count;		/* count[line], GCOV_NOT_EXECUTABLE, or runs (0: none) */
	int lines;		/* count[1..lines] */
};

/*
 * Every section of the file, appended to *g (*n of them, *g grown by
 * realloc): 0, or -1 with why (path:line).
 */
int gcov_read(const char *path, struct gcov_file **g, int *n, char *why, int len);
void gcov_free(struct gcov_file *g);
/* Whether the gcov file is of rel (a tree-relative path): its suffix. */
int gcov_is_of(const struct gcov_file *g, const char *rel);

#endif
