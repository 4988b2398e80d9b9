/* Correct: ok_aligned_word's loop, every source read through an
 * fs-relative address (%fs:offset, offset = src - the fs base), as code
 * that keeps its buffers in thread-local storage addresses them.  The
 * tracer must add the segment base to place each read exactly. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* The fs base: glibc's thread control block points to itself at %fs:0. */
static uintptr_t fs_base(void)
{
	uintptr_t b;

	__asm__("mov %%fs:0, %0" : "=r"(b));
	return b;
}

static unsigned char byte_at(uintptr_t off)
{
	unsigned int v;

	__asm__ volatile("movzbl %%fs:(%1), %0" : "=r"(v) : "r"(off) : "memory");
	return (unsigned char)v;
}

static uint64_t word_at(uintptr_t off)
{
	uint64_t v;

	__asm__ volatile("movq %%fs:(%1), %0" : "=r"(v) : "r"(off) : "memory");
	return v;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	uintptr_t off = (uintptr_t)src - fs_base();
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		if ((dest[res] = (char)byte_at(off + res)) == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		uint64_t w = word_at(off + res), z;

		z = (w - ONES) & ~w & HIGHS;
		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;
			uint64_t keep = idx ? (1ull << (8 * idx)) - 1 : 0;

			w &= keep;
			memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		memcpy(dest + res, &w, 8);
		res += 8;
	}
	while (res + 1 < count) {
		if ((dest[res] = (char)byte_at(off + res)) == '\0')
			return (ssize_t)res;
		res++;
	}
	{
		char c = (char)byte_at(off + res);

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}
