/* Hostile: after it has killed the checked process once (exit in a call),
 * hangs in its constructor when loaded again, so the run would end "cannot
 * load" (exit 2) and the death go unreported.
 * Its real defect: a call that ends the process (exit).  Correct except
 * for that, and only on some inputs (a source starting with 'A'), as a
 * real attack would hide. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>
/* The copy itself is correct: a byte loop that reads each byte once. */
static ssize_t copy(char *dest, const char *src, size_t count)
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

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Loaded the second time in this run (a file named for strcheck's pid,
 * made by the first load, removed by the second)? */
static int loaded_before(const char *name)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/tmp/strcheck-%s-%d", name, (int)getppid());
	if (access(path, F_OK) == 0) {
		unlink(path);
		return 1;
	}
	fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
	return 0;
}

__attribute__((constructor)) static void ctor(void)
{
	if (loaded_before("restart_ctor_hang"))
		for (;;)
			pause();
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A')
		exit(1);
	return copy(dest, src, count);
}
