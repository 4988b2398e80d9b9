#include "strscpy_paths.h"
#include "word_step.h"

/*
 * The portable path.  Whole words while a word fits both before the end
 * of the source's page and before dest[count-1] (unaligned loads where the
 * machine has them, else aligned ones once word_step has aligned src), two
 * at a time with one test for both; everything else (the first bytes up
 * to alignment, the last bytes of a page, the bytes up to count) in
 * word_step's pieces.  A short string is found in the first word.
 */
ssize_t strscpy_word(char *dest, const char *src, size_t count)
{
	size_t res = 0;

	if (count_rejected(count))
		return -E2BIG;
	for (;;) {
		size_t room = wat_page_left(src + res), words;
		ssize_t ret;

		if (room > count - res - 1)
			room = count - res - 1;
		words = room / WORD_SIZE;
		if (!WAT_UNALIGNED && ((uintptr_t)(src + res) & (WORD_SIZE - 1)))
			words = 0;
		for (; words >= 2; words -= 2) {
			word_t a = load_word(src + res), b = load_word(src + res + WORD_SIZE);
			word_t z = zero_bits(a);

			if ((z | zero_bits(b)) != 0) {
				/* The NUL is in a or b: finish from these loads. */
				if (!z) {
					store_word(dest + res, a);
					res += WORD_SIZE;
					a = b;
					z = zero_bits(b);
				}
				store_word(dest + res, a & keep_before(z));
				return (ssize_t)(res + first_zero(z));
			}
			store_word(dest + res, a);
			store_word(dest + res + WORD_SIZE, b);
			res += 2 * WORD_SIZE;
		}
		if (words) {
			word_t w = load_word(src + res), z = zero_bits(w);

			if (z) {
				store_word(dest + res, w & keep_before(z));
				return (ssize_t)(res + first_zero(z));
			}
			store_word(dest + res, w);
			res += WORD_SIZE;
		}
		ret = word_step(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
