/* Defect (race): a page-end path for the last 256 bytes of a source page.
 * Far from a page end the copy takes 64-byte blocks, each loaded once
 * (into a buffer, searched and stored from there); in the last 64 bytes of a
 * page, a byte loop.  Between them (65 to 256 bytes before the page end)
 * a block that holds the NUL is found with memchr and then copied with
 * memcpy: read twice.  Trigger: a NUL 65..255 bytes before a page end,
 * in a block reached by the loop, turned into a non-NUL (or a byte before
 * it turned NUL) between the search and the copy. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define PAGE 4096
#define BLOCK 64

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (res + 1 < count) {
		size_t left = PAGE - ((uintptr_t)(src + res) & (PAGE - 1));
		char c;

		if (left > BLOCK && count - res > BLOCK) {
			const char *nul;

			if (left > 256) {
				char b[BLOCK];
				size_t n;

				memcpy(b, src + res, BLOCK);	/* one load */
				nul = memchr(b, 0, BLOCK);
				n = nul ? (size_t)(nul - b) + 1 : BLOCK;
				memcpy(dest + res, b, n);
				if (nul)
					return (ssize_t)(res + n - 1);
				res += BLOCK;
				continue;
			}
			nul = memchr(src + res, 0, BLOCK);	/* the first read */
			if (nul) {
				size_t n = (size_t)(nul - (src + res));

				memcpy(dest + res, src + res, n + 1);	/* the second */
				return (ssize_t)(res + n);
			}
			memcpy(dest + res, src + res, BLOCK);
			res += BLOCK;
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
