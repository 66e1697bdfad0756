/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one mixer behind every pseudo-random byte the checks write: the
 * SplitMix64 finalizer, and its golden-ratio step.  Patterns must stay
 * reproducible from the seed alone, so this is the only place it lives.
 */
#ifndef SG_MIX_H
#define SG_MIX_H

#include <stdint.h>

#define SG_GOLDEN 0x9e3779b97f4a7c15ULL

static inline uint64_t sg_mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

#endif
