// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisectrun.h"
#include "gateculprit.h"
#include "outfile.h"
#include "tsv.h"

static struct tsv_table entries;
static struct bisect_run bisect;
static const char *values[CU_NCOLS];

/*
 * "verified", or what did not hold: a build's bisection (checks "build")
 * says built and builds, a check's fails and passes.
 */
static void verified(char *buf, size_t len)
{
	static const char *const said[2][NR_VERIFY] = {
		{ " the culprit did not fail", " its parent did not pass",
		  " the candidate without it did not pass" },
		{ " the culprit built", " its parent did not build",
		  " the candidate without it did not build" },
	};
	int build = !strcmp(bisect_get_or(&bisect, "checks", ""), "build");
	size_t at;
	int i;

	if (bisect_nr_held(&bisect) == NR_VERIFY) {
		snprintf(buf, len, "verified");
		return;
	}
	at = snprintf(buf, len, "not verified:");
	for (i = 0; i < NR_VERIFY && at < len; i++)
		if (bisect.verify[i].held != HELD)
			at += snprintf(buf + at, len - at, "%s", said[build][i]);
}

/* The known fixes of the culprit's upstream commit, as the answer lists them: "id subject; ...". */
static void fixed_by(char *buf, size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < bisect.nr_answer && at < len; i++) {
		const char *v = bisect.answer[i].val;
		const char *tab = strchr(v, '\t'), *end;

		if (strcmp(bisect.answer[i].key, "followup") || !tab)
			continue;
		end = strchr(tab + 1, '\t');
		at += snprintf(buf + at, len - at, "%s%.*s %.*s", at ? ";" : "", (int)(tab - v), v,
			       (int)(end ? end - tab - 1 : (long)strlen(tab + 1)), tab + 1);
	}
}

static void put_culprit(FILE *f)
{
	runfile_put_header(f, runfile_kind("culprit"));
	runfile_put_row(f, runfile_kind("culprit"), values);
}

int gate_culprit(const char *run)
{
	char path[4096], ver[256], fixes[2048];
	const char *culprit;
	char **e = NULL;
	int i, rc = 2;

	snprintf(path, sizeof(path), "%s/entries", run);
	if (tsv_table_read(&entries, path, "report --culprit", entry_names, E_NCOLS, 0))
		return 2;
	snprintf(path, sizeof(path), "%s/bisect", run);
	if (bisect_load(path, "report --culprit", &bisect))
		return 2;
	culprit = bisect_get(&bisect, "culprit");
	for (i = 0; culprit && i < entries.nr; i++)
		if (!strcmp(entries.rows[i][E_COMMIT], culprit))
			e = entries.rows[i];
	if (!e) {
		printf("the bisection named no patch of the queue (%s)\n",
		       bisect_get_or(&bisect, "status", "no answer"));
		rc = 1;
		goto out;
	}
	verified(ver, sizeof(ver));
	fixed_by(fixes, sizeof(fixes));
	values[CU_NUMBER] = e[E_NUMBER];
	values[CU_PATCH] = e[E_PATCH];
	values[CU_SUBJECT] = e[E_SUBJECT];
	values[CU_UPSTREAM] = e[E_UPSTREAM];
	values[CU_VERIFIED] = ver;
	values[CU_FIXED_BY] = fixes;
	values[CU_BISECT] = path;
	if (write_file("report --culprit", run, "culprit", put_culprit))
		goto out;
	printf("%s (%s)\n", e[E_PATCH], ver);
	rc = 0;
out:
	bisect_free(&bisect);
	return rc;
}
