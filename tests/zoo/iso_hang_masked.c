/* Not a manifest entry: an isolation fixture.  On one shape of case it
 * blocks every signal and spins, so the in-process watchdog cannot stop
 * it; the supervisor must kill the child, report a hang and resume. */
#include <errno.h>
#include <stdint.h>
#include <signal.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 8201 && ((uintptr_t)src & 4095) == 0) {
		sigset_t all;

		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, NULL);
		for (;;)
			;
	}
	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count - 1 && src[i]; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
