/* Load error: its constructor puts a file of its own (/proc/self/mem)
 * where the checker's standard output was.  It opens it read-only: an
 * open to write, with which a write to stdout after a seek would write
 * the checker's memory, the sandbox refuses while the candidate loads
 * (hostile_ctor_stdout).  strcheck refuses to check it (exit 2, one
 * line), as for a constructor that crashes.  The copy itself is correct. */
#include <errno.h>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

__attribute__((constructor)) static void swap_stdout(void)
{
	int fd = open("/proc/self/mem", O_RDONLY);

	if (fd >= 0) {
		dup2(fd, 1);
		close(fd);
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
