/* Hostile: unguards the page after dest and writes there (past count).
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

#include <sys/mman.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	if (count > 1 && count < 4096 && src[0] == 'A') {
		uintptr_t end = ((uintptr_t)dest + count + 4095) & ~(uintptr_t)4095;

		mprotect((void *)end, 4096, PROT_READ | PROT_WRITE);
		dest[count] = 'X';  /* past count: a canary, or the guard */
	}
	return copy(dest, src, count);
}
