/* Defect (race): AVX2 with masked loads and stores (vpmaskmovd), as
 * ok_avx2_masked_tail (full 32-byte loads inside count and the page, a
 * masked load of the whole dwords before count - 1 or the page end,
 * stored with the same mask), but the masked path tests one masked load
 * for the NUL and copies from a second masked load of the same lanes: a
 * byte turned NUL between the two is stored while the return goes on.
 * Trigger: the masked path (the tail before count, a page end), a byte of
 * it changed between the two loads.  (Without AVX2: a byte loop.) */
#include <errno.h>
#include <immintrin.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

#define PAGE 4096u

__attribute__((target("avx2")))
static ssize_t copy_avx2(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	while (res + 1 < count) {
		size_t room = count - 1 - res, page = PAGE - ((uintptr_t)(src + res) & (PAGE - 1));
		size_t n = room < page ? room : page;
		__m256i v, mask, z;
		unsigned bits, k;

		if (n >= 32) {
			v = _mm256_loadu_si256((const __m256i *)(src + res));
			bits = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
			if (bits) {
				unsigned idx = (unsigned)__builtin_ctz(bits);

				for (unsigned i = 0; i < idx; i++)
					dest[res + i] = (char)((const unsigned char *)&v)[i];
				dest[res + idx] = '\0';
				return (ssize_t)(res + idx);
			}
			_mm256_storeu_si256((__m256i *)(dest + res), v);
			res += 32;
			continue;
		}
		k = (unsigned)(n / 4);
		if (k == 0) {
			char c = src[res];

			dest[res] = c;
			if (c == '\0')
				return (ssize_t)res;
			res++;
			continue;
		}
		mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)k), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
		v = _mm256_maskload_epi32((const int *)(src + res), mask);
		z = _mm256_cmpeq_epi8(v, _mm256_setzero_si256());
		bits = (unsigned)_mm256_movemask_epi8(z) & (k == 8 ? ~0u : (1u << (4 * k)) - 1);
		if (bits) {
			unsigned idx = (unsigned)__builtin_ctz(bits);

			for (unsigned i = 0; i < idx; i++)
				dest[res + i] = (char)((const unsigned char *)&v)[i];
			dest[res + idx] = '\0';
			return (ssize_t)(res + idx);
		}
		v = _mm256_maskload_epi32((const int *)(src + res), mask);	/* read again */
		__asm__("" : "+x"(v));
		_mm256_maskstore_epi32((int *)(dest + res), mask, v);
		res += 4 * k;
	}
	{
		char c = src[res];

		dest[res] = '\0';
		return c == '\0' ? (ssize_t)res : -E2BIG;
	}
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (__builtin_cpu_supports("avx2"))
		return copy_avx2(dest, src, count);
	for (res = 0; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] == '\0' ? (ssize_t)res : -E2BIG;
}
