// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "yamldoc.h"

int ydoc_load(struct ydoc *y, const char *path)
{
	yaml_parser_t parser;
	FILE *f;
	int ok;

	memset(y, 0, sizeof(*y));
	y->path = path;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open\n", path);
		return -1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	ok = yaml_parser_load(&parser, &y->doc);
	if (!ok)
		fprintf(stderr, "%s:%zu: %s %s\n", path,
			parser.problem_mark.line + 1,
			parser.problem ? parser.problem : "syntax error",
			parser.context ? parser.context : "");
	yaml_parser_delete(&parser);
	fclose(f);
	if (ok && !yaml_document_get_root_node(&y->doc)) {
		fprintf(stderr, "%s:1: empty document\n", path);
		yaml_document_delete(&y->doc);
		ok = 0;
	}
	return ok ? 0 : -1;
}

void ydoc_free(struct ydoc *y)
{
	yaml_document_delete(&y->doc);
}

yaml_node_t *ydoc_root(struct ydoc *y)
{
	return yaml_document_get_root_node(&y->doc);
}

int ydoc_line(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 0;
}

void ydoc_err(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: ", y->path, ydoc_line(n));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	y->errors++;
}

int ydoc_is_map(const yaml_node_t *n)
{
	return n && n->type == YAML_MAPPING_NODE;
}

int ydoc_is_seq(const yaml_node_t *n)
{
	return n && n->type == YAML_SEQUENCE_NODE;
}

const char *ydoc_str(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)n->data.scalar.value;
}

int ydoc_len(const yaml_node_t *n)
{
	if (ydoc_is_seq(n))
		return n->data.sequence.items.top - n->data.sequence.items.start;
	if (ydoc_is_map(n))
		return n->data.mapping.pairs.top - n->data.mapping.pairs.start;
	return 0;
}

yaml_node_t *ydoc_item(struct ydoc *y, yaml_node_t *seq, int i)
{
	if (!ydoc_is_seq(seq) || i < 0 || i >= ydoc_len(seq))
		return NULL;
	return yaml_document_get_node(&y->doc, seq->data.sequence.items.start[i]);
}

yaml_node_t *ydoc_key(struct ydoc *y, yaml_node_t *map, int i)
{
	if (!ydoc_is_map(map) || i < 0 || i >= ydoc_len(map))
		return NULL;
	return yaml_document_get_node(&y->doc, map->data.mapping.pairs.start[i].key);
}

yaml_node_t *ydoc_value(struct ydoc *y, yaml_node_t *map, int i)
{
	if (!ydoc_is_map(map) || i < 0 || i >= ydoc_len(map))
		return NULL;
	return yaml_document_get_node(&y->doc, map->data.mapping.pairs.start[i].value);
}

yaml_node_t *ydoc_get(struct ydoc *y, yaml_node_t *map, const char *key)
{
	int i;

	for (i = 0; i < ydoc_len(map); i++) {
		const char *k = ydoc_str(ydoc_key(y, map, i));

		if (k && !strcmp(k, key))
			return ydoc_value(y, map, i);
	}
	return NULL;
}
