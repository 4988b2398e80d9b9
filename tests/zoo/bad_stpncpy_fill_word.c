/* Defect (overwrite): stpncpy whose zero-fill goes a word at a time once
 * dst is 8-byte aligned, and rounds the end up to the word: when dst + n
 * is not a multiple of 8 it zeroes up to 7 bytes past dst[n-1].
 * Trigger: src shorter than n, the fill reaching an aligned word, and
 * dst + n not 8-byte aligned. */
#include <stddef.h>
#include <stdint.h>

char *stpncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;
	char *ret;

	for (; i < n && src[i] != '\0'; i++)
		dst[i] = src[i];
	ret = dst + i;
	while (i < n && ((uintptr_t)(dst + i) & 7))
		dst[i++] = '\0';
	while (i < n) {				/* should be n - i >= 8 */
		uint64_t zero = 0;

		__builtin_memcpy(dst + i, &zero, 8);
		i += 8;
	}
	return ret;
}
