// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "jsonw.h"

/* U+FFFD, written for what a page or an XML file cannot hold. */
#define REPLACEMENT "\xef\xbf\xbd"

/*
 * What XML 1.0 allows (its Char production) and HTML takes without a
 * parse error: of the control characters tab, new line and carriage
 * return; not DEL nor the C1 controls (XML discourages them, HTML does
 * not take them); not U+FFFE nor U+FFFF.
 */
static int markup_char(unsigned int cp)
{
	if (cp < 0x20)
		return cp == '\t' || cp == '\n' || cp == '\r';
	return !(cp >= 0x7f && cp <= 0x9f) && cp != 0xfffe && cp != 0xffff;
}

void html_textn(FILE *f, const char *s, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i;
	int n;

	/* A whole character at a time: a cut never splits a UTF-8 sequence. */
	for (i = 0; u[i] && i < max; i += n) {
		n = utf8_seq(u + i);
		if (!n) {
			/* Not UTF-8: one U+FFFD a byte, as jsonw writes it. */
			fputs(REPLACEMENT, f);
			n = 1;
			continue;
		}
		switch (u[i]) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default:
			if (markup_char(utf8_cp(u + i, n)))
				fwrite(u + i, 1, n, f);
			else
				fputs(REPLACEMENT, f);
		}
	}
	if (u[i])
		fputs("...", f);
}

void html_text(FILE *f, const char *s)
{
	html_textn(f, s, (size_t)-1);
}

void html_link(FILE *f, const char *href, const char *text)
{
	fputs("<a href=\"", f);
	html_text(f, href);
	fputs("\">", f);
	html_text(f, text);
	fputs("</a>", f);
}

void html_nav(FILE *f, const char *dir, const char *const *files, size_t n)
{
	char path[PATH_MAX];
	size_t i;

	fputs("<nav>", f);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		if (!access(path, F_OK))
			html_link(f, files[i], files[i]);
	}
	snprintf(path, sizeof(path), "%s/../index.html", dir);
	if (!access(path, F_OK))
		html_link(f, "../index.html", "all runs");
	fputs("</nav>\n", f);
}

/*
 * One stylesheet for every page.  Cells: ok green, bad red, skip grey;
 * the popover of a cell's details opens below it, over the table.
 */
