// SPDX-License-Identifier: GPL-2.0
/*
 * e2fsck -fn after an ext4 check (fsfile_fsck), on an image file: clean
 * says nothing; a cleared root inode is a complaint named by e2fsck's
 * first line past its banner; a missing device is no complaint but an
 * e2fsck that could not run.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../verify/common/fsfile.h"
#include "../../verify/common/guest.h"
#include "check.h"

int main(int argc, char **argv)
{
	const char *img = argv[1];
	const char *clri[] = { "debugfs", "-w", "-R", "clri <2>", img, NULL };
	char why[1024], want[600];

	if (argc != 2)
		return 2;
	EXPECT(!sg_make_file(img, 32 << 20) && !fsfile_mkfs(img, 4096), "mkfs on %s", img);
	why[0] = '\0';
	EXPECT(fsfile_fsck(img, why, sizeof(why)) == 0, "clean: %s", why);

	EXPECT(sg_run(clri) == 0, "debugfs clri <2>");
	EXPECT(fsfile_fsck(img, why, sizeof(why)) == FSCK_COMPLAINT, "complaint: %s", why);
	snprintf(want, sizeof(want), "e2fsck -fn %s exited 12: Root inode is not a directory.", img);
	EXPECT(!strncmp(why, want, strlen(want)), "first line: %s", why);

	EXPECT(fsfile_fsck("/nonexistent/sg-fsck", why, sizeof(why)) == FSCK_NOT_RUN,
	       "missing: %s", why);
	EXPECT(strstr(why, "exited 8: "), "missing: %s", why);
	unlink(img);
	return test_failures ? 1 : 0;
}
