/* Defect (race): a block path for buffers co-aligned on a 64-byte line.
 * When src and dest share their offset modulo 64 and count is 256 or
 * more, the bytes up to src's next line go one at a time and then each
 * line below count is searched for the NUL (memchr) and copied (memcpy):
 * every byte of the lines is read twice.  Every other case is a byte loop
 * that reads each byte once.  Trigger: (src - dest) % 64 == 0, count >=
 * 256, a byte of a line turned NUL between the search and the copy. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define LINE 64

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;
	int lines = count >= 256 && (((uintptr_t)src ^ (uintptr_t)dest) & (LINE - 1)) == 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (res + 1 < count) {
		char c;

		if (lines && ((uintptr_t)(src + res) & (LINE - 1)) == 0 && count - res > LINE) {
			const char *nul = memchr(src + res, 0, LINE);	/* the first read */

			if (nul) {
				size_t n = (size_t)(nul - (src + res));

				memcpy(dest + res, src + res, n + 1);	/* the second */
				return (ssize_t)(res + n);
			}
			memcpy(dest + res, src + res, LINE);
			res += LINE;
			continue;
		}
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
