// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "jsonw.h"

#define MAX_DEPTH 64

struct parser {
	const char *p, *path, *who;
	int line, depth, failed;
};

static int error(struct parser *ps, const char *why)
{
	if (!ps->failed)
		fprintf(stderr, "%s: %s:%d: %s\n", ps->who, ps->path, ps->line, why);
	ps->failed = 1;
	return -1;
}

static void skip_space(struct parser *ps)
{
	for (; *ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'; ps->p++)
		ps->line += *ps->p == '\n';
}

static int parse_value(struct parser *ps, struct json *v);

/* Room for one more member; the arrays grow by doubling. */
static struct json *grow(struct json *v, int keyed)
{
	if (!(v->n & (v->n - 1))) {
		int cap = v->n ? 2 * v->n : 1;
		struct json *kids = realloc(v->kids, cap * sizeof(*kids));
		char **keys = keyed ? realloc(v->keys, cap * sizeof(*keys)) : NULL;

		if (kids)
			v->kids = kids;
		if (keys)
			v->keys = keys;
		if (!kids || (keyed && !keys))
			return NULL;
	}
	memset(&v->kids[v->n], 0, sizeof(v->kids[0]));
	return &v->kids[v->n];
}

static void put_utf8(char *out, size_t *at, unsigned cp)
{
	if (cp < 0x80) {
		out[(*at)++] = cp;
	} else if (cp < 0x800) {
		out[(*at)++] = 0xc0 | cp >> 6;
		out[(*at)++] = 0x80 | (cp & 0x3f);
	} else if (cp < 0x10000) {
		out[(*at)++] = 0xe0 | cp >> 12;
		out[(*at)++] = 0x80 | ((cp >> 6) & 0x3f);
		out[(*at)++] = 0x80 | (cp & 0x3f);
	} else {
		out[(*at)++] = 0xf0 | cp >> 18;
		out[(*at)++] = 0x80 | ((cp >> 12) & 0x3f);
		out[(*at)++] = 0x80 | ((cp >> 6) & 0x3f);
		out[(*at)++] = 0x80 | (cp & 0x3f);
	}
}

static int hex4(struct parser *ps, unsigned *cp)
{
	int i;

	*cp = 0;
	for (i = 0; i < 4; i++) {
		char c = *ps->p++;

		*cp <<= 4;
		if (c >= '0' && c <= '9')
			*cp |= c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			*cp |= (c | 0x20) - 'a' + 10;
		else
			return error(ps, "\\u wants four hex digits");
	}
	return 0;
}

static int escape(struct parser *ps, char *out, size_t *at)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e = *ps->p ? strchr(from, *ps->p) : NULL;
	unsigned cp, lo;

	if (e) {
		ps->p++;
		out[(*at)++] = to[e - from];
		return 0;
	}
	if (*ps->p++ != 'u' || hex4(ps, &cp))
		return error(ps, "a bad escape in a string");
	if (cp >= 0xd800 && cp < 0xdc00) {
		if (ps->p[0] != '\\' || ps->p[1] != 'u')
			return error(ps, "a lone surrogate in a string");
		ps->p += 2;
		if (hex4(ps, &lo) || lo < 0xdc00 || lo > 0xdfff)
			return error(ps, "a lone surrogate in a string");
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	} else if (cp >= 0xdc00 && cp <= 0xdfff) {
		return error(ps, "a lone surrogate in a string");
	}
	put_utf8(out, at, cp);
	return 0;
}

static int parse_string(struct parser *ps, char **s, size_t *len)
{
	const char *start = ++ps->p;
	char *out;
	size_t at = 0;
	int n;

	while (*ps->p && *ps->p != '"')
		ps->p += *ps->p == '\\' && ps->p[1] ? 2 : 1;
	out = malloc(ps->p - start + 1);
	if (!out)
		return error(ps, "out of memory");
	*s = out;
	for (ps->p = start; *ps->p != '"'; ) {
		if (!*ps->p)
			return error(ps, "a string without its closing quote");
		if ((unsigned char)*ps->p < 0x20)
			return error(ps, "a control character in a string");
		if (*ps->p == '\\') {
			ps->p++;
			if (escape(ps, out, &at))
				return -1;
			continue;
		}
		n = utf8_seq((const unsigned char *)ps->p);
		if (!n)
			return error(ps, "a string that is not UTF-8");
		memcpy(out + at, ps->p, n);
		at += n;
		ps->p += n;
	}
	ps->p++;
	out[at] = '\0';
	*len = at;
	return 0;
}

