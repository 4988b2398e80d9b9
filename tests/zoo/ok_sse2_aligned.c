/* Correct: SSE2 aligned-vector loop.  Each 16-byte block is loaded from an
 * aligned address (it may start before src, but never leaves the page of a
 * byte the copy needs), tested for a NUL, and copied from the same register
 * image, so a source changing mid-call still gives a consistent result.
 * The empty asm makes the block one load: without it the compiler may
 * (and gcc -O1 did) load it once for the test and again for the copy, a
 * double read that strcheck's race check caught. */
#include <emmintrin.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	uintptr_t a = (uintptr_t)src & ~(uintptr_t)15;
	unsigned skip = (unsigned)((uintptr_t)src & 15);
	size_t res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (;;) {
		unsigned char blk[16];
		__m128i v = _mm_load_si128((const __m128i *)a);

		__asm__("" : "+x"(v));		/* the block is this one load */
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
		unsigned end;

		_mm_storeu_si128((__m128i *)blk, v);
		m &= 0xffffu << skip;
		end = m ? (unsigned)__builtin_ctz(m) : 16;
		for (unsigned k = skip; k < end; k++) {
			if (res == count - 1) {
				dest[res] = '\0';
				return -E2BIG;
			}
			dest[res++] = (char)blk[k];
		}
		if (m) {
			dest[res] = '\0';
			return (ssize_t)res;
		}
		a += 16;
		skip = 0;
	}
}
