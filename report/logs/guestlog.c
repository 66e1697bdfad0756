// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "guestlog.h"
#include "protocol.h"
#include "runfile.h"
#include "sgline.h"
#include "tsv.h"

static void unknown(struct check_times *c)
{
	c->begin = c->end = c->secs = c->setup = GUEST_UNKNOWN;
	c->fsck = 0;
}

struct check_times *guest_find(struct guest_times *g, const char *name)
{
	int i;

	for (i = 0; i < g->nr; i++)
		if (!strcmp(g->c[i].name, name))
			return &g->c[i];
	return NULL;
}

static void begin_line(struct guest_times *g, const char *args)
{
	struct check_times *c;
	char name[64];

	if (sscanf(args, "%63s", name) != 1 || guest_find(g, name) || g->nr == GUEST_MAX_CHECKS)
		return;
	c = &g->c[g->nr++];
	unknown(c);
	snprintf(c->name, sizeof(c->name), "%s", name);
	sgline_number(args, SG_UPTIME, &c->begin);
}

/* The setup line and the fsck line; any other SG-INFO is the check's own. */
static void info_line(struct guest_times *g, const char *args)
{
	struct check_times *c;
	const char *text;
	char name[64];
	int off = 0;

	if (sscanf(args, "%63s %n", name, &off) != 1 || !off ||
	    !(c = guest_find(g, name)))
		return;
	text = args + off;
	if (!strncmp(text, SG_INFO_SETUP, strlen(SG_INFO_SETUP)))
		sscanf(text + strlen(SG_INFO_SETUP), "%lf", &c->setup);
	else if (!strncmp(text, SG_INFO_FSCK, strlen(SG_INFO_FSCK)))
		sscanf(text + strlen(SG_INFO_FSCK), "%lf", &c->fsck);
}

static void end_line(struct guest_times *g, const char *args)
{
	struct check_times *c;
	char name[64];

	if (sscanf(args, "%63s", name) != 1 || !(c = guest_find(g, name)))
		return;
	sgline_number(args, SG_END_SECS, &c->secs);
	sgline_number(args, SG_UPTIME, &c->end);
}

static void record(struct guest_times *g, const char *rec)
{
	const char *args;

	if ((args = sgline_kind(rec, SG_LINE_BOOT)))
		sgline_number(args, SG_UPTIME, &g->boot);
	else if ((args = sgline_kind(rec, SG_LINE_BEGIN)))
		begin_line(g, args);
	else if ((args = sgline_kind(rec, SG_LINE_INFO)))
		info_line(g, args);
	else if ((args = sgline_kind(rec, SG_LINE_END)))
		end_line(g, args);
	else if ((args = sgline_kind(rec, SG_LINE_DONE)))
		sgline_number(args, SG_UPTIME, &g->done);
}

void guest_start(struct guest_times *g)
{
	memset(g, 0, sizeof(*g));
	g->boot = g->done = GUEST_UNKNOWN;
}

void guest_line(struct guest_times *g, const char *line)
{
	const char *rec = sgline_record(line);

	if (rec)
		record(g, rec);
}

int guest_read(const char *path, const char *who, struct guest_times *g)
{
	char line[4096];
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "%s: %s: cannot open\n", who, path);
		return -1;
	}
	guest_start(g);
	while (fgets(line, sizeof(line), f))
		guest_line(g, line);
	fclose(f);
	return 0;
}

static const char *num(double v, char *buf, size_t len)
{
	if (v < 0)
		return "-";
	snprintf(buf, len, "%.2f", v);
	return buf;
}

static void put(FILE *f, const char *mark, const char *check, const double *v)
{
	char b[5][32];
	const char *values[T_NCOLS] = {
		mark, check, num(v[0], b[0], 32), num(v[1], b[1], 32), num(v[2], b[2], 32),
		num(v[3], b[3], 32), num(v[4], b[4], 32),
	};

	runfile_put_row(f, runfile_kind("times"), values);
}

void guest_times_put(FILE *f, const struct guest_times *g)
{
	double v[5] = { g->boot, -1, -1, -1, -1 };
	int i;

	runfile_put_header(f, runfile_kind("times"));
	put(f, "boot", "-", v);
	for (i = 0; i < g->nr; i++) {
		const struct check_times *c = &g->c[i];
		double cv[5] = { c->begin, c->end, c->secs, c->setup, c->fsck };

		put(f, "check", c->name, cv);
	}
	v[0] = g->done;
	put(f, "done", "-", v);
}

static double value(const char *s)
{
	return strcmp(s, "-") ? atof(s) : GUEST_UNKNOWN;
}

static int times_row(void *ctx, char **cols)
{
	struct guest_times *g = ctx;
	struct check_times *c;

	if (!strcmp(cols[T_MARK], "boot"))
		g->boot = value(cols[T_BEGIN]);
	else if (!strcmp(cols[T_MARK], "done"))
		g->done = value(cols[T_BEGIN]);
	else if (g->nr < GUEST_MAX_CHECKS) {
		c = &g->c[g->nr++];
		snprintf(c->name, sizeof(c->name), "%s", cols[T_CHECK]);
		c->begin = value(cols[T_BEGIN]);
		c->end = value(cols[T_END]);
		c->secs = value(cols[T_SECS]);
		c->setup = value(cols[T_SETUP]);
		c->fsck = strcmp(cols[T_FSCK], "-") ? atof(cols[T_FSCK]) : 0;
	}
	return 0;
}

int guest_times_load(const char *path, const char *who, struct guest_times *g)
{
	guest_start(g);
	if (access(path, R_OK))
		return 1;
	return tsv_read(path, who, times_names, T_NCOLS, TSV_EXACT, times_row, g) ? -1 : 0;
}

double guest_span(double a, double b)
{
	return a < 0 || b < 0 ? GUEST_UNKNOWN : b - a;
}

double guest_first_begin(const struct guest_times *g)
{
	return g->nr ? g->c[0].begin : GUEST_UNKNOWN;
}

double guest_check_secs(const struct check_times *c)
{
	double s = guest_span(c->begin, c->end);

	return s >= 0 ? s : c->secs;
}

/* The two clocks round apart by up to 0.01 s: never below 0. */
double guest_run_secs(const struct check_times *c)
{
	double run = guest_span(c->setup, guest_check_secs(c));

	return run < 0 && c->setup >= 0 && guest_check_secs(c) >= 0 ? 0 : run;
}

double guest_tail_secs(const struct guest_times *g)
{
	return g->nr ? guest_span(g->c[g->nr - 1].end, g->done) : GUEST_UNKNOWN;
}
