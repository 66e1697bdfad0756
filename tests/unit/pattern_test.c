// SPDX-License-Identifier: GPL-2.0
/* Pattern encode/decode: round trip, zeros, torn and foreign sectors. */
#include <string.h>

#include "../../verify/common/pattern.h"
#include "check.h"

int main(void)
{
	unsigned char buf[4 * SG_SECTOR_SIZE], one[SG_SECTOR_SIZE];
	struct pattern_tag tag;
	char what[160];
	int i;

	pattern_fill_range(buf, 42, 3, 1000, 4);
	for (i = 0; i < 4; i++) {
		EXPECT(pattern_decode(buf + i * SG_SECTOR_SIZE, 42, &tag) == PATTERN_OK,
		       "sector %d decodes", i);
		EXPECT(tag.sector == 1000u + i && tag.gen == 3, "tag of sector %d", i);
	}
	EXPECT(memcmp(buf, buf + SG_SECTOR_SIZE, SG_SECTOR_SIZE), "sectors differ");

	memset(one, 0, sizeof(one));
	EXPECT(pattern_decode(one, 42, &tag) == PATTERN_ZERO, "zeros");

	pattern_fill(one, 42, 1, 7);
	one[300] ^= 1;
	EXPECT(pattern_decode(one, 42, &tag) == PATTERN_TORN, "one flipped bit is torn");

	pattern_fill(one, 41, 1, 7);
	EXPECT(pattern_decode(one, 42, &tag) == PATTERN_FOREIGN, "other seed");

	memset(one, 0xa5, sizeof(one));
	EXPECT(pattern_decode(one, 42, &tag) == PATTERN_GARBAGE, "garbage");

	pattern_fill(one, 42, 2, 123456789);
	pattern_describe(one, 42, what, sizeof(what));
	EXPECT(!strcmp(what, "data of array sector 123456789 gen 2"), "describe: %s", what);
	return test_failures ? 1 : 0;
}
