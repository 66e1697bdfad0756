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

/* What one array of a run gave, and a piece of its why ("" for any). */
struct array_case {
	const char *fixture, *tag;
	int want;
	const char *why;
};

static const struct array_case cases[] = {
	/* a1's block 2 zeroed: a1 fails, a0 verified all it had. */
	{ "arrays-verify.out", "a0", SPEC_PASS, "verified=64KiB" },
	{ "arrays-verify.out", "a1", SPEC_FAIL,
	  "a1: fio exited 1: verify: bad magic header 0, wanted acca at file /tmp/fiot/a1 offset 8192" },
	/* Both fail; a0's "fio: pid=N, err=84" comes before a1's failure. */
	{ "arrays-both-fail.out", "a1", SPEC_FAIL, "at file /tmp/fiot/a1 offset 8192" },
	{ "arrays-both-fail.out", "a0", SPEC_FAIL, "at file /tmp/fiot/a0 offset 20480" },
	/*
	 * a0's failure in fio's two writes with a1's between them (made
	 * from the output above): a0's second half still names it.
	 */
	{ "arrays-split-lines.out", "a0", SPEC_FAIL,
	  "a0: fio exited 1:  at file /tmp/fiot/a0 offset 20480" },
	{ "arrays-split-lines.out", "a1", SPEC_FAIL, "at file /tmp/fiot/a1" },
	/* a0's trims fail on a file and name no file: fio's line is a0's error. */
	{ "arrays-trim-error.out", "a0", SPEC_ERROR, "error=Inappropriate ioctl for device" },
	{ "arrays-trim-error.out", "a1", SPEC_PASS, "" },
	/* No job of the array in the output: fio did not run it. */
	{ "arrays-verify.out", "a2", SPEC_ERROR, "a2: fio exited 1: " },
};

static void arrays(void)
{
	const struct array_case *c;
	struct fio_result r;
	char why[1024];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		c = &cases[i];
		EXPECT(array_verdict(c->fixture, 1, c->tag, &r, why, sizeof(why)) == c->want &&
		       strstr(why, c->why), "%s %s: %s", c->fixture, c->tag, why);
	}
	array_verdict("arrays-verify.out", 1, "a0", &r, why, sizeof(why));
	EXPECT(r.jobs == 1 && !r.status, "a0: jobs %d status %d", r.jobs, r.status);
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
