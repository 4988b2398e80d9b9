/* Defect (overread, strlcpy): SSE2 with unaligned 16-byte loads from
 * src + i, checked for the NUL afterwards, never for the page: when the
 * string ends less than 16 bytes before a page end, the last load reads
 * into the next page, which the call may not read (the contract lets
 * strlcpy read src[0..strlen], nothing on another page).  On a mapped
 * page nothing faults, and the copy is right; where that page is the
 * guard, the load faults.  The traced read set sees it either way.
 * Trigger: a NUL in the last 15 bytes of a page. */
#include <emmintrin.h>
#include <string.h>

size_t strlcpy(char *dest, const char *src, size_t size)
{
	size_t i = 0, len;

	for (;;) {
		__m128i v = _mm_loadu_si128((const __m128i *)(src + i));
		unsigned bits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));

		if (bits) {
			len = i + (unsigned)__builtin_ctz(bits);
			break;
		}
		i += 16;
	}
	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		for (size_t k = 0; k < n; k++)
			dest[k] = src[k];
		dest[n] = '\0';
	}
	return len;
}
