/* Defect (through the byte-order trap): a word-at-a-time strscpy written
 * the kernel's way (#ifdef __BIG_ENDIAN), compiled against the C library's
 * headers, which define __BIG_ENDIAN as a value on every machine: on
 * little-endian it takes the big-endian path and finds the wrong zero byte.
 * strcheck warns about the test and reports what the code does. */
#include <endian.h>
#include <string.h>
#include <sys/types.h>

#define ONES (~0UL / 0xff)
#define HIGHS (ONES * 0x80)

static size_t first_zero(unsigned long w)
{
	unsigned long z = (w - ONES) & ~w & HIGHS;
#ifdef __BIG_ENDIAN
	return (size_t)__builtin_clzl(z) / 8;
#else
	return (size_t)__builtin_ctzl(z) / 8;
#endif
}

ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t i = 0;

	if (count == 0)
		return -7;
	if (!(((unsigned long)src | (unsigned long)dst) & (sizeof(long) - 1))) {
		for (; i + sizeof(long) < count; i += sizeof(long)) {
			unsigned long w;

			memcpy(&w, src + i, sizeof(w));
			if ((w - ONES) & ~w & HIGHS) {
				size_t k = first_zero(w);

				memcpy(dst + i, src + i, k);
				dst[i + k] = 0;
				return (ssize_t)(i + k);
			}
			memcpy(dst + i, &w, sizeof(w));
		}
	}
	for (; i < count - 1; i++)
		if ((dst[i] = src[i]) == 0)
			return (ssize_t)i;
	dst[i] = 0;
	return src[i] ? -7 : (ssize_t)i;
}
