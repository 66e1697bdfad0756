// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"
#include "mix.h"
#include "setuptime.h"

/* Runs argv with stdin from /dev/null and stdout, stderr to out (a fd). */
static int run_to(const char *const argv[], int out)
{
	int status, fd;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		fd = open("/dev/null", O_RDONLY);
		if (fd >= 0)
			dup2(fd, 0);
		dup2(out, 1);
		dup2(out, 2);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int sg_run(const char *const argv[])
{
	return run_to(argv, 1);
}

int sg_run_output(const char *const argv[], const char *path)
{
	int fd, rc;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	rc = run_to(argv, fd);
	close(fd);
	return rc;
}

int sg_make_file(const char *path, uint64_t bytes)
{
	int fd, ret = -1;

	sg_setup_begin();
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd >= 0) {
		ret = ftruncate(fd, bytes);
		close(fd);
	}
	sg_setup_end();
	return ret;
}

/*
 * Before 4.4 a loop device gets its discard limits only when its status
 * is set (loop_config_discard() is called from loop_set_status()), so
 * LOOP_SET_FD alone leaves it, and an md array over it, without discard.
 */
static int loop_set_status(int loop, const char *file)
{
	struct loop_info64 info;

	memset(&info, 0, sizeof(info));
	snprintf((char *)info.lo_file_name, sizeof(info.lo_file_name), "%s", file);
	return ioctl(loop, LOOP_SET_STATUS64, &info);
}

static int loop_attach(const char *file, char *dev, size_t len)
{
	int ctl, fd, loop, nr;

	ctl = open("/dev/loop-control", O_RDWR);
	if (ctl < 0)
		return -1;
	nr = ioctl(ctl, LOOP_CTL_GET_FREE);
	close(ctl);
	if (nr < 0)
		return -1;
	snprintf(dev, len, "/dev/loop%d", nr);
	fd = open(file, O_RDWR);
	if (fd < 0)
		return -1;
	loop = open(dev, O_RDWR);
	if (loop < 0) {
		close(fd);
		return -1;
	}
	nr = ioctl(loop, LOOP_SET_FD, fd);
	close(fd);
	if (!nr && loop_set_status(loop, file))
		nr = -1;
	close(loop);
	return nr;
}

int sg_loop_attach(const char *file, char *dev, size_t len)
{
	int ret;

	sg_setup_begin();
	ret = loop_attach(file, dev, len);
	sg_setup_end();
	return ret;
}

int sg_loop_detach(const char *dev)
{
	int fd, ret = -1;

	sg_setup_begin();
	fd = open(dev, O_RDWR);
	if (fd >= 0) {
		ret = ioctl(fd, LOOP_CLR_FD, 0);
		close(fd);
	}
	sg_setup_end();
	return ret;
}

int sg_mount(const char *dev, const char *dir, const char *opts)
{
	int ret;

	sg_setup_begin();
	ret = mount(dev, dir, "ext4", 0, opts);
	sg_setup_end();
	return ret;
}

int sg_write_str(const char *path, const char *str)
{
	size_t len = strlen(str);
	int fd, ret;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ret = write(fd, str, len) == (ssize_t)len ? 0 : -1;
	close(fd);
	return ret;
}

int sg_drop_caches(void)
{
	sync();
	return sg_write_str("/proc/sys/vm/drop_caches", "3\n");
}

int sg_read_str(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int sg_read_u64(const char *path, uint64_t *val)
{
	char buf[64], *end;

	if (sg_read_str(path, buf, sizeof(buf)))
		return -1;
	*val = strtoull(buf, &end, 10);
	return end == buf ? -1 : 0;
}

void *sg_alloc(size_t bytes)
{
	void *p;

	if (posix_memalign(&p, 4096, bytes ? bytes : 1))
		return NULL;
	memset(p, 0, bytes);
	return p;
}

int sg_pwrite_full(int fd, const void *buf, size_t len, uint64_t off)
{
	while (len) {
		ssize_t n = pwrite(fd, buf, len, off);

		if (n <= 0)
			return -1;
		buf = (const char *)buf + n;
		len -= n;
		off += n;
	}
	return 0;
}

int sg_pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	while (len) {
		ssize_t n = pread(fd, buf, len, off);

		if (n <= 0)
			return -1;
		buf = (char *)buf + n;
		len -= n;
		off += n;
	}
	return 0;
}

static int fd_bytes(int fd, uint64_t *bytes)
{
	struct stat st;
	off_t end;

	if (fstat(fd, &st))
		return -1;
	if (!S_ISBLK(st.st_mode)) {
		*bytes = st.st_size;
		return 0;
	}
	end = lseek(fd, 0, SEEK_END);
	if (end < 0)
		return -1;
	*bytes = end;
	return ioctl(fd, BLKFLSBUF, 0);
}

int sg_dev_bytes(const char *path, uint64_t *bytes)
{
	int fd = open(path, O_RDONLY), ret;

	if (fd < 0)
		return -1;
	ret = fd_bytes(fd, bytes);
	close(fd);
	return ret;
}

void *sg_slurp(const char *path, size_t *len)
{
	uint64_t bytes;
	void *buf;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	if (fd_bytes(fd, &bytes) || !(buf = sg_alloc(bytes))) {
		close(fd);
		return NULL;
	}
	if (sg_pread_full(fd, buf, bytes, 0)) {
		free(buf);
		buf = NULL;
	}
	close(fd);
	*len = bytes;
	return buf;
}

uint64_t sg_rand(uint64_t *state)
{
	return sg_mix64(*state += SG_GOLDEN);
}
