// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runfile.h"
#include "runfolder.h"
#include "tsv.h"

static int exists(const char *dir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !access(path, F_OK);
}

enum run_kind run_kind(const char *dir)
{
	if (exists(dir, "results.tsv"))
		return RUN_MATRIX;
	if (exists(dir, "steps.tsv") && exists(dir, "answer"))
		return RUN_BISECT;
	return RUN_NONE;
}

const char *run_name(const char *dir, char *buf, size_t len)
{
	size_t n = strlen(dir);
	const char *base;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	snprintf(buf, len, "%.*s", (int)n, dir);
	base = strrchr(buf, '/');
	return base && base[1] ? base + 1 : buf;
}

const char *run_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	const char *got;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	got = fgets(buf, len, f);
	fclose(f);
	if (!got)
		return NULL;
	buf[strcspn(buf, "\r\n")] = '\0';
	return buf;
}

static int checkout_row(void *ctx, char **cols)
{
	struct run_series *s = ctx;

	snprintf(s->commit, sizeof(s->commit), "%s", cols[C_COMMIT]);
	snprintf(s->branch, sizeof(s->branch), "%s", cols[C_BRANCH]);
	snprintf(s->config, sizeof(s->config), "%s", cols[C_CONFIG]);
	snprintf(s->compiler, sizeof(s->compiler), "%s", cols[C_COMPILER]);
	return 0;
}

void run_series_info(const char *dir, const char *series, struct run_series *s)
{
	char kdir[PATH_MAX], line[512], path[PATH_MAX];

	memset(s, 0, sizeof(*s));
	snprintf(kdir, sizeof(kdir), "%s/kernels/%s", dir, series);
	if (run_line(kdir, ".id", line, sizeof(line)))
		sscanf(line, "%63s %63s", s->kernel, s->patchset);
	if (run_line(kdir, ".skip", line, sizeof(line)))
		snprintf(s->skip, sizeof(s->skip), "%s", line);
	snprintf(path, sizeof(path), "%s/.checkout", kdir);
	if (!access(path, F_OK))
		tsv_read(path, "report", checkout_names, C_NCOLS, TSV_BY_NAME, checkout_row, s);
}

int run_kernel_kept(const char *dir, const char *series, const char *variant)
{
	char name[PATH_MAX];

	snprintf(name, sizeof(name), "kernels/%s/%s", series, variant);
	return exists(dir, name);
}

double run_build_secs(const char *dir, const char *series, const char *variant)
{
	char name[PATH_MAX], line[64];
	double secs;

	snprintf(name, sizeof(name), "kernels/%s/.%s.build-secs", series, variant);
	if (!run_line(dir, name, line, sizeof(line)) || sscanf(line, "%lf", &secs) != 1)
		return -1;
	return secs;
}

struct pair_find {
	const char *name;
	char *series, *variant;
	size_t slen, vlen;
	int found;
};

static const char *const pair_cols[] = { "name", "reader", "reader_variant" };

static int pair_row(void *ctx, char **cols)
{
	struct pair_find *p = ctx;

	if (p->found || strcmp(cols[0], p->name))
		return 0;
	snprintf(p->series, p->slen, "%s", cols[1]);
	snprintf(p->variant, p->vlen, "%s", cols[2]);
	p->found = 1;
	return 0;
}

int run_pair_reader(const char *dir, const char *name, char *series, size_t slen,
		    char *variant, size_t vlen)
{
	struct pair_find p = { name, series, variant, slen, vlen, 0 };
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/cross.list", dir);
	if (access(path, F_OK) ||
	    tsv_read(path, "report", pair_cols, 3, TSV_BY_NAME, pair_row, &p))
		return -1;
	return p.found ? 0 : -1;
}

/* The way from directory from to path to, both absolute and resolved. */
static const char *relative(const char *from, const char *to, char *buf, size_t len)
{
	size_t common = 0, i, at = 0;

	for (i = 0; from[i] && from[i] == to[i]; i++)
		if (from[i] == '/')
			common = i;
	if (!from[i] && to[i] == '/')
		common = i;
	buf[0] = '\0';
	for (i = common; from[i]; i++)
		if (from[i] == '/' && at < len)
			at += snprintf(buf + at, len - at, "../");
	if (at < len)
		snprintf(buf + at, len - at, "%s", to + common + 1);
	return buf;
}

const char *run_log_rel(const char *dir, const char *path, char *buf, size_t len)
{
	char rdir[PATH_MAX], rpath[PATH_MAX];
	const char *tail;

	if (!realpath(dir, rdir))
		return NULL;
	if (realpath(path, rpath)) {
		size_t n = strlen(rdir);

		if (!strncmp(rpath, rdir, n) && rpath[n] == '/') {
			snprintf(buf, len, "%s", rpath + n + 1);
			return buf;
		}
	}
	/* A copied or moved folder: the longest tail of path that is in it. */
	for (tail = path; tail; tail = strchr(tail + 1, '/')) {
		const char *t = *tail == '/' ? tail + 1 : tail;

		if (*t && exists(dir, t)) {
			snprintf(buf, len, "%s", t);
			return buf;
		}
	}
	if (realpath(path, rpath))
		return relative(rdir, rpath, buf, len);
	return NULL;
}
