/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.html of a run and index.html over the runs: one file each, no
 * network, no script, no framework: inline CSS, inline SVG, links to the
 * run's own files by relative paths.  html.c has what the pages share.
 *
 * A cell of the grid is coloured by the judge (results_match()): as
 * expected ("ok"), not ("bad"), skipped ("skip"); it says the observed
 * verdict, links the serial log, and shows the first bad line on hover
 * (title) and on click (a details popover).
 */
#ifndef SG_HTML_H
#define SG_HTML_H

#include <stdio.h>

#include "bisectrun.h"
#include "results.h"
#include "run.h"

/* The pages. 0, or -1 after saying why on stderr. */
int html_matrix(const struct run *run);
/* A gate's run: its section (gate.tsv, culprit, narrow, proofs); 0. */
int html_gate(FILE *f, const struct gate_run *g);
/* A gate's page header: its verdict (gatejudge.h), never a matrix count; 0 when the run is no gate's. */
int html_gate_summary(FILE *f, const struct gate_run *g);
int html_bisect(const char *dir, const struct bisect_run *b);
/* dir/index.html over every run folder in dir, newest first. */
int html_index(const char *dir);

/*
 * The one escaper of markup, for the pages and junit.xml alike: s as
 * text or an attribute's value of HTML or XML 1.0.  <>&"' as entities; a
 * byte that is not UTF-8, and a character XML 1.0 does not allow (a
 * control character but tab, new line and carriage return; DEL and the
 * C1 controls; U+FFFE, U+FFFF), as U+FFFD: a serial log's noise cannot
 * break the file.  html_textn writes whole characters up to max bytes,
 * "..." when cut.
 */
void html_text(FILE *f, const char *s);
void html_textn(FILE *f, const char *s, size_t max);

/* Shared by the pages. */
void html_link(FILE *f, const char *href, const char *text);
/* Links to those of files that are in dir, and to ../index.html if there is one. */
void html_nav(FILE *f, const char *dir, const char *const *files, size_t n);
void html_begin(FILE *f, const char *title);	/* up to <body> */
void html_end(FILE *f);
/* A colour for the k-th of several things (a check, a part). */
const char *html_colour(int k);

/* An SVG chart's time axis: ticks under a bar area x0..x0+width for max seconds. */
void svg_axis(FILE *f, double x0, double width, double y, double max);
/* A rectangle with a tooltip. */
void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
	      const char *tip);
/* Seconds as a person reads them: "42 s", "3 min 5 s", "1 h 2 min". */
const char *html_secs(double s, char *buf, size_t len);

#endif
