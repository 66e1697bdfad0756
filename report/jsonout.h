/* SPDX-License-Identifier: GPL-2.0 */
/* JSON output shared by the report tools. */
#ifndef SG_JSONOUT_H
#define SG_JSONOUT_H

#include <stdio.h>

/* s as a JSON string, quotes included. */
void json_str(FILE *f, const char *s);

#endif
