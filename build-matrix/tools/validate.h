/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_VALIDATE_H
#define SG_VALIDATE_H

#include "yamldoc.h"

/* Checks branches.yaml against its schema; paths relative to dir. 0 or -1. */
int branches_validate(struct ydoc *y, const char *dir);

#endif
