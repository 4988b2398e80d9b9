/* Correct, though it loads whole words: strncat with 8-byte unaligned
 * loads of src, only while 8 bytes of n are left (never past src[n-1])
 * and the word lies in src's first page (a load past the NUL never
 * faults).  The word holding the NUL is not stored: its bytes go one at a
 * time, so exactly dst[dlen .. dlen+k] is written. */
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
		uint64_t w = load8(src);

		if ((w - ONES) & ~w & HIGHS)
			break;			/* the NUL is in this word */
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
