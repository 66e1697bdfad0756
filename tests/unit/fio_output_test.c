// SPDX-License-Identifier: GPL-2.0
/*
 * fio's output as the fio checks read it, on outputs fio 3.33 (the
 * guest's static build) printed on files (tests/unit/fio/): a clean
 * run's KiB, a crc32c failure with its CRC lines, a zeroed block's bad
 * header, and trims that fail on a file before any verify; and a run
 * over two arrays (files a0 and a1) read back for each array.
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

/* One array of a run over a0 and a1 (fio_parse_array). */
static int array_verdict(const char *name, int status, const char *tag,
			 struct fio_result *r, char *why, size_t len)
{
	struct fio_vars v;
	char path[512];
	FILE *f;

	memset(&v, 0, sizeof(v));
	snprintf(v.tag, sizeof(v.tag), "%s", tag);
	snprintf(v.where, sizeof(v.where), "/tmp/fiot/%s", tag);
	snprintf(path, sizeof(path), "%s/%s", FIXTURES, name);
	f = fopen(path, "r");
	if (!f) {
		EXPECT(f, "%s readable", path);
		return -1;
	}
	fio_parse_array(f, &v, status, r);
	fclose(f);
	return fio_verdict(r, tag, why, len);
}

static void arrays(void)
{
	struct fio_result r;
	char why[1024];

	/* a1's block 2 zeroed: a1 fails, a0 verified all it had. */
	EXPECT(array_verdict("arrays-verify.out", 1, "a0", &r, why, sizeof(why)) == SPEC_PASS,
	       "a0: %s", why);
	EXPECT(r.jobs == 1 && r.verified_kib == 64 && !r.status, "a0: jobs %d verified %llu status %d",
	       r.jobs, (unsigned long long)r.verified_kib, r.status);
	EXPECT(array_verdict("arrays-verify.out", 1, "a1", &r, why, sizeof(why)) == SPEC_FAIL,
	       "a1: %s", why);
	EXPECT(strstr(why, "a1: fio exited 1: verify: bad magic header 0, wanted acca at file /tmp/fiot/a1 offset 8192"),
	       "a1: %s", why);
	/* Both fail; a0's "fio: pid=N, err=84" comes before a1's failure. */
	EXPECT(array_verdict("arrays-both-fail.out", 1, "a1", &r, why, sizeof(why)) == SPEC_FAIL,
	       "a1 after a0: %s", why);
	EXPECT(strstr(why, "at file /tmp/fiot/a1 offset 8192"), "a1 after a0: %s", why);
	EXPECT(array_verdict("arrays-both-fail.out", 1, "a0", &r, why, sizeof(why)) == SPEC_FAIL,
	       "a0: %s", why);
	/*
	 * a0's failure in fio's two writes with a1's between them (made
	 * from the output above): a0's second half still names it.
	 */
	EXPECT(array_verdict("arrays-split-lines.out", 1, "a0", &r, why, sizeof(why)) == SPEC_FAIL,
	       "a0 split: %s", why);
	EXPECT(strstr(why, "a0: fio exited 1:  at file /tmp/fiot/a0 offset 20480"), "a0 split: %s", why);
	EXPECT(array_verdict("arrays-split-lines.out", 1, "a1", &r, why, sizeof(why)) == SPEC_FAIL,
	       "a1 split: %s", why);
	/* a0's trims fail on a file and name no file: fio's line is a0's error. */
	EXPECT(array_verdict("arrays-trim-error.out", 1, "a0", &r, why, sizeof(why)) == SPEC_ERROR,
	       "a0 trim: %s", why);
	EXPECT(strstr(why, "error=Inappropriate ioctl for device"), "a0 trim: %s", why);
	EXPECT(array_verdict("arrays-trim-error.out", 1, "a1", &r, why, sizeof(why)) == SPEC_PASS,
	       "a1 beside the failed trim: %s", why);
	/* No job of the array in the output: fio did not run it. */
	EXPECT(array_verdict("arrays-verify.out", 1, "a2", &r, why, sizeof(why)) == SPEC_ERROR,
	       "a2: %s", why);
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
	arrays();
	return test_failures ? 1 : 0;
}
