// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "jsonw.h"

void jw_init(struct jw *w, FILE *f)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
}

static void put_string(struct jw *w, const char *val, size_t max);

/*
 * The comma, and the new line and indentation, before a member, and its
 * key.  In a container on one line the members are parted by ", ".
 */
static void member(struct jw *w, const char *key)
{
	if (w->depth && w->line[w->depth]) {
		if (w->count[w->depth]++)
			fputs(", ", w->f);
	} else if (w->depth) {
		fputs(w->count[w->depth]++ ? ",\n" : "\n", w->f);
		fprintf(w->f, "%*s", 2 * w->depth, "");
	}
	if (key) {
		put_string(w, key, (size_t)-1);
		fputs(": ", w->f);
	}
}

static void open_container(struct jw *w, const char *key, char brace, int line)
{
	member(w, key);
	fputc(brace, w->f);
	if (w->depth + 1 < JW_DEPTH) {
		w->depth++;
		w->count[w->depth] = 0;
		/* What a line holds is on that line too. */
		w->line[w->depth] = line || w->line[w->depth - 1];
	}
}

void jw_open(struct jw *w, const char *key, char brace)
{
	open_container(w, key, brace, 0);
}

void jw_open_line(struct jw *w, const char *key, char brace)
{
	open_container(w, key, brace, 1);
}

void jw_close(struct jw *w, char brace)
{
	int had = w->count[w->depth], line = w->line[w->depth];

	if (w->depth)
		w->depth--;
	if (had && !line)
		fprintf(w->f, "\n%*s", 2 * w->depth, "");
	fputc(brace, w->f);
	if (!w->depth)
		fputc('\n', w->f);
}

int utf8_seq(const unsigned char *s)
{
	unsigned char lo, hi;
	int n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	/*
	 * The second byte's range rules out the overlong forms (after e0,
	 * f0), the surrogates (after ed) and what is past U+10FFFF (after f4).
	 * A NUL fails it too: nothing is read past the string's end.
	 */
	lo = s[0] == 0xe0 ? 0xa0 : s[0] == 0xf0 ? 0x90 : 0x80;
	hi = s[0] == 0xed ? 0x9f : s[0] == 0xf4 ? 0x8f : 0xbf;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

unsigned int utf8_cp(const unsigned char *s, int n)
{
	static const unsigned char lead_bits[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned int cp = s[0] & lead_bits[n];
	int i;

	for (i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	return cp;
}

/*
 * The one JSON string writer: val as a JSON string, at most max
 * characters (an invalid byte, written as U+FFFD, is one).
 */
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
