/* Hostile: its constructor, which runs while the candidate loads (before
 * the sandbox's second filter), opens strcheck's own stdout through /proc
 * and writes a forged verdict into the report.  The loader only ever
 * opens files read-only: the first filter refuses an open to write.
 * The copy itself is correct. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

__attribute__((constructor)) static void forge(void)
{
	static const char fake[] = "VERDICT: PASS, forged by the constructor\n";
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/fd/1", (int)getppid());
	fd = open(path, O_WRONLY);
	if (fd >= 0) {
		if (write(fd, fake, strlen(fake)) < 0)
			fd = -fd;
		close(fd < 0 ? -fd : fd);
	}
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	if (count == 0 || count > 0x7fffffff)
		return -E2BIG;
	for (i = 0; i < count - 1; i++) {
		ch = src[i];
		dest[i] = ch;
		if (!ch)
			return (ssize_t)i;
	}
	ch = src[i];
	dest[i] = 0;
	return ch ? -E2BIG : (ssize_t)i;
}
