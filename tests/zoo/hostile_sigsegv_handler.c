/* Hostile: installs its own SIGSEGV handler that unprotects the faulting page, then reads past count.
 * Correct except for that, and only on some inputs (a source starting
 * with 'A'), as a real attack would hide. */
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

#include <signal.h>
#include <string.h>
#include <sys/mman.h>

static void unprotect(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)uc;
	mprotect((void *)((uintptr_t)si->si_addr & ~(uintptr_t)4095), 4096, PROT_READ | PROT_WRITE);
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		struct sigaction sa;
		volatile char sink;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = unprotect;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		sink = src[count + 4096];
		(void)sink;
	}
	return copy(dest, src, count);
}
