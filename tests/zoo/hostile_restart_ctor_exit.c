/* Hostile: after it has killed the checked process once (a hang with its
 * signals blocked), exits in its constructor when loaded again, so the run
 * would end "cannot load" (exit 2) and the hang go unreported.
 * Its real defect: a call that hangs.  Correct except for that, and only
 * on some inputs (a source starting with 'A'), as a real attack would
 * hide. */
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
#include <sys/ipc.h>
#include <sys/sem.h>
#include <unistd.h>

/* Loaded the second time in this run?  A semaphore set keyed by
 * strcheck's pid, made by the first load, removed by the second (no file:
 * the sandbox refuses a constructor's open to write). */
static int loaded_before(const char *name)
{
	unsigned h = (unsigned)getppid();
	key_t key;
	int id;

	for (const char *c = name; *c; c++)
		h = h * 31 + (unsigned char)*c;
	key = (key_t)(h & 0x7fffffff);
	id = semget(key, 1, IPC_CREAT | IPC_EXCL | 0600);
	if (id >= 0)
		return 0;
	id = semget(key, 1, 0600);
	if (id >= 0)
		semctl(id, 0, IPC_RMID);
	return 1;
}

__attribute__((constructor)) static void ctor(void)
{
	if (loaded_before("restart_ctor_exit"))
		exit(0);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		sigset_t all;

		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		for (;;)
			;
	}
	return copy(dest, src, count);
}
