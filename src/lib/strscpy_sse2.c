#include "strscpy_paths.h"

#if STRSCPY_X86_64
#include "vec_x86.h"

/*
 * x86-64, SSE2: 64 bytes a round (four unaligned 16-byte loads, one test
 * of their unsigned minimum for a zero byte) while 64 bytes fit before
 * both the end of the source's page and dest[count-1]; vec_step16 for the
 * rest.  The round that holds the NUL is finished from its own loads.
 */
VEC_NO_ASAN ssize_t strscpy_sse2(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count_rejected(count))
		return -E2BIG;
	for (;;) {
		size_t room = wat_page_left(src + res);
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		for (; room >= 64; room -= 64) {
			const char *s = src + res;
			__m128i v[4] = { vec_load16(s), vec_load16(s + 16), vec_load16(s + 32),
					 vec_load16(s + 48) };
			__m128i low = _mm_min_epu8(_mm_min_epu8(v[0], v[1]), _mm_min_epu8(v[2], v[3]));

			if (vec_zeros16(low)) {
				for (int i = 0;; i++, res += 16) {
					unsigned m = vec_zeros16(v[i]);

					if (m) {
						unsigned k = (unsigned)__builtin_ctz(m);

						_mm_storeu_si128((__m128i *)(dest + res), vec_keep16(v[i], k));
						return (ssize_t)(res + k);
					}
					_mm_storeu_si128((__m128i *)(dest + res), v[i]);
				}
			}
			for (int i = 0; i < 4; i++)
				_mm_storeu_si128((__m128i *)(dest + res) + i, v[i]);
			res += 64;
		}
		ret = vec_step16(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
#endif
