/* Defect (race): unaligned 8-byte loads, the kernel's way, with a page-
 * crossing prologue: while the next load would cross a page boundary of
 * the source, the bytes up to the boundary are done one by one, each
 * tested by one load and copied by a second (a volatile source, as a
 * careless port of the exception-table path reads it).  Everywhere else
 * each byte is loaded once.  Trigger: a string that starts less than 8
 * bytes before a page end, and one of those bytes turned NUL between its
 * test and its copy. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
#define PAGE 4096u

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const volatile char *vs = (const volatile char *)src;
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (res + 1 < count) {
		uintptr_t at = (uintptr_t)(src + res);

		if (PAGE - (at & (PAGE - 1)) < 8) {
			/* the prologue to the page boundary */
			if (vs[res] == '\0') {
				dest[res] = '\0';
				return (ssize_t)res;
			}
			dest[res] = vs[res];	/* read again */
			res++;
			continue;
		}
		if (count - res > 8) {
			uint64_t w, z;

			__builtin_memcpy(&w, src + res, 8);
			__asm__("" : "+r"(w));
			z = (w - ONES) & ~w & HIGHS;
			if (z) {
				unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

				__builtin_memcpy(dest + res, &w, idx);
				dest[res + idx] = '\0';
				return (ssize_t)(res + idx);
			}
			__builtin_memcpy(dest + res, &w, 8);
			res += 8;
			continue;
		}
		{
			char c = vs[res];

			dest[res] = c;
			if (c == '\0')
				return (ssize_t)res;
			res++;
		}
	}
	{
		char c = vs[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
