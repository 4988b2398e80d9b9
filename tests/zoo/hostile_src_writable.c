/* Hostile: makes the read-only source writable, writes it and restores it.
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
		void *page = (void *)((uintptr_t)src & ~(uintptr_t)4095);

		mprotect(page, 4096, PROT_READ | PROT_WRITE);
		((char *)src)[0] = 'A';  /* a write to src: faults unless unprotected */
		mprotect(page, 4096, PROT_READ);
	}
	return copy(dest, src, count);
}
