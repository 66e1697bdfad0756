/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers over a libyaml document, with file:line error reports. */
#ifndef SG_YAMLDOC_H
#define SG_YAMLDOC_H

#include <yaml.h>

struct ydoc {
	const char *path;
	yaml_document_t doc;
	int errors;
};

/* Loads path; on a syntax error prints file:line and returns -1. */
int ydoc_load(struct ydoc *y, const char *path);
void ydoc_free(struct ydoc *y);
yaml_node_t *ydoc_root(struct ydoc *y);
int ydoc_line(const yaml_node_t *n);
void ydoc_err(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

int ydoc_is_map(const yaml_node_t *n);
int ydoc_is_seq(const yaml_node_t *n);
/* The scalar's text, or NULL if n is not a scalar. */
const char *ydoc_str(const yaml_node_t *n);
yaml_node_t *ydoc_get(struct ydoc *y, yaml_node_t *map, const char *key);
int ydoc_len(const yaml_node_t *n);
/* i-th item of a sequence, or i-th key / value of a mapping. */
yaml_node_t *ydoc_item(struct ydoc *y, yaml_node_t *seq, int i);
yaml_node_t *ydoc_key(struct ydoc *y, yaml_node_t *map, int i);
yaml_node_t *ydoc_value(struct ydoc *y, yaml_node_t *map, int i);

#endif
