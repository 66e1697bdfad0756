/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_VALIDATE_H
#define SG_VALIDATE_H

#include "yamldoc.h"

/* Checks branches.yaml against its schema; paths relative to dir. 0 or -1. */
int branches_validate(struct ydoc *y, const char *dir);
/*
 * A series' value for key: its own, else the one under the top-level
 * "defaults:" (compiler and config may be given there once for all).
 */
yaml_node_t *branches_get(struct ydoc *y, yaml_node_t *series, const char *key);

#endif
