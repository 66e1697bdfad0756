/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sgline: finding the guest protocol's records (verify/common/protocol.h)
 * in a serial log's lines, for every host reader of them (logread,
 * guesttimes).
 */
#ifndef SG_SGLINE_H
#define SG_SGLINE_H

/* The record on this console line (after a timestamp or stray prefix), or NULL. */
const char *sgline_record(const char *line);
/* The record's arguments: after "KIND ", or NULL if it is not of that kind. */
const char *sgline_kind(const char *record, const char *what);
/* The number after " key" in args (key ends in '='); 0 if there is none. */
int sgline_number(const char *args, const char *key, double *val);

#endif
