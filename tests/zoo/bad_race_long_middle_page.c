/* Defect (race): past the first 12 KiB, whole source pages are measured
 * and then copied.  A byte loop reads each byte once; but once 12 KiB are
 * copied, each page that starts at the next source byte and lies wholly
 * below count is measured with strnlen and, when it holds no NUL, copied
 * with memcpy (a long string's middle pages, "at memcpy's pace"): its
 * bytes are read twice.  The page holding the NUL goes on byte by byte.
 * Trigger: a string over 12 KiB and two pages, a byte of a whole middle
 * page turned NUL between the measure and the copy. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define PAGE 4096

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (res + 1 < count) {
		char c;

		if (res >= 3 * PAGE && ((uintptr_t)(src + res) & (PAGE - 1)) == 0 &&
		    count - res > PAGE && strnlen(src + res, PAGE) == PAGE) {
			memcpy(dest + res, src + res, PAGE);	/* the second read */
			res += PAGE;
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
