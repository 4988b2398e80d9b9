/* Correct, though it loads and stores whole words: stpncpy copying 8 bytes
 * at a time while 8 bytes of n are left and the load stays in src's first
 * page, finishing the word that holds the NUL byte by byte, then
 * zero-filling with aligned 8-byte stores that stop before dst + n (the
 * rest byte by byte). */
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

char *stpncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0, max = PAGE - ((uintptr_t)src & (PAGE - 1));
	char *ret;

	while (n - i >= 8 && max - i >= 8) {
		uint64_t w = load8(src + i);

		if ((w - ONES) & ~w & HIGHS)
			break;
		__builtin_memcpy(dst + i, &w, 8);
		i += 8;
	}
	for (; i < n && src[i] != '\0'; i++)
		dst[i] = src[i];
	ret = dst + i;
	while (i < n && ((uintptr_t)(dst + i) & 7))
		dst[i++] = '\0';
	for (; n - i >= 8; i += 8) {
		uint64_t zero = 0;

		__builtin_memcpy(dst + i, &zero, 8);
	}
	for (; i < n; i++)
		dst[i] = '\0';
	return ret;
}