static int parse_number(struct parser *ps, struct json *v)
{
	const char *s = ps->p;
	char *end;

	if (*s == '-')
		s++;
	if (!(*s >= '0' && *s <= '9') || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
		return error(ps, "not a JSON value");
	v->type = J_NUMBER;
	v->number = strtod(ps->p, &end);
	/* strtod takes more than JSON does: hex, inf, nan. */
	if (strspn(ps->p, "0123456789.eE+-") < (size_t)(end - ps->p))
		return error(ps, "not a JSON number");
	ps->p = end;
	return 0;
}

static int parse_members(struct parser *ps, struct json *v, char close)
{
	int keyed = close == '}';
	struct json *kid;
	size_t len;

	ps->p++;
	skip_space(ps);
	if (*ps->p == close) {
		ps->p++;
		return 0;
	}
	for (;;) {
		skip_space(ps);
		if (!(kid = grow(v, keyed)))
			return error(ps, "out of memory");
		if (keyed) {
			if (*ps->p != '"')
				return error(ps, "an object's key must be a string");
			if (parse_string(ps, &v->keys[v->n], &len))
				return -1;
			skip_space(ps);
			if (*ps->p++ != ':')
				return error(ps, "a key without its ':'");
		}
		v->n++;
		if (parse_value(ps, kid))
			return -1;
		skip_space(ps);
		if (*ps->p == close) {
			ps->p++;
			return 0;
		}
		if (*ps->p++ != ',')
			return error(ps, keyed ? "a ',' or '}' was wanted" : "a ',' or ']' was wanted");
	}
}

static int word(struct parser *ps, const char *w)
{
	size_t n = strlen(w);

	if (strncmp(ps->p, w, n))
		return 0;
	ps->p += n;
	return 1;
}

static int parse_value(struct parser *ps, struct json *v)
{
	int rc;

	skip_space(ps);
	v->line = ps->line;
	if (*ps->p == '{' || *ps->p == '[') {
		if (++ps->depth > MAX_DEPTH)
			return error(ps, "nested too deep");
		v->type = *ps->p == '{' ? J_OBJECT : J_ARRAY;
		rc = parse_members(ps, v, *ps->p == '{' ? '}' : ']');
		ps->depth--;
		return rc;
	}
	if (*ps->p == '"') {
		v->type = J_STRING;
		return parse_string(ps, &v->string, &v->len);
	}
	if (word(ps, "true") || word(ps, "false")) {
		v->type = J_BOOL;
		v->boolean = ps->p[-2] == 'u';	/* true, not false */
		return 0;
	}
	if (word(ps, "null")) {
		v->type = J_NULL;
		return 0;
	}
	return parse_number(ps, v);
}

static char *read_all(const char *path, const char *who)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "%s: %s: cannot open\n", who, path);
		return NULL;
	}
	do {
		if (len + 4096 >= cap) {
			char *more = realloc(buf, cap = 2 * cap + 8192);

			if (!more) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = more;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
	} while (got);
	fclose(f);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		fprintf(stderr, "%s: %s: a NUL byte: not a JSON text\n", who, path);
		free(buf);
		return NULL;
	}
	return buf;
}

struct json *json_load(const char *path, const char *who)
{
	struct parser ps = { .path = path, .who = who, .line = 1 };
	struct json *v = calloc(1, sizeof(*v));
	char *text = read_all(path, who);

	if (!v || !text) {
		free(v);
		free(text);
		return NULL;
	}
	ps.p = text;
	if (!parse_value(&ps, v)) {
		skip_space(&ps);
		if (*ps.p)
			error(&ps, "more after the document's end");
	}
	free(text);
	if (ps.failed) {
		json_free(v);
		return NULL;
	}
	return v;
}

static void free_kids(struct json *v)
{
	int i;

	for (i = 0; i < v->n; i++) {
		free_kids(&v->kids[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->kids);
	free(v->keys);
	free(v->string);
}

void json_free(struct json *v)
{
	if (!v)
		return;
	free_kids(v);
	free(v);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	int i;

	if (obj->type != J_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->kids[i];
	return NULL;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {
		"null", "boolean", "number", "string", "array", "object"
	};

	return names[t];
}
