/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json: a small reader of a JSON document (RFC 8259) into a tree, for
 * kcidbcheck.  Every value knows its line; a string may hold a NUL
 * (\u0000), so it keeps its length.
 */
#ifndef SG_JSON_H
#define SG_JSON_H

#include <stddef.h>

enum json_type { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

struct json {
	enum json_type type;
	int line;
	int boolean;		/* J_BOOL */
	double number;		/* J_NUMBER */
	char *string;		/* J_STRING, NUL-terminated UTF-8 */
	size_t len;		/* its bytes, a \u0000 counted */
	int n;			/* J_ARRAY, J_OBJECT: members */
	char **keys;		/* J_OBJECT */
	struct json *kids;
};

/* The document in path, or NULL after saying "who: path:line: why". */
struct json *json_load(const char *path, const char *who);
void json_free(struct json *v);
/* The member key of an object, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
const char *json_type_name(enum json_type t);

#endif
