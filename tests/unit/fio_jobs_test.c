// SPDX-License-Identifier: GPL-2.0
/*
 * A one-array profile written out as one run over every array
 * (verify/common/fio_jobs.c): each job once per array, named after it,
 * [global]'s lines in each job, the array's numbers in place of
 * ${SG_NAME}, stonewall once per step; and a name the check does not
 * set is an error that names the job file and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../verify/common/fio.h"
#include "check.h"

static const char profile[] =
	"; a comment\n"
	"[global]\n"
	"filename=${SG_DEV}\n"
	"\n"
	"[fill]\n"
	"offset=${SG_OFF}\n"
	"[trim]\n"
	"stonewall\n"
	"rw=trim\n"
	"[trim-more]\n"
	"rw=trim\n"
	"[verify]\n"
	"stonewall\n"
	"rw=read\n";

static const char want[] =
	"[fill-md0]\nfilename=/dev/md0\noffset=4096\n"
	"[fill-md1]\nfilename=/dev/md1\noffset=8192\n"
	"[trim-md0]\nfilename=/dev/md0\nstonewall\nrw=trim\n"
	"[trim-more-md0]\nfilename=/dev/md0\nrw=trim\n"
	"[trim-md1]\nfilename=/dev/md1\nrw=trim\n"
	"[trim-more-md1]\nfilename=/dev/md1\nrw=trim\n"
	"[verify-md0]\nfilename=/dev/md0\nstonewall\nrw=read\n"
	"[verify-md1]\nfilename=/dev/md1\nrw=read\n";

static int write_run(const char *text, struct fio_vars *v, int n, char *out,
		     size_t outlen, char *why, size_t len)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	FILE *o = fmemopen(out, outlen, "w");
	int ret;

	memset(out, 0, outlen);
	ret = fio_jobs_write(in, "p.fio", v, n, o, why, len);
	fclose(in);
	fclose(o);
	return ret;
}

static void array(struct fio_vars *v, int i, unsigned int off)
{
	char dev[16];

	memset(v, 0, sizeof(*v));
	snprintf(v->tag, sizeof(v->tag), "md%d", i);
	snprintf(dev, sizeof(dev), "/dev/md%d", i);
	fio_var_str(v, "DEV", dev);
	fio_var(v, "OFF", off);
}

int main(void)
{
	static char out[8192];
	struct fio_vars v[2];
	char why[512] = "";

	array(&v[0], 0, 4096);
	array(&v[1], 1, 8192);
	EXPECT(!write_run(profile, v, 2, out, sizeof(out), why, sizeof(why)), "%s", why);
	EXPECT(!strcmp(out, want), "run:\n%s", out);

	/* One array: the profile as it is, but for the names. */
	EXPECT(!write_run(profile, v, 1, out, sizeof(out), why, sizeof(why)), "%s", why);
	EXPECT(strstr(out, "[trim-more-md0]") && !strstr(out, "md1"), "one:\n%s", out);

	/* A number the check did not hand over. */
	v[1].n = 1;
	EXPECT(write_run(profile, v, 2, out, sizeof(out), why, sizeof(why)), "unset OFF");
	EXPECT(!strcmp(why, "p.fio:6: a ${SG_...} the check does not set: offset=${SG_OFF}"),
	       "unset: %s", why);
	EXPECT(write_run("rw=read\n", v, 1, out, sizeof(out), why, sizeof(why)) &&
	       !strcmp(why, "p.fio:1: an option before any section"), "no section: %s", why);
	EXPECT(write_run("[global]\nrw=read\n", v, 1, out, sizeof(out), why, sizeof(why)) &&
	       !strcmp(why, "p.fio: no job"), "no job: %s", why);
	return test_failures ? 1 : 0;
}
