// SPDX-License-Identifier: GPL-2.0
/*
 * guesttimes: where a guest's seconds went, from its serial log (the
 * uptime= marks and setup line of the guest protocol, protocol.h).
 *
 *	guesttimes LOG
 *
 * prints "part check secs" (tab-separated: read the columns by name), one
 * row per part, in guest seconds: boot (kernel start to init), init (init
 * to the first check), then per check its setup (devices: loop, mdadm,
 * mkfs, mount), run (the rest of it) and check (the two together), then
 * tail (the last check's end to SG-DONE) and first_check (kernel start to
 * the first check: boot and init).  check is "-" for the guest's own parts.
 *
 *	guesttimes --markdown LOG WALL [LOG WALL]...
 *
 * prints a Markdown table for the bench, a row per LOG (named by its file
 * name without .log) with WALL, its wall seconds as the caller measured
 * them, and whether the first check began within SG_FIRST_CHECK_SECS.
 *
 *	guesttimes --verifiers LOG...
 *
 * prints a Markdown table of what the field's verifiers add to each
 * guest: its checks' seconds, the fio checks' (fio-*, their e2fsck
 * within), e2fsck's in the other checks (their fsck lines), the sum of
 * the two, and whether it is within SG_VERIFIERS_SECS.
 *
 * A mark the log does not have (a log from before the marks, a guest that
 * stopped early) is "-", never a guess and never an error.
 */
#include <stdio.h>
#include <string.h>

#include "guestlog.h"

/* Issue 19: boot to the first check within 2 s of guest time under TCG. */
#define SG_FIRST_CHECK_SECS 2.0
#define MAX_LOGS 256
/* Issue 26: fio and e2fsck add at most 5 s to a guest under TCG. */
#define SG_VERIFIERS_SECS 5.0

static const char *secs(double s, char *buf, size_t len)
{
	if (s < 0)
		return "-";
	snprintf(buf, len, "%.2f", s);
	return buf;
}

static void row(const char *part, const char *check, double s)
{
	char buf[32];

	printf("%s\t%s\t%s\n", part, check, secs(s, buf, sizeof(buf)));
}

static int print_tsv(const char *path)
{
	struct guest_times g;
	int i;

	if (guest_read(path, "guesttimes", &g))
		return 2;
	puts("part\tcheck\tsecs");
	row("boot", "-", g.boot);
	row("init", "-", guest_span(g.boot, guest_first_begin(&g)));
	for (i = 0; i < g.nr; i++) {
		row("setup", g.c[i].name, g.c[i].setup);
		row("run", g.c[i].name, guest_run_secs(&g.c[i]));
		row("check", g.c[i].name, guest_check_secs(&g.c[i]));
	}
	row("tail", "-", guest_tail_secs(&g));
	row("first_check", "-", guest_first_begin(&g));
	return 0;
}

/* "setup+run" when the split is known, else the whole check, else "-". */
static const char *check_cell(const struct check_times *c, char *buf, size_t len)
{
	char a[32], b[32];

	if (!c)
		return "-";
	if (c->setup >= 0 && guest_run_secs(c) >= 0) {
		snprintf(buf, len, "%s+%s", secs(c->setup, a, sizeof(a)),
			 secs(guest_run_secs(c), b, sizeof(b)));
		return buf;
	}
	return secs(guest_check_secs(c), buf, len);
}

static const char *within(double first)
{
	if (first < 0)
		return "-";
	return first <= SG_FIRST_CHECK_SECS ? "yes" : "NO";
}

static void label(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	snprintf(buf, len, "%s", base ? base + 1 : path);
	n = strlen(buf);
	if (n > 4 && !strcmp(buf + n - 4, ".log"))
		buf[n - 4] = '\0';
}

/* Every check any log ran, in the order they first appear. */
static int all_checks(const struct guest_times *g, int n, const char **names)
{
	int i, j, k, nr = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < g[i].nr; j++) {
			for (k = 0; k < nr && strcmp(names[k], g[i].c[j].name); k++)
				;
			if (k == nr && nr < GUEST_MAX_CHECKS)
				names[nr++] = g[i].c[j].name;
		}
	return nr;
}

