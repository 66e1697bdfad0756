// SPDX-License-Identifier: GPL-2.0
/*
 * report.html of a bisection: the answer and its verifications, each
 * step's seconds as SVG bars, the bisection's wall time as a timeline of
 * its steps end to end, and the steps' table with every boot's serial log.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "outfile.h"
#include "runfolder.h"

#define LABEL_W 250.0
#define BAR_W 560.0
#define ROW_H 22.0
#define OLD_COLOUR "#2f9e5b"
#define NEW_COLOUR "#d1432f"
#define SKIP_COLOUR "#9aa3b2"

static const char *dir;
static const struct bisect_run *b;

static double secs_of(const struct step *s)
{
	double v;

	return sscanf(s->col[S_SECS], "%lf", &v) == 1 && v >= 0 ? v : 0;
}

static const char *verdict_colour(const struct step *s)
{
	if (!strcmp(s->col[S_VERDICT], b->term_new))
		return NEW_COLOUR;
	if (!strcmp(s->col[S_VERDICT], b->term_old))
		return OLD_COLOUR;
	return SKIP_COLOUR;
}

static const char *verdict_class(const struct step *s)
{
	if (!strcmp(s->col[S_VERDICT], b->term_new))
		return "bad";
	if (!strcmp(s->col[S_VERDICT], b->term_old))
		return "ok";
	return "skip";
}

static const char *step_tip(const struct step *s, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "step %s (%s) %s %s: %s, %s; build %s; tries %s%s%s",
		 s->col[S_STEP], s->col[S_ROLE], s->col[S_COMMIT], s->col[S_SUBJECT],
		 s->col[S_VERDICT], html_secs(secs_of(s), t, sizeof(t)), s->col[S_BUILD],
		 s->col[S_TRIES], strcmp(s->col[S_FIRST_BAD], "-") ? "; first bad: " : "",
		 strcmp(s->col[S_FIRST_BAD], "-") ? s->col[S_FIRST_BAD] : "");
	return buf;
}

static void legend(FILE *f)
{
	fprintf(f, "<p class=\"legend\"><span><i style=\"background:%s\"></i>%s</span>"
		"<span><i style=\"background:%s\"></i>%s</span>"
		"<span><i style=\"background:%s\"></i>skip (no verdict: build, compat or boot)</span>"
		"<span>a verification step is outlined (on the timeline: c culprit, p parent, r revert)</span></p>\n",
		OLD_COLOUR, b->term_old, NEW_COLOUR, b->term_new, SKIP_COLOUR);
}

static int is_verification(const struct step *s)
{
	return strcmp(s->col[S_ROLE], "bisect") != 0;
}

/* A bar a step, its length its seconds (build and boots). */
static void bars(FILE *f, double max)
{
	char tip[2048], t[32];
	int i;

	fprintf(f, "<h2>Seconds a step</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\">\n",
		LABEL_W + BAR_W + 120, b->nr_steps * ROW_H + 30);
	for (i = 0; i < b->nr_steps; i++) {
		const struct step *s = &b->steps[i];
		double y = i * ROW_H + 4, w = BAR_W * secs_of(s) / max;

		fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%s %s <tspan class=\"axis\">",
			LABEL_W - 8, y + 12, s->col[S_STEP], s->col[S_ROLE]);
		html_textn(f, s->col[S_COMMIT], 12);
		fputs("</tspan></text>\n", f);
		svg_rect(f, LABEL_W, y, w, ROW_H - 7, verdict_colour(s), step_tip(s, tip, sizeof(tip)));
		if (is_verification(s))
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"none\" stroke=\"#1c2230\" stroke-width=\"1.5\"/>\n",
				LABEL_W, y, w > 1 ? w : 1, ROW_H - 7);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", LABEL_W + w + 6, y + 12);
		html_text(f, s->col[S_VERDICT]);
		fprintf(f, " &middot; %s</text>\n", html_secs(secs_of(s), t, sizeof(t)));
	}
	svg_axis(f, LABEL_W, BAR_W, b->nr_steps * ROW_H + 4, max);
	fputs("</svg>\n", f);
}

