// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "branches.h"
#include "validate.h"

int branches_open(struct ydoc *y, const char *path, char *dir, size_t len)
{
	char *slash;

	snprintf(dir, len, "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, len, ".");
	if (ydoc_load(y, path))
		return -1;
	if (branches_validate(y, dir)) {
		fprintf(stderr, "%s: %d error%s\n", path, y->errors,
			y->errors == 1 ? "" : "s");
		ydoc_free(y);
		return -1;
	}
	return 0;
}

yaml_node_t *branches_series(struct ydoc *y, const char *name)
{
	yaml_node_t *s = ydoc_get(y, ydoc_get(y, ydoc_root(y), "series"), name);

	if (!s)
		fprintf(stderr, "%s: no series \"%s\"\n", y->path, name);
	return s;
}

int branches_is_check(struct ydoc *y, const char *name)
{
	yaml_node_t *checks = ydoc_get(y, ydoc_root(y), "checks");
	int i;

	for (i = 0; i < ydoc_len(checks); i++)
		if (!strcmp(ydoc_str(ydoc_item(y, checks, i)) ?: "", name))
			return 1;
	return 0;
}

const char *branches_expect(struct ydoc *y, yaml_node_t *variant, const char *check)
{
	const char *e;

	if (!branches_is_check(y, check))
		return NULL;
	e = ydoc_str(ydoc_get(y, ydoc_get(y, variant, "expect"), check));
	return e ? e : "PASS";
}

const char *branches_file(const char *dir, const char *rel, char *buf, size_t len)
{
	if (!rel)
		return NULL;
	snprintf(buf, len, "%s/%s", dir, rel);
	return buf;
}
