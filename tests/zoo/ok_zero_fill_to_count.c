/* Correct (a sloppy checker flags it): strscpy that zero-fills all of dest
 * after the NUL, up to count, as some hardened libraries do so that no old
 * bytes survive in the buffer.  The default no-leak policy allows zeros
 * after the NUL; the caller promised count bytes of dest, so writing them
 * all is the contract, even for a count far above the string (2^17 + 65).
 * Like the kernel's, it refuses counts above INT_MAX without writing.
 * (Under --strict, which allows no write after the NUL, it is a leak.)
 * Each source byte is read once (the traced race check flipped the NUL
 * between the loop's test and a second read that decided the return). */
#include <errno.h>
#include <limits.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t i;
	ssize_t ret;
	char c = 1;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i < count - 1 && (c = src[i]) != '\0'; i++)
		dest[i] = c;
	ret = i < count - 1 || src[i] == '\0' ? (ssize_t)i : -E2BIG;
	for (; i < count; i++)
		dest[i] = '\0';
	return ret;
}
