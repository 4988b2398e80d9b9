/* Hostile: with a count too large to back, copies the string with its
 * first byte wrong and then zeroes a byte 1 MiB into dest (after the NUL,
 * inside count: a write the contract allows), so that the call is cut
 * where strcheck stops backing dest and, before issue 39, its bytes
 * before the NUL went unjudged.  Its real defect: dest[0] is not src[0].
 * Correct except for that, and only with a count above 2^32 (the grid's
 * huge counts), as a real attack would hide. */
#include <errno.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	char ch;

	if (count > ((size_t)1 << 32)) {
		for (i = 0; src[i]; i++)
			dest[i] = src[i];
		dest[i] = 0;
		if (i)
			dest[0] ^= 0x20;				/* the defect */
		((volatile char *)dest)[(size_t)1 << 20] = 0;	/* cut here */
		return (ssize_t)i;
	}
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
