// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "sgline.h"

const char *sgline_record(const char *line)
{
	const char *p = strstr(line, SG_LINE_PREFIX);

	/* Console lines may carry a timestamp or a stray prefix. */
	if (p && (p == line || p[-1] == ' ' || p[-1] == '\r'))
		return p;
	return NULL;
}

const char *sgline_kind(const char *record, const char *what)
{
	size_t n = strlen(what);

	if (strncmp(record, what, n) || (record[n] != ' ' && record[n] != '\0' &&
					 record[n] != '\r' && record[n] != '\n'))
		return NULL;
	return record + n;
}

int sgline_number(const char *args, const char *key, double *val)
{
	const char *p = args;
	char *end;
	size_t n = strlen(key);

	while ((p = strstr(p, key))) {
		/* A field of its own: "secs=" is not the tail of "xsecs=". */
		if (p > args && p[-1] == ' ') {
			*val = strtod(p + n, &end);
			return end != p + n;
		}
		p += n;
	}
	return 0;
}
