// SPDX-License-Identifier: GPL-2.0
/*
 * kcidbcheck: validates a kcidb.json against KCIDB's I/O schema, version
 * KCIDB_MAJOR.KCIDB_MINOR (kcidb-io's kcidb_io/schema/v05_03.py, the one
 * its schema package names LATEST), as written out below: every object's
 * required fields, no field the schema does not name (additionalProperties
 * is false throughout, "misc" objects aside), each field's type, the
 * enumerations (status, number.prefix), the patterns (ids "origin:...",
 * origin, commit hash, test path, architecture), the version's bounds,
 * log_excerpt's length, and the formats (date-time, uri, email) jsonschema
 * checks when asked to.
 *
 *	kcidbcheck FILE...
 *
 * Prints one line per fault ("kcidbcheck: FILE:LINE: tests[3].status:
 * ..."), or one line saying the file is valid and what it holds.  Exit 0
 * when every file is valid, 1 when one is not, 2 when one is not JSON.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "kcidb.h"

enum kind { K_STRING, K_NUMBER, K_INTEGER, K_BOOL, K_OBJECT, K_ARRAY, K_MISC };

enum rule {
	NONE, NO_NUL, ORIGIN, ORIGIN_ID, SHA1, SHA256_OR_EMPTY, PATH, ARCH,
	DATETIME, URI, HTTPS_URI, EMAIL, STATUS, PREFIX, RESOURCE_NAME,
	COMPATIBLE, EXCERPT, INT_RANGE
};

struct shape;

struct field {
	const char *name;
	enum kind kind;
	enum rule rule;		/* a string's, or an array of strings' items' */
	const struct shape *shape;	/* K_OBJECT, or K_ARRAY of objects */
	long min, max;		/* INT_RANGE */
};

struct shape {
	const char *name;
	const struct field *fields;
	const char *const *required;
};

#define END { NULL, 0, NONE, NULL, 0, 0 }
#define STR(n, r) { n, K_STRING, r, NULL, 0, 0 }
#define TIME(n) STR(n, DATETIME)
#define MISC { "misc", K_MISC, NONE, NULL, 0, 0 }
#define NUM(n) { n, K_NUMBER, NONE, NULL, 0, 0 }
#define BOOL(n) { n, K_BOOL, NONE, NULL, 0, 0 }
#define OBJ(n, s) { n, K_OBJECT, NONE, &s, 0, 0 }
#define LIST(n, s) { n, K_ARRAY, NONE, &s, 0, 0 }
#define STRINGS(n, r) { n, K_ARRAY, r, NULL, 0, 0 }
#define INT(n, lo, hi) { n, K_INTEGER, INT_RANGE, NULL, lo, hi }

static const char *const resource_req[] = { "name", "url", NULL };
static const struct field resource_fields[] = {
	STR("name", RESOURCE_NAME), STR("url", URI), END
};
static const struct shape resource = { "resource", resource_fields, resource_req };

static const char *const checkout_req[] = { "id", "origin", NULL };
static const struct field checkout_fields[] = {
	TIME("_timestamp"), STR("id", ORIGIN_ID), STR("origin", ORIGIN),
	STR("tree_name", NO_NUL), STR("git_repository_url", HTTPS_URI),
	STR("git_commit_hash", SHA1), STR("git_commit_name", NO_NUL),
	STRINGS("git_commit_tags", NO_NUL), STR("git_commit_message", NO_NUL),
	STR("git_repository_branch", NO_NUL), BOOL("git_repository_branch_tip"),
	LIST("patchset_files", resource), STR("patchset_hash", SHA256_OR_EMPTY),
	STR("message_id", EMAIL), STR("comment", NO_NUL), TIME("start_time"),
	TIME("origin_builds_finish_time"), TIME("origin_tests_finish_time"),
	STR("log_url", URI), STR("log_excerpt", EXCERPT), BOOL("valid"), MISC, END
};
static const struct shape checkout = { "checkout", checkout_fields, checkout_req };

static const char *const build_req[] = { "checkout_id", "id", "origin", NULL };
static const struct field build_fields[] = {
	TIME("_timestamp"), STR("checkout_id", ORIGIN_ID), STR("id", ORIGIN_ID),
	STR("origin", ORIGIN), STR("comment", NO_NUL), TIME("start_time"),
	NUM("duration"), STR("architecture", ARCH), STR("command", NO_NUL),
	STR("compiler", NO_NUL), LIST("input_files", resource),
	LIST("output_files", resource), STR("config_name", NO_NUL),
	STR("config_url", URI), STR("log_url", URI), STR("log_excerpt", EXCERPT),
	STR("status", STATUS), MISC, END
};
static const struct shape build = { "build", build_fields, build_req };

