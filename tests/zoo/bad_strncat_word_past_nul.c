/* Defect (overwrite): a word-at-a-time strncat that borrows the kernel
 * strscpy's ending: the word holding src's NUL is stored whole, with the
 * bytes after the NUL zeroed.  strscpy may do that, its count bounds the
 * buffer; strncat has no buffer size, its contract lets it write exactly
 * dst[dlen .. dlen+k], and the caller's buffer may end right after the
 * NUL.  Loads are page-limited, so it never over-reads.
 * Trigger: src's NUL within its first n bytes, in a word that the loop
 * loads whole (at least 8 bytes of n left there) and not its last byte. */
#include <stddef.h>
#include <stdint.h>

#define PAGE 4096u
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static uint64_t load8(const void *p)
{
	uint64_t w;

	__builtin_memcpy(&w, p, 8);
	return w;
}

char *strncat(char *dst, const char *src, size_t n)
{
	char *d = dst;
	size_t max = PAGE - ((uintptr_t)src & (PAGE - 1));

	while (*d != '\0')
		d++;
	while (n >= 8 && max >= 8) {
		uint64_t w = load8(src), z = (w - ONES) & ~w & HIGHS;

		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(d, &w, 8);	/* stores d[idx+1..7] too */
			return dst;
		}
		__builtin_memcpy(d, &w, 8);
		d += 8;
		src += 8;
		n -= 8;
		max -= 8;
	}
	while (n-- != 0 && *src != '\0')
		*d++ = *src++;
	*d = '\0';
	return dst;
}
