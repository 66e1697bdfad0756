// SPDX-License-Identifier: GPL-2.0
/*
 * report.html of a matrix run: the grid series x variant x check, the
 * cross-era pairs, what was not as expected, and where the guests'
 * seconds went (their serial logs' marks, report/logs/guestlog.c) as SVG bars.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guestlog.h"
#include "html.h"
#include "outfile.h"
#include "runfolder.h"

#define MAX_CHECKS 32
#define MAX_GUESTS 256

static const char *dir;
static const struct gate_run *gate;	/* the run's gate files (a gate's run) */
static const struct result *rows;
static int nr;
static const char *checks[MAX_CHECKS];
static int nr_checks;

static void collect_checks(void)
{
	int i, k;

	nr_checks = 0;
	for (i = 0; i < nr; i++) {
		if (results_is_pair(&rows[i]) || results_skipped(&rows[i]))
			continue;
		for (k = 0; k < nr_checks && strcmp(checks[k], rows[i].col[R_CHECK]); k++)
			;
		if (k == nr_checks && nr_checks < MAX_CHECKS)
			checks[nr_checks++] = rows[i].col[R_CHECK];
	}
	/* A run of skipped series only still has its checks' columns. */
	for (i = 0; i < nr && !nr_checks; i++)
		if (!results_is_pair(&rows[i]))
			checks[nr_checks++] = rows[i].col[R_CHECK];
}

static const char *judged(const struct result *r)
{
	return results_skipped(r) ? "skip" : results_match(r) ? "ok" : "bad";
}

/* The first bad line: the reason up to its log tail, then the complaint. */
static void first_bad(FILE *f, const struct result *r, size_t max)
{
	char head[4096];

	html_textn(f, results_first_bad(r, head, sizeof(head)), max);
	if (strcmp(r->col[R_COMPLAINT], "-")) {
		fputs(" | kernel said: ", f);
		html_textn(f, r->col[R_COMPLAINT], 200);
	}
}

static const char *log_of(const struct result *r, char *buf, size_t len)
{
	return run_log_rel(dir, r->col[R_LOG], buf, len);
}

static void cell_details(FILE *f, const struct result *r, const char *log)
{
	fputs("<details><summary>why</summary><div class=\"pop\"><span class=\"k\">", f);
	fputs(results_skipped(r) ? "skipped" : "first bad line", f);
	fputs(":</span> ", f);
	first_bad(f, r, 1500);
	if (results_log_tail(r)) {
		fputs("<br><span class=\"k\">log tail:</span> <code>", f);
		html_textn(f, results_log_tail(r), 600);
		fputs("</code>", f);
	}
	if (log) {
		fputs("<br><a href=\"", f);
		html_text(f, log);
		fputs("\">", f);
		html_text(f, log);
		fputs("</a>", f);
	}
	fputs("</div></details>", f);
}

/* One outcome: its verdict linking its log, the first bad line on hover and on click. */
static void cell(FILE *f, const struct result *r)
{
	char rel[PATH_MAX], label[256];
	const char *log = log_of(r, rel, sizeof(rel));

	fprintf(f, "<td class=\"cell %s\" data-row=\"", judged(r));
	html_text(f, results_label(r, label, sizeof(label)));
	fprintf(f, "/");
	html_text(f, r->col[R_VARIANT]);
	fprintf(f, "/%s\" data-observed=\"%s\" title=\"", r->col[R_CHECK], r->col[R_OBSERVED]);
	first_bad(f, r, 600);
	fputs("\">", f);
	if (log) {
		fputs("<a class=\"v\" href=\"", f);
		html_text(f, log);
		fputs("\">", f);
	} else {
		fputs("<span class=\"v\">", f);
	}
	html_text(f, r->col[R_OBSERVED]);
	fputs(log ? "</a>" : "</span>", f);
	if (strcmp(r->col[R_COMPLAINT], "-"))
		fputs(" <span title=\"the kernel complained\">&#9888;</span>", f);
	fprintf(f, "<span class=\"meta\">expected %s", r->col[R_EXPECTED]);
	if (!results_skipped(r))
		fprintf(f, " &middot; %s s", r->col[R_SECONDS]);
	fputs("</span>", f);
	if (strcmp(r->col[R_OBSERVED], "PASS") || !results_match(r) ||
	    strcmp(r->col[R_COMPLAINT], "-"))
		cell_details(f, r, log);
	fputs("</td>", f);
}

