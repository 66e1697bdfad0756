/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_JOIN_H
#define SG_JOIN_H

/*
 * dir/results.tsv from dir/plan, dir/policy, dir/shards (if any) and the
 * units' boots rows (dir/rows/NNN, dir/cross-rows/NNN) with the verdicts
 * files they name; 0, or -1 after saying why on stderr.
 */
int join_run(const char *dir);

#endif
