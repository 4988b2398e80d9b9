/* Defect (race): an aligned word loop that reads each word with
 * READ_ONCE() for its NUL test ("the source may change under us") but
 * copies it with a plain load of the same address: the compiler may not
 * reuse a volatile load, so every word without a NUL is read twice, one
 * or two instructions apart.  A byte of such a word turning into a NUL in
 * that window gives dest a NUL before the length returned.  Trigger: any
 * string longer than a word past the head, but a window of about one
 * instruction per word. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (((uintptr_t)(src + res) & 7) && res + 1 < count) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}
	while (count - res > 8) {
		const uint64_t *s = (const uint64_t *)(const void *)(src + res);
		uint64_t w = READ_ONCE(*s), z = (w - ONES) & ~w & HIGHS;

		if (z) {
			unsigned idx = (unsigned)__builtin_ctzll(z) / 8;

			w &= idx ? (1ull << (8 * idx)) - 1 : 0;
			__builtin_memcpy(dest + res, &w, 8);
			return (ssize_t)(res + idx);
		}
		__builtin_memcpy(dest + res, s, 8);	/* read again */
		res += 8;
	}
	while (res + 1 < count) {
		char c = src[res];

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
