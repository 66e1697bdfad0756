// SPDX-License-Identifier: GPL-2.0
#include "outfile.h"

FILE *outfile_create(const char *who, const char *dir, const char *name)
{
	char path[8192];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "%s: %s: cannot write\n", who, path);
	return f;
}

int write_file(const char *who, const char *dir, const char *name,
	       void (*fn)(FILE *))
{
	FILE *f = outfile_create(who, dir, name);

	if (!f)
		return -1;
	fn(f);
	return fclose(f);
}