/* The steps end to end on one line: where the wall time went, in order. */
static void timeline(FILE *f, double total)
{
	double width = LABEL_W + BAR_W - 20, x = 10, w;
	char tip[2048];
	int i;

	fprintf(f, "<h2>Timeline</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"86\" role=\"img\">\n",
		LABEL_W + BAR_W + 120);
	for (i = 0; i < b->nr_steps; i++) {
		const struct step *s = &b->steps[i];

		w = width * secs_of(s) / total;
		svg_rect(f, x, 14, w, 30, verdict_colour(s), step_tip(s, tip, sizeof(tip)));
		fprintf(f, "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"48\" stroke=\"#fff\" stroke-width=\"1.5\"/>\n",
			x, x);
		if (w >= 18)
			fprintf(f, "<text x=\"%.1f\" y=\"34\" text-anchor=\"middle\" style=\"fill:#fff;font-weight:600\">%s</text>\n",
				x + w / 2, s->col[S_STEP]);
		if (is_verification(s))
			fprintf(f, "<text class=\"axis\" x=\"%.1f\" y=\"10\" text-anchor=\"middle\">%.*s</text>\n",
				x + w / 2, w >= 7.0 * strlen(s->col[S_ROLE]) ? (int)strlen(s->col[S_ROLE]) : 1,
				s->col[S_ROLE]);
		x += w;
	}
	svg_axis(f, 10, width, 52, total);
	fputs("</svg>\n", f);
}

static void charts(FILE *f)
{
	double max = 0, total = 0;
	int i;

	for (i = 0; i < b->nr_steps; i++) {
		total += secs_of(&b->steps[i]);
		if (secs_of(&b->steps[i]) > max)
			max = secs_of(&b->steps[i]);
	}
	if (max <= 0)
		return;
	fputs("<section id=\"charts\">\n", f);
	legend(f);
	bars(f, max);
	timeline(f, total);
	fputs("</section>\n", f);
}

/* A step's boots: OUTCOME@SEED each, linking logs/<step>-<commit>-<k>.log. */
static void tries(FILE *f, const struct step *s)
{
	char list[4096], *t, *save = NULL, rel[512], path[PATH_MAX + 512];
	int k = 1;

	snprintf(list, sizeof(list), "%s", s->col[S_TRIES]);
	for (t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save), k++) {
		snprintf(rel, sizeof(rel), "logs/%s-%s-%d.log", s->col[S_STEP], s->col[S_COMMIT], k);
		snprintf(path, sizeof(path), "%s/%s", dir, rel);
		if (k > 1)
			fputs(", ", f);
		if (!access(path, F_OK))
			html_link(f, rel, t);
		else
			html_text(f, t);
	}
	if (k == 1)
		html_text(f, s->col[S_TRIES]);
}

static void step_row(FILE *f, const struct step *s)
{
	char rel[512], path[PATH_MAX + 512];

	fprintf(f, "<tr data-step=\"%s\"><td>%s</td><td>%s</td><td class=\"mono\">", s->col[S_STEP],
		s->col[S_STEP], s->col[S_ROLE]);
	html_text(f, s->col[S_COMMIT]);
	fputs("</td><td class=\"wide\">", f);
	html_text(f, s->col[S_SUBJECT]);
	fputs("</td><td>", f);
	snprintf(rel, sizeof(rel), "logs/%s-%s.build", s->col[S_STEP], s->col[S_COMMIT]);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (!access(path, F_OK))
		html_link(f, rel, s->col[S_BUILD]);
	else
		html_text(f, s->col[S_BUILD]);
	fputs("</td><td class=\"mono\">", f);
	tries(f, s);
	fprintf(f, "</td><td>%s</td>", s->col[S_SECS]);
	fprintf(f, "<td class=\"cell %s\"><span class=\"v\">", verdict_class(s));
	html_text(f, s->col[S_VERDICT]);
	fputs("</span></td>", f);
	fputs("<td class=\"wide small\">", f);
	html_textn(f, s->col[S_FIRST_BAD], 300);
	fputs("</td><td class=\"wide small\">", f);
	html_textn(f, s->col[S_NOTE], 300);
	fputs("</td></tr>\n", f);
}

