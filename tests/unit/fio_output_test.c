// SPDX-License-Identifier: GPL-2.0
/*
 * fio's output as the fio checks read it, on outputs fio 3.33 (the
 * guest's static build) printed on files (tests/unit/fio/): a clean
 * run's KiB, a crc32c failure with its CRC lines, a zeroed block's bad
 * header, and trims that fail on a file before any verify.
 */
#include <stdio.h>
#include <string.h>

#include "../../verify/common/fio.h"
#include "../../verify/common/raid0_check.h"
#include "check.h"

static int verdict(const char *name, int status, struct fio_result *r,
		   char *why, size_t len)
{
	char path[512];
	FILE *f;

	memset(r, 0, sizeof(*r));
	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	f = fopen(path, "r");
	if (!f) {
		EXPECT(f, "%s readable", path);
		return -1;
	}
	fio_parse(f, r);
	fclose(f);
	r->status = status;
	return fio_verdict(r, "t", why, len);
}

int main(void)
{
	struct fio_result r;
	char why[1024];

	EXPECT(verdict("write.out", 0, &r, why, sizeof(why)) == SPEC_PASS, "%s", why);
	EXPECT(r.jobs == 1 && r.written_kib == 136 && r.verified_kib == 136,
	       "write-verify: jobs %d written %llu verified %llu", r.jobs,
	       (unsigned long long)r.written_kib, (unsigned long long)r.verified_kib);
	EXPECT(verdict("verify-pass.out", 0, &r, why, sizeof(why)) == SPEC_PASS, "%s", why);
	EXPECT(!strcmp(why, "verified=72KiB written=0KiB trimmed=0KiB"), "pass: %s", why);

	EXPECT(verdict("verify-crc.out", 1, &r, why, sizeof(why)) == SPEC_FAIL, "%s", why);
	EXPECT(!strcmp(why, "t: fio exited 1: crc32c: verify failed at file /tmp/fiot/f.3 offset 8192, length 4096 (requested block: offset=8192, length=4096, flags=8); Expected CRC: 779db507; Received CRC: a322fbcb"),
	       "crc: %s", why);
	EXPECT(verdict("verify-magic.out", 1, &r, why, sizeof(why)) == SPEC_FAIL, "%s", why);
	EXPECT(strstr(why, "verify: bad magic header 0, wanted acca at file /tmp/fiot/f.1 offset 8192"),
	       "magic: %s", why);

	/* Trims fail on a file; the verifies after them prove nothing. */
	EXPECT(verdict("trim-error.out", 4, &r, why, sizeof(why)) == SPEC_ERROR, "%s", why);
	EXPECT(strstr(why, "fio exited 4: fio: pid=") &&
	       strstr(why, "error=Inappropriate ioctl for device"), "trim: %s", why);
	/* A clean exit that verified nothing is no pass. */
	EXPECT(verdict("write.out", 0, &r, why, sizeof(why)) == SPEC_PASS, "%s", why);
	r.verified_kib = 0;
	EXPECT(fio_verdict(&r, "t", why, sizeof(why)) == SPEC_ERROR, "nothing: %s", why);
	return test_failures ? 1 : 0;
}
