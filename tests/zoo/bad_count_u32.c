/* Defect (retval): the count is kept in an unsigned int, as in a copy
 * routine ported from an API whose sizes were 32 bits.  Every count below
 * 2^32 works; 2^32 + 5 becomes 5, so a 10-byte string is cut to 4 bytes and
 * -E2BIG comes back, where the contract wants the whole string copied (or,
 * above INT_MAX, -E2BIG with nothing written). */
#include <errno.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	unsigned int n = (unsigned int)count;  /* the defect: 64 bits into 32 */
	unsigned int i;

	if (n == 0)
		return -E2BIG;
	for (i = 0; i < n - 1; i++) {
		char c = src[i];

		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] == '\0' ? (ssize_t)i : -E2BIG;
}
