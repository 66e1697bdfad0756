// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "jsonw.h"

void jw_init(struct jw *w, FILE *f)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
}

static void put_string(struct jw *w, const char *val, size_t max);

/* The comma, the new line and indentation before a member, and its key. */
static void member(struct jw *w, const char *key)
{
	if (w->depth) {
		fputs(w->count[w->depth]++ ? ",\n" : "\n", w->f);
		fprintf(w->f, "%*s", 2 * w->depth, "");
	}
	if (key) {
		put_string(w, key, (size_t)-1);
		fputs(": ", w->f);
	}
}

void jw_open(struct jw *w, const char *key, char brace)
{
	member(w, key);
	fputc(brace, w->f);
	if (w->depth + 1 < JW_DEPTH)
		w->count[++w->depth] = 0;
}

void jw_close(struct jw *w, char brace)
{
	int had = w->count[w->depth];

	if (w->depth)
		w->depth--;
	if (had)
		fprintf(w->f, "\n%*s", 2 * w->depth, "");
	fputc(brace, w->f);
	if (!w->depth)
		fputc('\n', w->f);
}

int utf8_seq(const unsigned char *s)
{
	int n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

static void put_string(struct jw *w, const char *val, size_t max)
{
	const unsigned char *s = (const unsigned char *)val;
	size_t chars = 0;
	int n;

	fputc('"', w->f);
	for (; *s && chars < max; s += n ? n : 1, chars++) {
		n = utf8_seq(s);
		if (!n)
			fputs("\\ufffd", w->f);
		else if (*s == '"' || *s == '\\')
			fprintf(w->f, "\\%c", *s);
		else if (*s < 0x20 || *s == 0x7f)
			fprintf(w->f, "\\u%04x", *s);
		else
			fwrite(s, 1, n, w->f);
	}
	fputc('"', w->f);
}

void jw_strn(struct jw *w, const char *key, const char *val, size_t max)
{
	member(w, key);
	put_string(w, val, max);
}

void jw_str(struct jw *w, const char *key, const char *val)
{
	jw_strn(w, key, val, (size_t)-1);
}

void jw_num(struct jw *w, const char *key, double val)
{
	member(w, key);
	fprintf(w->f, "%.15g", val);
}

void jw_int(struct jw *w, const char *key, long val)
{
	member(w, key);
	fprintf(w->f, "%ld", val);
}

void jw_bool(struct jw *w, const char *key, int val)
{
	member(w, key);
	fputs(val ? "true" : "false", w->f);
}
