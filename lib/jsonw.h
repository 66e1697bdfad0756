/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonw: the one JSON writer of the host tools (kcidb.json, results.json,
 * bisect.json): written member by member, the commas and the indentation
 * kept by the writer.  key is NULL for an array's items.  Strings are
 * written as valid UTF-8: a byte that is not is written as U+FFFD, one a
 * byte, and a control character as \u00XX, so a serial log's noise
 * cannot make the file unreadable.
 */
#ifndef SG_JSONW_H
#define SG_JSONW_H

#include <stdio.h>

#define JW_DEPTH 16

struct jw {
	FILE *f;
	int depth;
	int count[JW_DEPTH];
	unsigned char line[JW_DEPTH];	/* the container is on one line */
};

void jw_init(struct jw *w, FILE *f);
/* An object ('{') or array ('['), and its end. */
void jw_open(struct jw *w, const char *key, char brace);
/* The same on one line, with all it holds: a table's row. */
void jw_open_line(struct jw *w, const char *key, char brace);
void jw_close(struct jw *w, char brace);
void jw_str(struct jw *w, const char *key, const char *val);
/* At most max characters of val (not bytes: JSON Schema's maxLength). */
void jw_strn(struct jw *w, const char *key, const char *val, size_t max);
void jw_num(struct jw *w, const char *key, double val);
void jw_int(struct jw *w, const char *key, long val);
void jw_bool(struct jw *w, const char *key, int val);

/*
 * The length of the UTF-8 sequence at s, or 0 when it is not one (RFC
 * 3629: no overlong form, no surrogate, nothing past U+10FFFF).  The JSON
 * reader and the HTML and XML escaper (html.h) ask it too.
 */
int utf8_seq(const unsigned char *s);
/* The code point of the n-byte sequence at s (n from utf8_seq()). */
unsigned int utf8_cp(const unsigned char *s, int n);

#endif