static const struct result *find_row(const char *series, const char *variant, const char *check)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(rows[i].col[R_SERIES], series) && !strcmp(rows[i].col[R_VARIANT], variant) &&
		    !strcmp(rows[i].col[R_CHECK], check))
			return &rows[i];
	return NULL;
}

static void series_head(FILE *f, const struct result *r)
{
	fprintf(f, "<tr class=\"series\"><th colspan=\"%d\">", nr_checks + 1);
	html_text(f, r->col[R_SERIES]);
	if (!results_skipped(r)) {
		fputs("<span class=\"mono\">kernel ", f);
		html_text(f, r->col[R_KERNEL]);
		fputs(" &middot; patch set ", f);
		html_text(f, r->col[R_PATCHSET]);
		fputs("</span>", f);
	}
	fputs("</th></tr>\n", f);
}

/* A variant's row (label its name), or a skipped series' one ("all"). */
static void grid_row(FILE *f, const struct result *r, const char *label)
{
	int k;

	fputs("<tr><td class=\"mono\">", f);
	html_text(f, label);
	fputs("</td>", f);
	for (k = 0; k < nr_checks; k++) {
		const struct result *c = find_row(r->col[R_SERIES], r->col[R_VARIANT], checks[k]);

		if (c)
			cell(f, c);
		else
			fputs("<td class=\"none\">&ndash;</td>", f);
	}
	fputs("</tr>\n", f);
}

static void legend(FILE *f)
{
	fputs("<p class=\"legend\"><span><i style=\"background:var(--ok-bg);border:1px solid var(--ok)\"></i>as expected</span>"
	      "<span><i style=\"background:var(--bad-bg);border:1px solid var(--bad)\"></i>not as expected</span>"
	      "<span><i style=\"background:var(--skip-bg);border:1px solid var(--skip)\"></i>skipped (no tree)</span>"
	      "<span>a cell: the observed verdict (a link to its serial log), what was expected, "
	      "the check's seconds; hover or <em>why</em> for the first bad line</span></p>\n", f);
}

/*
 * Whether a row before row i has its series (and, with variant, its
 * variant): a run's rows joined with another's (the gate's checks, then
 * its fstests tests) come back to a series and variant already drawn.
 */
static int seen_before(int i, int variant)
{
	int j;

	for (j = 0; j < i; j++)
		if (!results_is_pair(&rows[j]) &&
		    !strcmp(rows[j].col[R_SERIES], rows[i].col[R_SERIES]) &&
		    (!variant || !strcmp(rows[j].col[R_VARIANT], rows[i].col[R_VARIANT])))
			return 1;
	return 0;
}

static void grid(FILE *f)
{
	int i, k;

	fputs("<section id=\"grid\"><h2>Series &times; variant &times; check</h2>\n", f);
	legend(f);
	fputs("<table class=\"grid\">\n<tr><th>variant</th>", f);
	for (k = 0; k < nr_checks; k++) {
		fputs("<th>", f);
		html_text(f, checks[k]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (results_is_pair(r))
			continue;
		if (!seen_before(i, 0))
			series_head(f, r);
		else if (seen_before(i, 1) || results_skipped(r))
			continue;
		grid_row(f, r, results_skipped(r) ? "all" : r->col[R_VARIANT]);
	}
	fputs("</table></section>\n", f);
}

/* A pair's logs: the writer's beside the reader's, which its row names. */
static void pair_logs(FILE *f, const struct result *r)
{
	char rel[PATH_MAX], write[PATH_MAX + 16], path[2 * PATH_MAX];
	const char *log = log_of(r, rel, sizeof(rel));
	const char *slash = log ? strrchr(log, '/') : NULL;

	if (!log) {
		fputs("&ndash;", f);
		return;
	}
	snprintf(write, sizeof(write), "%.*swrite.log", slash ? (int)(slash + 1 - log) : 0, log);
	snprintf(path, sizeof(path), "%s/%s", dir, write);
	if (strcmp(write, log) && !access(path, F_OK)) {
		html_link(f, write, "write.log");
		fputs(" &middot; ", f);
	}
	html_link(f, log, slash ? slash + 1 : log);
}

static int nr_pairs(void)
{
	int i, n = 0;

	for (i = 0; i < nr; i++)
		n += results_is_pair(&rows[i]);
	return n;
}

static void pairs(FILE *f)
{
	int i;

	if (!nr_pairs())
		return;
	fputs("<section id=\"pairs\"><h2>Cross-era pairs: one kernel writes a RAID0, another reads it</h2>\n"
	      "<table>\n<tr><th>pair</th><th>writer &rarr; reader</th><th>kernels</th>"
	      "<th>outcome</th><th>logs</th></tr>\n", f);
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (!results_is_pair(r))
			continue;
		fputs("<tr><td class=\"mono\">", f);
		html_text(f, r->col[R_VARIANT]);
		fputs("</td><td>", f);
		html_text(f, results_pair_writer(r));
		fputs(" &rarr; ", f);
		html_text(f, results_pair_reader(r));
		fputs("</td><td class=\"mono\">", f);
		html_text(f, r->col[R_KERNEL]);
		fputs("</td>", f);
		cell(f, r);
		fputs("<td>", f);
		pair_logs(f, r);
		fputs("</td></tr>\n", f);
	}
	fputs("</table></section>\n", f);
}

