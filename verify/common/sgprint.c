// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "setuptime.h"
#include "sgprint.h"

static const char *check_name = "unknown";

void sg_begin(const char *check)
{
	check_name = check;
	setvbuf(stdout, NULL, _IOLBF, 0);
}

static void emit(const char *tag, const char *fmt, va_list ap)
{
	char line[1024];

	vsnprintf(line, sizeof(line), fmt, ap);
	/* One line per record: the host reads line by line. */
	line[strcspn(line, "\r\n")] = '\0';
	printf("%s %s %s\n", tag, check_name, line);
	fflush(stdout);
}

void sg_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit(SG_LINE_INFO, fmt, ap);
	va_end(ap);
}

/* Once per check, before its result: where its seconds went. */
static void setup_line(void)
{
	double fsck;
	int runs;

	printf(SG_LINE_INFO " %s " SG_INFO_SETUP "%.2f\n", check_name,
	       sg_setup_secs());
	fsck = sg_fsck_secs(&runs);
	if (runs)
		printf(SG_LINE_INFO " %s " SG_INFO_FSCK "%.2f runs=%d\n",
		       check_name, fsck, runs);
}

#define RESULT(status, code)					\
	do {							\
		va_list ap;					\
		char full[1100];				\
		va_start(ap, fmt);				\
		vsnprintf(full, sizeof(full), fmt, ap);		\
		va_end(ap);					\
		setup_line();					\
		printf(SG_LINE_RESULT " %s %s %s\n", check_name, status, full); \
		fflush(stdout);					\
		return code;					\
	} while (0)

int sg_pass(const char *fmt, ...)
{
	RESULT(SG_PASS, SG_EXIT_PASS);
}

int sg_fail(const char *fmt, ...)
{
	RESULT(SG_FAIL, SG_EXIT_FAIL);
}

int sg_error(const char *fmt, ...)
{
	RESULT(SG_ERROR, SG_EXIT_ERROR);
}

int sg_refused(const char *fmt, ...)
{
	RESULT(SG_REFUSED, SG_EXIT_REFUSED);
}

int sg_skip(const char *fmt, ...)
{
	RESULT(SG_SKIP, SG_EXIT_SKIP);
}

const char *sg_param(const char *name, const char *def)
{
	static char cmdline[4096];
	char key[64], *p;
	FILE *f;
	size_t n;

	f = fopen("/proc/cmdline", "r");
	if (!f)
		return def;
	n = fread(cmdline, 1, sizeof(cmdline) - 1, f);
	fclose(f);
	cmdline[n] = '\0';
	cmdline[strcspn(cmdline, "\n")] = '\0';
	snprintf(key, sizeof(key), "sg_%s=", name);
	for (p = strtok(cmdline, " "); p; p = strtok(NULL, " "))
		if (!strncmp(p, key, strlen(key)))
			return strdup(p + strlen(key));
	return def;
}

uint64_t sg_param_u64(const char *name, uint64_t def)
{
	const char *v = sg_param(name, NULL);

	return v ? strtoull(v, NULL, 0) : def;
}
