// SPDX-License-Identifier: GPL-2.0
/*
 * The first error of a failed build.  What counts, in the order a
 * maintainer reads them: gcc's and clang's "file:line:col: error:" (and
 * "fatal error:"), the linker's (ld: ... undefined reference, multiple
 * definition, or its own "error"), the assembler's "Error:", modpost's
 * and objtool's "ERROR:".  make's own lines only say that a recipe
 * failed; a warning is not why a build stopped.
 */
#include <string.h>

#include "buildlog.h"

/* make's line ("make[4]: *** [...] Error 2", "make: *** ..."). */
static int is_make(const char *line)
{
	return !strncmp(line, "make:", 5) || !strncmp(line, "make[", 5);
}

/* The linker speaks: "ld: ...", "x86_64-linux-gnu-ld: ...", "ld.lld: ...". */
static int is_linker(const char *line)
{
	const char *colon = strstr(line, ": ");
	const char *ld;

	if (!colon)
		return 0;
	for (ld = line; (ld = strstr(ld, "ld")) && ld < colon; ld++)
		if ((ld == line || ld[-1] == '-' || ld[-1] == '/') &&
		    (ld + 2 == colon || ld[2] == '.'))
			return 1;
	return 0;
}

static int is_error(const char *line)
{
	if (is_make(line))
		return 0;
	if (strstr(line, ": error: ") || strstr(line, ": fatal error: ") ||
	    strstr(line, "undefined reference to") || strstr(line, "multiple definition of"))
		return 1;
	if (is_linker(line) && strstr(line, "error"))
		return 1;
	return !strncmp(line, "ERROR: ", 7) || strstr(line, ": Error: ") != NULL;
}

/*
 * "/abs/linux/fs/ext4/inode.c:12: error" as "fs/ext4/inode.c:12: error",
 * and "../../../src/6.1/fs/..." of an out-of-tree build the same way.
 */
static const char *tree_relative(const char *line)
{
	static const char *const tops[] = {
		"/arch/", "/block/", "/drivers/", "/fs/", "/include/", "/init/", "/kernel/",
		"/lib/", "/mm/", "/net/", "/scripts/", "/security/", "/sound/", "/tools/",
	};
	const char *colon = strchr(line, ':'), *best = NULL, *p;
	size_t i;

	if ((line[0] != '/' && line[0] != '.') || !colon)
		return line;
	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++) {
		p = strstr(line, tops[i]);
		if (p && p < colon && (!best || p < best))
			best = p;
	}
	return best ? best + 1 : line;
}

int buildlog_first_error(FILE *f, char *buf, size_t len)
{
	char line[4096];

	buf[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (is_error(line)) {
			snprintf(buf, len, "%s", tree_relative(line));
			return 0;
		}
		if (line[0] && !is_make(line))
			snprintf(buf, len, "%s", line);
	}
	return 1;
}
