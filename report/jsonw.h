/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonw: JSON written member by member, the commas and the indentation
 * kept by the writer (kcidb.json).  key is NULL for an array's items.
 * Strings are written as valid UTF-8: a byte that is not is written as
 * U+FFFD, so a serial log's noise cannot make the file unreadable.
 */
#ifndef SG_JSONW_H
#define SG_JSONW_H

#include <stdio.h>

#define JW_DEPTH 16

struct jw {
	FILE *f;
	int depth;
	int count[JW_DEPTH];
};

void jw_init(struct jw *w, FILE *f);
/* An object ('{') or array ('['), and its end. */
void jw_open(struct jw *w, const char *key, char brace);
void jw_close(struct jw *w, char brace);
void jw_str(struct jw *w, const char *key, const char *val);
/* At most max characters of val (not bytes: JSON Schema's maxLength). */
void jw_strn(struct jw *w, const char *key, const char *val, size_t max);
void jw_num(struct jw *w, const char *key, double val);
void jw_int(struct jw *w, const char *key, long val);
void jw_bool(struct jw *w, const char *key, int val);

/* The length of the UTF-8 sequence at s, or 0 when it is not one. */
int utf8_seq(const unsigned char *s);

#endif