static void steps(FILE *f)
{
	int i;

	fputs("<section id=\"steps\"><h2>Steps</h2>\n<p class=\"sub\">tries: a boot each, "
	      "outcome@seed, linking its serial log; a build links what make printed</p>\n"
	      "<table class=\"full\">\n<tr><th>#</th><th>role</th><th>commit</th>"
	      "<th>subject</th><th>build</th><th>tries</th><th>s</th>"
	      "<th>verdict</th><th>first bad</th><th>note</th></tr>\n", f);
	for (i = 0; i < b->nr_steps; i++)
		step_row(f, &b->steps[i]);
	fputs("</table></section>\n", f);
}

static void kv(FILE *f, const char *key, const char *val)
{
	fprintf(f, "<tr><td>%s</td><td>", key);
	html_text(f, val);
	fputs("</td></tr>", f);
}

static void answer(FILE *f)
{
	const char *status = bisect_get_or(b, "status", "failed");
	int i, found = !strcmp(status, "found");

	fputs("<section id=\"answer\">", f);
	if (found) {
		fprintf(f, "<h2>The first %s commit</h2>\n<p class=\"summary\"><code>", b->term_new);
		html_text(f, bisect_get_or(b, "culprit", "?"));
		fputs("</code> ", f);
		html_text(f, bisect_get_or(b, "subject", "?"));
		fputs("</p>\n<table class=\"kv\">", f);
		kv(f, "author", bisect_get_or(b, "author", "?"));
		kv(f, "date", bisect_get_or(b, "date", "?"));
		kv(f, "upstream", bisect_get_or(b, "upstream", "names no upstream commit"));
		for (i = 0; i < NR_VERIFY; i++)
			fprintf(f, "<tr><td>%s</td><td><span class=\"badge %s\">%s</span></td></tr>",
				b->verify[i].what, b->verify[i].held == HELD ? "ok" :
				b->verify[i].held == NOT_HELD ? "bad" : "skip",
				bisect_held_word(b->verify[i].held));
	} else {
		fprintf(f, "<h2>%s</h2>\n<table class=\"kv\">", !strcmp(status, "ambiguous") ?
			"No single commit: only skipped commits are left" :
			"No answer: git bisect run did not finish (bisect-run.out says why)");
	}
	kv(f, b->term_old, bisect_get_or(b, "good", "?"));
	kv(f, b->term_new, bisect_get_or(b, "bad", "?"));
	kv(f, "history", bisect_get_or(b, "source", "?"));
	kv(f, "commits after GOOD", bisect_get_or(b, "commits", "?"));
	kv(f, "guest arrays", bisect_get_or(b, "guest", "the series'"));
	kv(f, "boots a step", bisect_get_or(b, "tries", "1"));
	kv(f, "seed", bisect_get_or(b, "seed", "?"));
	fputs("</table></section>\n", f);
}

static void nav(FILE *f)
{
	static const char *const files[] = {
		"bisect.md", "bisect.json", "kcidb.json", "steps.tsv", "bisect.log", "bisect-run.out"
	};

	html_nav(f, dir, files, sizeof(files) / sizeof(files[0]));
}

static void write_page(FILE *f)
{
	char title[512], line[1024];
	int found = !strcmp(bisect_get_or(b, "status", ""), "found");
	int verified = bisect_nr_held(b) == NR_VERIFY;

	snprintf(title, sizeof(title), "Bisection of %s: %s", bisect_get_or(b, "series", "?"),
		 bisect_get_or(b, "checks", "?"));
	html_begin(f, title);
	fputs("<header><h1>", f);
	html_text(f, title);
	fprintf(f, "</h1>\n<p class=\"summary\"><span class=\"badge %s\">%s</span> ",
		found && verified ? "ok" : found ? "skip" : "bad",
		found && verified ? "found, verified" : found ? "found" : "no answer");
	html_text(f, bisect_summary(b, line, sizeof(line)));
	fputs("</p>\n", f);
	nav(f);
	fputs("</header>\n", f);
	answer(f);
	charts(f);
	steps(f);
	html_end(f);
}

int html_bisect(const char *run_dir, const struct bisect_run *bisect)
{
	dir = run_dir;
	b = bisect;
	return write_file("report", dir, "report.html", write_page) ? -1 : 0;
}