static void not_as_expected(FILE *f)
{
	char rel[PATH_MAX];
	const char *log;
	int i, any = 0;

	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (results_match(r) && !results_skipped(r))
			continue;
		if (results_skipped(r) && i && results_skipped(&rows[i - 1]) &&
		    !strcmp(rows[i - 1].col[R_SERIES], r->col[R_SERIES]))
			continue;	/* one line per skipped series */
		if (!any++)
			fputs("<section id=\"why\"><h2>Not as expected, or skipped</h2>\n<ul class=\"why\">\n", f);
		fprintf(f, "<li><span class=\"badge %s\">%s</span> <strong>", judged(r),
			r->col[R_OBSERVED]);
		html_text(f, r->col[R_SERIES]);
		if (!results_skipped(r)) {
			fputc(' ', f);
			html_text(f, r->col[R_VARIANT]);
			fputc(' ', f);
			html_text(f, r->col[R_CHECK]);
			fprintf(f, "</strong> expected %s: ", r->col[R_EXPECTED]);
		} else {
			fputs("</strong> skipped: ", f);
		}
		first_bad(f, r, 2000);
		if ((log = log_of(r, rel, sizeof(rel)))) {
			fputs(" (", f);
			html_link(f, log, log);
			fputc(')', f);
		}
		fputs("</li>\n", f);
	}
	if (any)
		fputs("</ul></section>\n", f);
}

/* A guest whose serial log has the protocol's time marks. */
struct guest {
	char label[192], rel[PATH_MAX];
	struct guest_times t;
};

static struct guest guests[MAX_GUESTS];
static int nr_guests;
static const char *part_names[MAX_CHECKS];
static int nr_parts;

static void add_guest(const char *label, const char *rel)
{
	struct guest *g = &guests[nr_guests];
	char path[2 * PATH_MAX];
	int i, rc;

	for (i = 0; i < nr_guests; i++)
		if (!strcmp(guests[i].rel, rel))
			return;
	/* logread's LOG.times; a run from before them, its serial log. */
	snprintf(path, sizeof(path), "%s/%s.times", dir, rel);
	rc = nr_guests == MAX_GUESTS ? -1 : guest_times_load(path, "report", &g->t);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (rc == 1 && (access(path, R_OK) || guest_read(path, "report", &g->t)))
		return;
	if (rc < 0)
		return;
	if (g->t.boot < 0 && !g->t.nr)
		return;	/* no marks: a guest that never booted, or a stand-in log */
	snprintf(g->label, sizeof(g->label), "%s", label);
	snprintf(g->rel, sizeof(g->rel), "%s", rel);
	nr_guests++;
}

