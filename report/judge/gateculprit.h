/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A gate's culprit (report --culprit RUN): the queue's patch its
 * bisection (RUN/bisect) named, found among the queue's entries
 * (RUN/entries) by its commit, and whether the bisection's three
 * verifications held (bisectrun.c judges them).
 */
#ifndef SG_GATECULPRIT_H
#define SG_GATECULPRIT_H

/*
 * RUN/culprit (run file kind culprit); its line on stdout.  0; 1 when the
 * bisection named no patch of the queue; 2 on bad input.
 */
int gate_culprit(const char *run);

#endif