static const char *const none_req[] = { NULL };
static const struct field environment_fields[] = {
	STRINGS("compatible", COMPATIBLE), STR("comment", NO_NUL), MISC, END
};
static const struct shape environment = { "environment", environment_fields, none_req };

static const char *const number_req[] = { "value", NULL };
static const struct field number_fields[] = {
	NUM("value"), STR("unit", NO_NUL), STR("prefix", PREFIX), END
};
static const struct shape number = { "number", number_fields, number_req };

static const char *const test_req[] = { "build_id", "id", "origin", NULL };
static const struct field test_fields[] = {
	TIME("_timestamp"), STR("build_id", ORIGIN_ID), STR("id", ORIGIN_ID),
	STR("origin", ORIGIN), OBJ("environment", environment), STR("path", PATH),
	STR("comment", NO_NUL), STR("log_url", URI), STR("log_excerpt", EXCERPT),
	STR("status", STATUS), OBJ("number", number), TIME("start_time"),
	NUM("duration"), LIST("input_files", resource), LIST("output_files", resource),
	MISC, END
};
static const struct shape test = { "test", test_fields, test_req };

static const struct field culprit_fields[] = {
	BOOL("code"), BOOL("tool"), BOOL("harness"), END
};
static const struct shape culprit = { "culprit", culprit_fields, none_req };

static const char *const issue_req[] = { "id", "version", "origin", NULL };
static const struct field issue_fields[] = {
	TIME("_timestamp"), STR("id", ORIGIN_ID), INT("version", 0, -1),
	STR("origin", ORIGIN), STRINGS("categories", PATH), STR("report_url", URI),
	STR("report_subject", NO_NUL), OBJ("culprit", culprit), STR("comment", NO_NUL),
	MISC, END
};
static const struct shape issue = { "issue", issue_fields, issue_req };

static const char *const incident_req[] = { "id", "origin", "issue_id", "issue_version", NULL };
static const struct field incident_fields[] = {
	TIME("_timestamp"), STR("id", ORIGIN_ID), STR("origin", ORIGIN),
	STR("issue_id", ORIGIN_ID), INT("issue_version", 0, -1), STR("build_id", ORIGIN_ID),
	STR("test_id", ORIGIN_ID), BOOL("present"), STR("comment", NO_NUL), MISC, END
};
static const struct shape incident = { "incident", incident_fields, incident_req };

static const char *const version_req[] = { "major", NULL };
static const struct field version_fields[] = {
	INT("major", KCIDB_MAJOR, KCIDB_MAJOR), INT("minor", 0, KCIDB_MINOR), END
};
static const struct shape version = { "version", version_fields, version_req };

static const char *const top_req[] = { "version", NULL };
static const struct field top_fields[] = {
	OBJ("version", version), LIST("checkouts", checkout), LIST("builds", build),
	LIST("tests", test), LIST("issues", issue), LIST("incidents", incident), END
};
static const struct shape top = { "kcidb", top_fields, top_req };

static const char *file;
static int faults;

static void __attribute__((format(printf, 3, 4)))
fault(const struct json *v, const char *where, const char *fmt, ...)
{
	va_list ap;

	printf("kcidbcheck: %s:%d: %s: ", file, v->line, *where ? where : "the document");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	faults++;
}

static int all_of(const char *s, size_t n, const char *set)
{
	return n && strspn(s, set) == n;
}

#define LOWER_DIGIT "abcdefghijklmnopqrstuvwxyz0123456789_"
#define WORD "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

/* ^[a-z0-9_]+$ */
static int is_origin(const char *s, size_t n)
{
	return all_of(s, n, LOWER_DIGIT);
}

/* ^([a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*)?$ */
static int is_path(const char *s)
{
	size_t n;

	if (!*s)
		return 1;
	for (;;) {
		n = strspn(s, WORD);
		if (!n)
			return 0;
		s += n;
		if (!*s)
			return 1;
		if (*s++ != '.')
			return 0;
	}
}

static int digits(const char *s, int n)
{
	return (int)strspn(s, "0123456789") >= n;
}

/* RFC 3339: 2020-08-14T23:08:06.967000+00:00 */
static int is_datetime(const char *s)
{
	if (!digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' ||
	    !digits(s + 8, 2) || !strchr("Tt", s[10]) || !s[10] || !digits(s + 11, 2) ||
	    s[13] != ':' || !digits(s + 14, 2) || s[16] != ':' || !digits(s + 17, 2))
		return 0;
	s += 19;
	if (*s == '.') {
		if (!digits(++s, 1))
			return 0;
		s += strspn(s, "0123456789");
	}
	if ((*s == 'Z' || *s == 'z') && !s[1])
		return 1;
	return (*s == '+' || *s == '-') && digits(s + 1, 2) && s[3] == ':' &&
	       digits(s + 4, 2) && !s[6];
}

