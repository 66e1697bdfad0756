/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The corpus (branches.yaml's corpus:, a file of its own): real storage
 * regressions that shipped in a stable or longterm release, each
 * replayed on a series' tree, for make bench PHASE=corpus.
 */
#ifndef SG_CORPUS_H
#define SG_CORPUS_H

#include "yamldoc.h"

/*
 * sgconf FILE corpus: every case checked (a known series, 40-hex
 * upstream ids, releases, patch files that exist; a case without
 * previous: has "-", the series' pristine tree), then printed
 * as a run file of kind corpus (lib/runfile.h) on stdout; an error names
 * the corpus file and line, and nothing is printed.
 */
int corpus_print(struct ydoc *branches, const char *dir);

#endif
