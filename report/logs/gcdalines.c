// SPDX-License-Identifier: GPL-2.0
/*
 * gcdalines.h.  A line is "SG-GCDA <check> <path> <base64>"; a path with
 * ".." in it, or data that is not base64, is damaged: said, and the
 * line's file not written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gcdalines.h"
#include "protocol.h"
#include "sgline.h"

static int b64_value(int c)
{
	const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *p = c ? strchr(abc, c) : NULL;

	return p ? (int)(p - abc) : -1;
}

/* s decoded into out (strlen(s) / 4 * 3 bytes at most); its length, or -1. */
static long b64_decode(const char *s, unsigned char *out)
{
	long n = 0;
	int bits = 0, v;
	unsigned acc = 0;

	for (; *s && *s != '='; s++) {
		v = b64_value(*s);
		if (v < 0)
			return -1;
		acc = acc << 6 | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (unsigned char)(acc >> bits);
		}
	}
	return n;
}

static int mkdirs(char *path)
{
	char *p;

	for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

static int one(const char *dir, char *args, int lineno)
{
	char *check = strtok(args, " "), *path = strtok(NULL, " "), *data = strtok(NULL, " \r\n");
	char out[8192];
	unsigned char *bytes;
	long n;
	FILE *f;

	if (!check || !path || !data || *path != '/' || strstr(path, "..") || strchr(check, '/')) {
		fprintf(stderr, "logread --gcda: line %d: not SG-GCDA <check> <path> <base64>\n", lineno);
		return -1;
	}
	bytes = malloc(strlen(data) / 4 * 3 + 3);
	n = bytes ? b64_decode(data, bytes) : -1;
	snprintf(out, sizeof(out), "%s/%s%s", dir, check, path);
	f = n < 0 || mkdirs(out) ? NULL : fopen(out, "w");
	if (!f || fwrite(bytes, 1, n, f) != (size_t)n) {
		fprintf(stderr, "logread --gcda: line %d: %s: %s\n", lineno, path,
			n < 0 ? "its data is not base64" : "cannot be written");
		if (f)
			fclose(f);
		free(bytes);
		return -1;
	}
	fclose(f);
	free(bytes);
	return 0;
}

int gcda_lines_write(const char *log, const char *dir)
{
	char *line = NULL;
	const char *rec, *args;
	size_t cap = 0;
	int lineno = 0, files = 0, bad = 0;
	FILE *f = fopen(log, "r");

	if (!f) {
		fprintf(stderr, "logread --gcda: %s: cannot open\n", log);
		return -1;
	}
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		rec = sgline_record(line);
		args = rec ? sgline_kind(rec, SG_LINE_GCDA) : NULL;
		if (!args)
			continue;
		if (one(dir, (char *)args, lineno))
			bad = 1;
		else
			files++;
	}
	free(line);
	fclose(f);
	return bad ? -1 : files;
}
