/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_TABLES_H
#define SG_TABLES_H

#include <stdio.h>

#include "results.h"
#include "jsonw.h"
#include "run.h"

/* At most max characters of s (up to 255), | escaped, "..." when cut: a Markdown cell. */
void tables_md_cell(FILE *f, const char *s, size_t max);
/* The Markdown table of rows (matrix.md's), to f. */
void tables_md(FILE *f, const struct result *rows, int nr);
/* RUN/matrix.md, junit.xml and results.json; 0, or -1 said. */
int tables_write(const struct run *run);
/* "proofs": [...] of CHECK, when VARIANT is a gate's candidate and it has any. */
void gate_run_proofs_json(const struct gate_run *g, struct jw *w, const char *variant,
			  const char *check);

#endif