/* RFC 3986: a scheme, ':', then URI characters and %XX escapes only. */
static int is_uri(const char *s)
{
	static const char allowed[] = WORD ".~:/?#[]@!$&'()*+,;=";
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-");

	if (!n || !((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z') || s[n] != ':')
		return 0;
	for (s += n + 1; *s; s++) {
		if (*s == '%') {
			if (!strchr("0123456789abcdefABCDEF", s[1]) || !s[1] ||
			    !strchr("0123456789abcdefABCDEF", s[2]) || !s[2])
				return 0;
			s += 2;
		} else if (!strchr(allowed, *s)) {
			return 0;
		}
	}
	return 1;
}

/* ^[^ \0]+(,[^ \0]+)*$ */
static int is_compatible(const char *s)
{
	size_t n;

	for (;;) {
		n = strcspn(s, " ,");
		if (!n || s[n] == ' ')
			return 0;
		s += n;
		if (!*s++)
			return 1;
	}
}

static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += (*s & 0xc0) != 0x80;
	return n;
}

static const char *const statuses[] = { "FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP", NULL };

static int one_of(const char *s, const char *const *words)
{
	for (; *words; words++)
		if (!strcmp(s, *words))
			return 1;
	return 0;
}

/* A string against its rule; the reason it fails, or NULL. */
static const char *string_fault(const struct json *v, enum rule rule)
{
	static const char *const prefixes[] = { "metric", "binary", NULL };
	const char *s = v->string, *colon;
	int nul = strlen(s) != v->len;

	switch (rule) {
	case NONE:
		return NULL;
	case ORIGIN:
		return is_origin(s, v->len) ? NULL : "not an origin name (^[a-z0-9_]+$)";
	case ORIGIN_ID:
		colon = strchr(s, ':');
		return colon && is_origin(s, colon - s) && !nul ? NULL :
			"not an id of the form origin:... (^[a-z0-9_]+:[^\\0]*$)";
	case SHA1:
		return v->len == 40 && all_of(s, 40, "0123456789abcdef") ? NULL :
			"not a full commit hash (40 lower-case hex digits)";
	case SHA256_OR_EMPTY:
		return !v->len || (v->len == 64 && all_of(s, 64, "0123456789abcdef")) ? NULL :
			"not a sha256 hash (64 lower-case hex digits) or empty";
	case PATH:
		return is_path(s) && !nul ? NULL : "not a dotted path (^([a-zA-Z0-9_-]+(\\.[a-zA-Z0-9_-]+)*)?$)";
	case ARCH:
		return !v->len || all_of(s, v->len, LOWER_DIGIT) ? NULL : "not an architecture (^[a-z0-9_]*$)";
	case DATETIME:
		return is_datetime(s) && !nul ? NULL : "not an RFC 3339 date-time";
	case URI:
		return is_uri(s) && !nul ? NULL : "not a URI";
	case HTTPS_URI:
		return is_uri(s) && !strncmp(s, "https://", 8) ? NULL : "not an https:// URI";
	case EMAIL:
		return strchr(s, '@') ? NULL : "not an e-mail address";
	case STATUS:
		return one_of(s, statuses) ? NULL : "not one of FAIL ERROR MISS PASS DONE SKIP";
	case PREFIX:
		return one_of(s, prefixes) ? NULL : "not one of metric binary";
	case RESOURCE_NAME:
		return v->len && !strchr(s, '/') && !nul ? NULL : "not a file name (^[^/\\0]+$)";
	case COMPATIBLE:
		return is_compatible(s) && !nul ? NULL : "not a compatible list (^[^ \\0]+(,[^ \\0]+)*$)";
	case EXCERPT:
		if (chars(s) > 16384)
			return "longer than 16384 characters";
		/* fall through */
	case NO_NUL:
	case INT_RANGE:
		return nul ? "holds a NUL character" : NULL;
	}
	return NULL;
}

static void check_shape(const struct json *v, const struct shape *s, const char *where);

static int type_ok(const struct json *v, enum kind kind)
{
	switch (kind) {
	case K_STRING:
		return v->type == J_STRING;
	case K_NUMBER:
		return v->type == J_NUMBER;
	case K_INTEGER:
		return v->type == J_NUMBER && v->number == (long)v->number;
	case K_BOOL:
		return v->type == J_BOOL;
	case K_OBJECT:
	case K_MISC:
		return v->type == J_OBJECT;
	case K_ARRAY:
		return v->type == J_ARRAY;
	}
	return 0;
}

static const char *kind_name(enum kind kind)
{
	switch (kind) {
	case K_STRING:
		return "a string";
	case K_NUMBER:
		return "a number";
	case K_INTEGER:
		return "an integer";
	case K_BOOL:
		return "a boolean";
	case K_ARRAY:
		return "an array";
	default:
		return "an object";
	}
}

static void check_string(const struct json *v, enum rule rule, const char *where)
{
	const char *why = string_fault(v, rule);

	if (why)
		fault(v, where, "\"%s\" is %s", v->string, why);
}

static void check_array(const struct json *v, const struct field *f, const char *where)
{
	char at[512];
	int i;

	for (i = 0; i < v->n; i++) {
		snprintf(at, sizeof(at), "%s[%d]", where, i);
		if (f->shape) {
			check_shape(&v->kids[i], f->shape, at);
		} else if (v->kids[i].type != J_STRING) {
			fault(&v->kids[i], at, "is %s, not a string", json_type_name(v->kids[i].type));
		} else {
			check_string(&v->kids[i], f->rule, at);
		}
	}
}

static void check_field(const struct json *v, const struct field *f, const char *where)
{
	char bound[64];

	if (!type_ok(v, f->kind)) {
		fault(v, where, "is %s, not %s", v->type == J_NUMBER && f->kind == K_INTEGER ?
		      "a number with a fraction" : json_type_name(v->type), kind_name(f->kind));
		return;
	}
	if (f->kind == K_STRING)
		check_string(v, f->rule, where);
	else if (f->kind == K_OBJECT)
		check_shape(v, f->shape, where);
	else if (f->kind == K_ARRAY)
		check_array(v, f, where);
	else if (f->rule == INT_RANGE && (v->number < f->min || (f->max >= 0 && v->number > f->max))) {
		if (f->min == f->max)
			snprintf(bound, sizeof(bound), "%ld", f->min);
		else if (f->max < 0)
			snprintf(bound, sizeof(bound), "at least %ld", f->min);
		else
			snprintf(bound, sizeof(bound), "%ld to %ld", f->min, f->max);
		fault(v, where, "is %g, wanted %s (KCIDB I/O schema %d.%d)", v->number, bound,
		      KCIDB_MAJOR, KCIDB_MINOR);
	}
}

static void check_shape(const struct json *v, const struct shape *s, const char *where)
{
	const struct field *f;
	const char *const *req;
	char at[512];
	int i;

	if (v->type != J_OBJECT) {
		fault(v, where, "is %s, not an object", json_type_name(v->type));
		return;
	}
	for (req = s->required; *req; req++)
		if (!json_get(v, *req))
			fault(v, where, "the required field \"%s\" is missing", *req);
	for (i = 0; i < v->n; i++) {
		for (f = s->fields; f->name && strcmp(f->name, v->keys[i]); f++)
			;
		snprintf(at, sizeof(at), "%s%s%s", where, *where ? "." : "", v->keys[i]);
		if (!f->name)
			fault(&v->kids[i], at, "a field a %s does not have", s->name);
		else
			check_field(&v->kids[i], f, at);
	}
}

static int count(const struct json *doc, const char *key)
{
	const struct json *v = json_get(doc, key);

	return v && v->type == J_ARRAY ? v->n : 0;
}

static int check_file(const char *path)
{
	struct json *doc = json_load(path, "kcidbcheck");

	if (!doc)
		return 2;
	file = path;
	faults = 0;
	check_shape(doc, &top, "");
	if (!faults)
		printf("kcidbcheck: %s: valid KCIDB I/O %d.%d: %d checkouts, %d builds, %d tests, %d issues, %d incidents\n",
		       path, KCIDB_MAJOR, KCIDB_MINOR, count(doc, "checkouts"), count(doc, "builds"),
		       count(doc, "tests"), count(doc, "issues"), count(doc, "incidents"));
	else
		printf("kcidbcheck: %s: not valid KCIDB I/O %d.%d: %d fault%s\n", path,
		       KCIDB_MAJOR, KCIDB_MINOR, faults, faults == 1 ? "" : "s");
	json_free(doc);
	return faults ? 1 : 0;
}

int main(int argc, char **argv)
{
	int i, rc = 0, r;

	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: kcidbcheck FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		r = check_file(argv[i]);
		if (r > rc)
			rc = r;
	}
	return rc;
}