static const char css[] =
	":root{--ok:#1a7f45;--ok-bg:#dcf3e4;--bad:#b42318;--bad-bg:#fde0dd;"
	"--skip:#5d6675;--skip-bg:#eceff3;--ink:#1c2230;--muted:#5d6675;--line:#d9dee7}\n"
	"*{box-sizing:border-box}\n"
	"body{margin:0;padding:24px 32px;font:14px/1.45 system-ui,-apple-system,'Segoe UI',"
	"Roboto,'DejaVu Sans',sans-serif;color:var(--ink);background:#f4f6f9}\n"
	"h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:0 0 12px}\n"
	"a{color:#1f5fbf;text-decoration:none}a:hover{text-decoration:underline}\n"
	"td.mono{white-space:nowrap}\n"
	"code,.mono{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:12.5px}\n"
	"header{margin-bottom:18px}header .sub{color:var(--muted)}\n"
	"nav a{margin-right:14px}\n"
	"section{background:#fff;border:1px solid var(--line);border-radius:8px;"
	"padding:16px 18px;margin:0 0 18px;box-shadow:0 1px 2px rgba(20,30,50,.05)}\n"
	".badge{display:inline-block;padding:2px 10px;border-radius:999px;font-weight:600;white-space:nowrap;"
	"font-size:13px}\n"
	".badge.ok{background:var(--ok-bg);color:var(--ok)}"
	".badge.bad{background:var(--bad-bg);color:var(--bad)}"
	".badge.skip{background:var(--skip-bg);color:var(--skip)}\n"
	".summary{font-size:15px;margin:8px 0}\n"
	"table{border-collapse:separate;border-spacing:0}\n"
	"th,td{padding:6px 10px;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}\n"
	"th{font-size:12px;text-transform:uppercase;letter-spacing:.03em;color:var(--muted);"
	"background:#fafbfc}\n"
	"tr.series th{background:#eef2f8;color:var(--ink);text-transform:none;font-size:14px;"
	"letter-spacing:0;border-top:2px solid var(--line)}\n"
	"tr.series .mono{color:var(--muted);font-weight:400;margin-left:10px}\n"
	"td.cell{min-width:118px;border-left:3px solid #fff;position:relative}\n"
	"td.cell.ok{background:var(--ok-bg)}td.cell.bad{background:var(--bad-bg)}"
	"td.cell.skip{background:var(--skip-bg)}\n"
	"td.cell .v{font-weight:700;font-size:14px}\n"
	"td.cell.ok .v{color:var(--ok)}td.cell.bad .v{color:var(--bad)}"
	"td.cell.skip .v{color:var(--skip)}\n"
	"td.cell .meta{display:block;font-size:11.5px;color:var(--muted)}\n"
	"td.cell.bad .meta{color:#7a271a}\n"
	"td.none{color:#b8bfcc}\n"
	"table.full{width:100%}td.wide{min-width:12em;overflow-wrap:anywhere}td.small{font-size:12.5px}\n"
	"p.sub{color:var(--muted);margin:-6px 0 10px}\n"
	"details summary{cursor:pointer;font-size:11.5px;color:var(--muted)}\n"
	"td.cell details[open] .pop{position:absolute;z-index:5;left:0;top:100%;width:34em;"
	"background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 10px;"
	"box-shadow:0 6px 18px rgba(20,30,50,.18);font-size:12.5px;white-space:normal}\n"
	".pop .k{color:var(--muted)}\n"
	".legend span{display:inline-block;margin-right:16px}\n"
	".legend i{display:inline-block;width:12px;height:12px;border-radius:3px;"
	"vertical-align:-1px;margin-right:5px}\n"
	"ul.why{margin:0;padding-left:18px}ul.why li{margin:4px 0}\n"
	"svg text{font:12px system-ui,'DejaVu Sans',sans-serif;fill:#1c2230}\n"
	"svg .axis{fill:#5d6675;font-size:11px}\n"
	".kv td{border:0;padding:2px 14px 2px 0}.kv td:first-child{color:var(--muted)}\n"
	"footer{color:var(--muted);font-size:12px;margin-top:8px}\n";

void html_begin(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<link rel=\"icon\" href=\"data:,\">\n<title>", f);
	html_text(f, title);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
}

void html_end(FILE *f)
{
	fputs("<footer>stableguard: made by report from the run folder's files; "
	      "no script, nothing fetched.</footer>\n</body>\n</html>\n", f);
}

const char *html_colour(int k)
{
	static const char *const palette[] = {
		"#3b6fd4", "#e07b24", "#2a9d8f", "#a855c9", "#d4a017", "#d6456a",
		"#5b8c3a", "#7b6fd0",
	};

	return palette[k % (int)(sizeof(palette) / sizeof(palette[0]))];
}

const char *html_secs(double s, char *buf, size_t len)
{
	if (s < 0)
		snprintf(buf, len, "-");
	else if (s < 10)
		snprintf(buf, len, "%.1f s", s);
	else if (s < 120)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 7200)
		snprintf(buf, len, "%d min %d s", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, len, "%d h %d min", (int)s / 3600, (int)s % 3600 / 60);
	return buf;
}

/* A step of 1, 2 or 5 times a power of ten giving about 6 ticks. */
static double tick_step(double max)
{
	double raw = max / 6, p = pow(10, floor(log10(raw))), m = raw / p;

	return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

void svg_axis(FILE *f, double x0, double width, double y, double max)
{
	double step, t;
	char buf[32];

	if (max <= 0)
		return;
	step = tick_step(max);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c5ccd8\"/>\n",
		x0, y, x0 + width, y);
	for (t = 0; t <= max * 1.0001; t += step) {
		double x = x0 + width * t / max;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c5ccd8\"/>",
			x, y, x, y + 4);
		if (step >= 60 && fmod(step, 60) == 0)
			snprintf(buf, sizeof(buf), "%.0f min", t / 60);
		else
			snprintf(buf, sizeof(buf), "%g s", t);
		fprintf(f, "<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
			x, y + 16, buf);
	}
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
	      const char *tip)
{
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\">",
		x, y, w > 0.5 ? w : 0.5, h, fill);
	if (tip) {
		fputs("<title>", f);
		html_text(f, tip);
		fputs("</title>", f);
	}
	fputs("</rect>\n", f);
}
