// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kcidb.h"

const char *kcidb_status(const char *observed)
{
	static const char *const same[] = { "PASS", "FAIL", "ERROR", "SKIP" };
	size_t i;

	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		if (!strcmp(observed, same[i]))
			return same[i];
	if (!strcmp(observed, "REFUSED"))
		return "DONE";
	/* Anything else no check says: it did not run as it should. */
	return "MISS";
}

void kcidb_begin(struct jw *w, FILE *f)
{
	jw_init(w, f);
	jw_open(w, NULL, '{');
	jw_open(w, "version", '{');
	jw_int(w, "major", KCIDB_MAJOR);
	jw_int(w, "minor", KCIDB_MINOR);
	jw_close(w, '}');
}

const char *kcidb_id(char *buf, size_t len, const char *run, const char *part)
{
	snprintf(buf, len, "%s:%s/%s", KCIDB_ORIGIN, run, part);
	return buf;
}

/* RFC 3986: unreserved characters and the path's slashes stay. */
static int url_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("-._~/", c);
}

const char *kcidb_url(char *buf, size_t len, const char *dir, const char *rel)
{
	const char *base = getenv("SG_KCIDB_URL");
	char real[PATH_MAX], path[2 * PATH_MAX];
	size_t at;
	const unsigned char *p;

	if (base && *base) {
		at = snprintf(buf, len, "%s", base);
		if (at && at < len && buf[at - 1] == '/')
			buf[--at] = '\0';
		snprintf(path, sizeof(path), "/%s", rel);
	} else {
		at = snprintf(buf, len, "file://");
		snprintf(path, sizeof(path), "%s/%s", realpath(dir, real) ? real : dir, rel);
	}
	for (p = (const unsigned char *)path; *p && at + 4 < len; p++)
		at += snprintf(buf + at, len - at, url_plain(*p) ? "%c" : "%%%02X", *p);
	return buf;
}

double kcidb_secs(const char *col)
{
	char *end;
	double v = strtod(col, &end);

	return end != col && !*end && v >= 0 ? v : -1;
}