static void collect_guests(void)
{
	char rel[PATH_MAX], label[192], write[PATH_MAX + 16];
	const char *slash;
	int i;

	nr_guests = 0;
	for (i = 0; i < nr; i++) {
		const struct result *r = &rows[i];

		if (!log_of(r, rel, sizeof(rel)))
			continue;
		if (!results_is_pair(r)) {
			snprintf(label, sizeof(label), "%s/%s", r->col[R_SERIES], r->col[R_VARIANT]);
			add_guest(label, rel);
			continue;
		}
		slash = strrchr(rel, '/');
		snprintf(write, sizeof(write), "%.*swrite.log", slash ? (int)(slash + 1 - rel) : 0, rel);
		snprintf(label, sizeof(label), "%s (write)", r->col[R_VARIANT]);
		add_guest(label, write);
		snprintf(label, sizeof(label), "%s (read)", r->col[R_VARIANT]);
		add_guest(label, rel);
	}
}

/* The colour of a check's run; its setup is the same, lighter. */
static int part_index(const char *check)
{
	int k;

	for (k = 0; k < nr_parts && strcmp(part_names[k], check); k++)
		;
	if (k == nr_parts && nr_parts < MAX_CHECKS)
		part_names[nr_parts++] = check;
	return k;
}

static const char *lighter(const char *hex, char *buf, size_t len)
{
	unsigned rgb, c[3];
	int i;

	sscanf(hex + 1, "%x", &rgb);
	for (i = 0; i < 3; i++)
		c[i] = (rgb >> (16 - 8 * i)) & 0xff;
	for (i = 0; i < 3; i++)
		c[i] = c[i] + (255 - c[i]) * 55 / 100;
	snprintf(buf, len, "#%02x%02x%02x", c[0], c[1], c[2]);
	return buf;
}

#define BOOT_COLOUR "#7d8aa3"
#define INIT_COLOUR "#c3cad6"
#define TAIL_COLOUR "#e2e6ed"
#define LABEL_W 230.0
#define BAR_W 600.0
#define ROW_H 24.0

struct bar {
	FILE *f;
	double y, scale;
	const char *label;
};

static void segment(struct bar *b, double from, double to, const char *fill, const char *what)
{
	char tip[512], secs[32];

	if (to <= from)
		return;
	snprintf(tip, sizeof(tip), "%s: %s, %s (%.2f to %.2f s of guest time)", b->label, what,
		 html_secs(to - from, secs, sizeof(secs)), from, to);
	svg_rect(b->f, LABEL_W + from * b->scale, b->y, (to - from) * b->scale, ROW_H - 8, fill, tip);
}

/* A guest's parts on its own clock; returns where it ended. */
static double guest_bar(struct bar *b, struct guest_times *t)
{
	char light[16], what[128];
	double at = 0, begin, setup, secs;
	int i;

	if (t->boot >= 0) {
		segment(b, 0, t->boot, BOOT_COLOUR, "boot (kernel start to init)");
		at = t->boot;
	}
	for (i = 0; i < t->nr; i++) {
		const struct check_times *c = &t->c[i];
		const char *colour = html_colour(part_index(c->name));

		begin = c->begin >= 0 ? c->begin : at;
		segment(b, at, begin, INIT_COLOUR, i ? "between checks" : "init (to the first check)");
		setup = c->setup >= 0 ? c->setup : 0;
		secs = guest_check_secs(c);
		snprintf(what, sizeof(what), "%s setup (loop, mdadm, mkfs, mount)", c->name);
		segment(b, begin, begin + setup, lighter(colour, light, sizeof(light)), what);
		snprintf(what, sizeof(what), "%s run", c->name);
		segment(b, begin + setup, begin + (secs > setup ? secs : setup), colour, what);
		at = c->end >= 0 ? c->end : begin + (secs > 0 ? secs : 0);
	}
	if (t->done > at) {
		segment(b, at, t->done, TAIL_COLOUR, "tail (last check to SG-DONE)");
		at = t->done;
	}
	return at;
}

static double guest_end(const struct guest_times *t)
{
	double end = t->done > t->boot ? t->done : t->boot;
	int i;

	for (i = 0; i < t->nr; i++) {
		double e = t->c[i].end >= 0 ? t->c[i].end : guest_check_secs(&t->c[i]);

		if (e > end)
			end = e;
	}
	return end;
}

