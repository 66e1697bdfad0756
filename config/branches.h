/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one reader of branches.yaml: every C program that needs its facts
 * (sgconf, relnotes) opens it here, so each gets it validated against the
 * same schema (validate.c) and the same errors.
 */
#ifndef SG_BRANCHES_H
#define SG_BRANCHES_H

#include <stddef.h>

#include "yamldoc.h"

/*
 * Loads and validates path; dir gets the folder paths in it are relative
 * to.  Errors go to stderr as file:line, then "path: N errors"; -1.
 */
int branches_open(struct ydoc *y, const char *path, char *dir, size_t len);
/* dir/rel into buf (a path branches.yaml gives, from its folder dir); NULL for no rel. */
const char *branches_file(const char *dir, const char *rel, char *buf, size_t len);
/* The series' mapping, or NULL with "path: no series" on stderr. */
yaml_node_t *branches_series(struct ydoc *y, const char *name);
/* Whether name is one of the top-level checks:. */
int branches_is_check(struct ydoc *y, const char *name);
/*
 * The outcome check must have on variant: what its expect: lists (FAIL),
 * else PASS, the rule; NULL when check is not one of checks:.  Every
 * reader of a variant's expectations asks here, so that none reads a
 * check left out as "no expectation".
 */
const char *branches_expect(struct ydoc *y, yaml_node_t *variant, const char *check);

#endif
