// SPDX-License-Identifier: GPL-2.0
/* One fio run over every array from a one-array profile (fio.h says why). */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fio.h"

#define MAX_LINES 256
#define LINE_LEN 256

/* The profile as read: its sections' lines, comments and blanks left out. */
struct profile {
	int nr;
	char line[MAX_LINES][LINE_LEN];
	int lineno[MAX_LINES];		/* in the job file, for errors */
};

void fio_var(struct fio_vars *v, const char *name, uint64_t val)
{
	char s[32];

	snprintf(s, sizeof(s), "%" PRIu64, val);
	fio_var_str(v, name, s);
}

void fio_var_str(struct fio_vars *v, const char *name, const char *val)
{
	int i;

	for (i = 0; i < v->n && strcmp(v->name[i], name); i++)
		;
	if (i == FIO_MAX_VARS)
		return;
	snprintf(v->name[i], sizeof(v->name[i]), "%s", name);
	snprintf(v->val[i], sizeof(v->val[i]), "%s", val);
	if (i == v->n)
		v->n++;
}

static const char *lookup(const struct fio_vars *v, const char *name,
			  size_t n)
{
	int i;

	for (i = 0; i < v->n; i++)
		if (strlen(v->name[i]) == n && !strncmp(v->name[i], name, n))
			return v->val[i];
	return NULL;
}

static char *trim(char *s)
{
	char *end = s + strlen(s);

	while (isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int read_profile(FILE *in, const char *name, struct profile *p,
			char *why, size_t len)
{
	char buf[LINE_LEN], *s;
	int lineno = 0;

	p->nr = 0;
	while (fgets(buf, sizeof(buf), in)) {
		lineno++;
		s = trim(buf);
		if (!*s || *s == ';' || *s == '#')
			continue;
		if (p->nr == MAX_LINES) {
			snprintf(why, len, "%s:%d: more than %d lines", name,
				 lineno, MAX_LINES);
			return -1;
		}
		if (p->nr == 0 && *s != '[') {
			snprintf(why, len, "%s:%d: an option before any section",
				 name, lineno);
			return -1;
		}
		snprintf(p->line[p->nr], LINE_LEN, "%s", s);
		p->lineno[p->nr++] = lineno;
	}
	return 0;
}

/* The line with every ${SG_NAME} replaced by the array's value. */
static int expand(const char *line, const struct fio_vars *v, char *out,
		  size_t len)
{
	const char *s = line, *end;
	size_t n = 0;

	while (*s && n + 1 < len) {
		const char *val;

		if (strncmp(s, "${SG_", 5)) {
			out[n++] = *s++;
			continue;
		}
		end = strchr(s, '}');
		val = end ? lookup(v, s + 5, end - s - 5) : NULL;
		if (!val)
			return -1;
		n += snprintf(out + n, len - n, "%s", val);
		s = end + 1;
	}
	out[n < len ? n : len - 1] = '\0';
	return *s ? -1 : 0;
}

static int is_section(const char *line)
{
	return line[0] == '[';
}

/* Where the section at line i ends (the next section, or the end). */
static int section_end(const struct profile *p, int i)
{
	for (i++; i < p->nr && !is_section(p->line[i]); i++)
		;
	return i;
}

static int has_stonewall(const struct profile *p, int i)
{
	int end = section_end(p, i);

	for (i++; i < end; i++)
		if (!strcmp(p->line[i], "stonewall"))
			return 1;
	return 0;
}

static int put_lines(const struct profile *p, int from, int to,
		     const struct fio_vars *v, int keep_stonewall, FILE *out,
		     const char *name, char *why, size_t len)
{
	char buf[1024];

	for (; from < to; from++) {
		if (!strcmp(p->line[from], "stonewall") && !keep_stonewall)
			continue;
		if (expand(p->line[from], v, buf, sizeof(buf))) {
			snprintf(why, len, "%s:%d: a ${SG_...} the check does not set: %s",
				 name, p->lineno[from], p->line[from]);
			return -1;
		}
		fprintf(out, "%s\n", buf);
	}
	return 0;
}

/* One job of the profile for one array: [global]'s lines, then its own. */
static int put_job(const struct profile *p, int global_end, int job,
		   const struct fio_vars *v, int keep_stonewall, FILE *out,
		   const char *name, char *why, size_t len)
{
	const char *title = p->line[job] + 1;

	fprintf(out, "[%.*s-%s]\n", (int)strcspn(title, "]"), title, v->tag);
	if (put_lines(p, 1, global_end, v, 0, out, name, why, len))
		return -1;
	return put_lines(p, job + 1, section_end(p, job), v, keep_stonewall,
			 out, name, why, len);
}

/* The jobs from first up to the next step's, for every array. */
static int put_step(const struct profile *p, int global_end, int first,
		    int step_end, const struct fio_vars *arrays, int n,
		    FILE *out, const char *name, char *why, size_t len)
{
	int a, j;

	for (a = 0; a < n; a++)
		for (j = first; j < step_end; j = section_end(p, j))
			if (put_job(p, global_end, j, &arrays[a],
				    !a && j == first, out, name, why, len))
				return -1;
	return 0;
}

int fio_jobs_write(FILE *in, const char *name, const struct fio_vars *arrays,
		   int n, FILE *out, char *why, size_t len)
{
	static struct profile profile;
	struct profile *p = &profile;
	int global_end = 0, first, end;

	if (read_profile(in, name, p, why, len))
		return -1;
	if (p->nr && !strcmp(p->line[0], "[global]"))
		global_end = section_end(p, 0);
	first = global_end;
	if (first == p->nr) {
		snprintf(why, len, "%s: no job", name);
		return -1;
	}
	for (; first < p->nr; first = end) {
		end = section_end(p, first);
		while (end < p->nr && !has_stonewall(p, end))
			end = section_end(p, end);
		if (put_step(p, global_end, first, end, arrays, n, out, name,
			     why, len))
			return -1;
	}
	return 0;
}