static void guest_legend(FILE *f)
{
	char light[16];
	int k;

	fprintf(f, "<p class=\"legend\"><span><i style=\"background:%s\"></i>boot</span>"
		"<span><i style=\"background:%s\"></i>init, between checks</span>", BOOT_COLOUR,
		INIT_COLOUR);
	for (k = 0; k < nr_parts; k++) {
		fprintf(f, "<span><i style=\"background:%s\"></i><i style=\"background:%s\"></i>",
			lighter(html_colour(k), light, sizeof(light)), html_colour(k));
		html_text(f, part_names[k]);
		fputs(" setup + run</span>", f);
	}
	fprintf(f, "<span><i style=\"background:%s\"></i>tail</span></p>\n", TAIL_COLOUR);
}

static void guest_times(FILE *f)
{
	struct bar b = { .f = f };
	char secs[32];
	double max = 0, end;
	int i;

	collect_guests();
	if (!nr_guests)
		return;
	for (i = 0; i < nr_guests; i++)
		if (guest_end(&guests[i].t) > max)
			max = guest_end(&guests[i].t);
	if (max <= 0)
		return;
	b.scale = BAR_W / max;
	fputs("<section id=\"guests\"><h2>Where each guest's seconds went (guest clock, from the serial logs)</h2>\n", f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\">\n",
		LABEL_W + BAR_W + 90, nr_guests * ROW_H + 30);
	nr_parts = 0;
	for (i = 0; i < nr_guests; i++) {
		b.y = i * ROW_H + 4;
		b.label = guests[i].label;
		fprintf(f, "<a href=\"");
		html_text(f, guests[i].rel);
		fprintf(f, "\"><text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">", LABEL_W - 8, b.y + 12);
		html_textn(f, guests[i].label, 34);
		fputs("</text></a>\n", f);
		end = guest_bar(&b, &guests[i].t);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", LABEL_W + end * b.scale + 6,
			b.y + 12, html_secs(end, secs, sizeof(secs)));
	}
	svg_axis(f, LABEL_W, BAR_W, nr_guests * ROW_H + 4, max);
	fputs("</svg>\n", f);
	guest_legend(f);
	fputs("</section>\n", f);
}

static void run_facts(FILE *f)
{
	static const char *const files[] = { "seed", "builds", "shard" };
	char line[512];
	size_t i;

	fputs("<table class=\"kv\">", f);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (!run_line(dir, files[i], line, sizeof(line)))
			continue;
		fprintf(f, "<tr><td>%s</td><td class=\"mono\">", files[i]);
		html_text(f, line);
		fputs("</td></tr>", f);
	}
	if (run_line(dir, "merged-from", line, sizeof(line)))
		fputs("<tr><td>merged</td><td>from the shards' run folders (merged-from)</td></tr>", f);
	fputs("</table>\n", f);
}

static void nav(FILE *f)
{
	static const char *const files[] = {
		"gate.md", "reply.eml", "matrix.md", "junit.xml", "results.json", "kcidb.json",
		"results.tsv"
	};

	html_nav(f, dir, files, sizeof(files) / sizeof(files[0]));
}

static void write_page(FILE *f)
{
	char name[PATH_MAX], title[PATH_MAX + 32], line[256];
	int green = results_summary(rows, nr, line, sizeof(line)), bad = 0, i;

	for (i = 0; i < nr; i++)
		bad += !results_match(&rows[i]);
	run_name(dir, name, sizeof(name));
	snprintf(title, sizeof(title), "stableguard run %s", run_name(dir, name, sizeof(name)));
	html_begin(f, title);
	fputs("<header><h1>", f);
	html_text(f, title);
	fputs("</h1>\n<p class=\"summary\">", f);
	/* A gate leads with its verdict, never a matrix count. */
	if (!html_gate_summary(f, gate)) {
		if (green)
			fputs("<span class=\"badge ok\">as expected</span> ", f);
		else if (nr)
			fprintf(f, "<span class=\"badge bad\">%d not as expected</span> ", bad);
		else
			fputs("<span class=\"badge skip\">no rows</span> ", f);
		html_text(f, line);
	}
	fputs("</p>\n", f);
	run_facts(f);
	nav(f);
	fputs("</header>\n", f);
	html_gate(f, gate);
	grid(f);
	pairs(f);
	not_as_expected(f);
	guest_times(f);
	html_end(f);
}

int html_matrix(const struct run *run)
{
	dir = run->dir;
	rows = run->rows;
	nr = run->nr;
	gate = &run->gate;
	collect_checks();
	return write_file("report", dir, "report.html", write_page) ? -1 : 0;
}
