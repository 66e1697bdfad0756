/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SG_REPLY_H
#define SG_REPLY_H

/*
 * report --reply RUN SERIES RELEASE PATCHES TESTER: RUN/reply.eml, the
 * reply to "[PATCH SERIES 000/PATCHES] RELEASE-stable review" from RUN's
 * gate.tsv (report --compare) and results.tsv; its path printed.  0, or 2
 * on bad input, said.
 */
int reply_write(const char *run, const char *series, const char *release, int patches,
		const char *tester);

#endif
