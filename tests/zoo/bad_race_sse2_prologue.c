/* Defect (race; x86-64, SSE2): an aligned-vector copy whose prologue (the
 * 16-byte block holding an unaligned src, loaded from its aligned start)
 * finds the NUL in the register but copies the bytes before it from src
 * again, byte by byte ("the block is misaligned against dest").  The main
 * loop copies from the register it tested and is right.  Trigger: src not
 * 16-aligned, and one of the first 16 - (src & 15) bytes turning into a NUL
 * between the vector load and its byte copy: dest holds a NUL before the
 * length returned. */
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
	if (skip) {
		__m128i v = _mm_load_si128((const __m128i *)a);	/* never leaves the page */
		unsigned m, n;

		__asm__("" : "+x"(v));
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) >> skip;
		n = m ? (unsigned)__builtin_ctz(m) : 16 - skip;
		for (; res < n; res++) {
			if (res == count - 1) {
				dest[res] = '\0';
				return -E2BIG;
			}
			dest[res] = src[res];		/* read again */
		}
		if (m) {
			dest[res] = '\0';
			return (ssize_t)res;
		}
		a += 16;
	}
	for (;;) {
		unsigned char blk[16];
		__m128i v = _mm_load_si128((const __m128i *)a);
		unsigned m, end;

		__asm__("" : "+x"(v));		/* the block is this one load */
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
		_mm_storeu_si128((__m128i *)blk, v);
		end = m ? (unsigned)__builtin_ctz(m) : 16;
		for (unsigned k = 0; k < end; k++) {
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
	}
}