static void markdown_head(const char **names, int nr)
{
	int k;

	printf("| guest | wall s | boot to init | init to first check |");
	for (k = 0; k < nr; k++)
		printf(" %s setup+run |", names[k]);
	printf(" tail | boot to first check | <= %.0f s |\n|---|---|---|---|", SG_FIRST_CHECK_SECS);
	for (k = 0; k < nr; k++)
		printf("---|");
	printf("---|---|---|\n");
}

static void markdown_row(const char *path, const char *wall, struct guest_times *g,
			 const char **names, int nr)
{
	char name[256], a[32], b[32], c[32], d[32], cell[80];
	int k;

	label(path, name, sizeof(name));
	printf("| %s | %s | %s | %s |", name, wall, secs(g->boot, a, sizeof(a)),
	       secs(guest_span(g->boot, guest_first_begin(g)), b, sizeof(b)));
	for (k = 0; k < nr; k++)
		printf(" %s |", check_cell(guest_find(g, names[k]), cell, sizeof(cell)));
	printf(" %s | %s | %s |\n", secs(guest_tail_secs(g), c, sizeof(c)),
	       secs(guest_first_begin(g), d, sizeof(d)), within(guest_first_begin(g)));
}

static int print_markdown(int argc, char **argv)
{
	static struct guest_times g[MAX_LOGS];
	const char *names[GUEST_MAX_CHECKS];
	int i, n = 0, nr;

	if (argc % 2 || argc / 2 > MAX_LOGS) {
		fprintf(stderr, "guesttimes: --markdown takes LOG WALL pairs (at most %d)\n",
			MAX_LOGS);
		return 2;
	}
	for (i = 0; i < argc; i += 2, n++)
		if (guest_read(argv[i], "guesttimes", &g[n]))
			return 2;
	nr = all_checks(g, n, names);
	markdown_head(names, nr);
	for (i = 0; i < n; i++)
		markdown_row(argv[2 * i], argv[2 * i + 1], &g[i], names, nr);
	return 0;
}

/* The guest's checks, the fio checks among them, e2fsck in the others. */
static void verifier_secs(const struct guest_times *g, double *all, double *fio,
			  double *fsck)
{
	double s;
	int i;

	*all = *fio = *fsck = 0;
	for (i = 0; i < g->nr; i++) {
		s = guest_check_secs(&g->c[i]);
		if (s < 0) {
			*all = *fio = GUEST_UNKNOWN;
			return;
		}
		*all += s;
		if (!strncmp(g->c[i].name, "fio-", 4))
			*fio += s;
		else
			*fsck += g->c[i].fsck;
	}
}

static int print_verifiers(int argc, char **argv)
{
	struct guest_times g;
	double all, fio, fsck;
	char name[256], a[32], b[32], c[32], d[32];
	int i;

	printf("| guest | its checks | fio checks | e2fsck in the others | added | <= %.0f s |\n"
	       "|---|---|---|---|---|---|\n", SG_VERIFIERS_SECS);
	for (i = 0; i < argc; i++) {
		if (guest_read(argv[i], "guesttimes", &g))
			return 2;
		verifier_secs(&g, &all, &fio, &fsck);
		label(argv[i], name, sizeof(name));
		printf("| %s | %s | %s | %s | %s | %s |\n", name,
		       secs(all, a, sizeof(a)), secs(fio, b, sizeof(b)),
		       secs(fsck, c, sizeof(c)),
		       secs(fio < 0 ? fio : fio + fsck, d, sizeof(d)),
		       fio < 0 ? "-" : fio + fsck <= SG_VERIFIERS_SECS ? "yes" : "NO");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "--markdown"))
		return print_markdown(argc - 2, argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "--verifiers"))
		return print_verifiers(argc - 2, argv + 2);
	if (argc != 2) {
		fprintf(stderr, "usage: guesttimes LOG\n"
			"       guesttimes --markdown LOG WALL [LOG WALL]...\n"
			"       guesttimes --verifiers LOG...\n");
		return 2;
	}
	return print_tsv(argv[1]);
}
