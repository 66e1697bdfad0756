/* SPDX-License-Identifier: GPL-2.0 */
/* A gate's proofs beside the candidate's rows in the run's JSON (proofs.c). */
#ifndef SG_PROOFS_H
#define SG_PROOFS_H

#include "jsonw.h"

/* Reads DIR/proofs when the gate wrote one: 0, or -1 after saying why. */
int proofs_load(const char *dir);
/* "proofs": [...] of CHECK when VARIANT is a gate's candidate and it has any. */
void proofs_json(struct jw *w, const char *variant, const char *check);

#endif
