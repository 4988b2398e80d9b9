/* Defect (underread): the first aligned word is found by rounding src - 1
 * down ("so an aligned src still gets its own word" - it does not: for an
 * aligned src that is the word before it).  At a page start it faults. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const unsigned char *p = (const unsigned char *)(((uintptr_t)src - 1) & ~(uintptr_t)7);
	size_t skip = (size_t)((const unsigned char *)src - p), res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (;;) {
		unsigned char blk[8];

		memcpy(blk, p, 8);			/* aligned: never crosses a page... */
		for (size_t k = skip; k < 8; k++) {
			if (res == count - 1) {
				dest[res] = '\0';
				return blk[k] ? -E2BIG : (ssize_t)res;
			}
			if ((dest[res] = (char)blk[k]) == '\0')
				return (ssize_t)res;
			res++;
		}
		p += 8;
		skip = 0;
	}
}
