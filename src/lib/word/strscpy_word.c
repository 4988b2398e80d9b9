#include "../strscpy_paths.h"
#include "word_step.h"

/* Word w, for d = dest + res, holds the NUL: store it up to the NUL and
 * nothing after it (dest past the NUL is left alone: --strict). */
static inline ssize_t nul_in(char *d, word_t w, size_t res)
{
	word_t z = zero_bits(w);
	size_t k = first_zero(z);

	store_first(d, w & keep_before(z), k + 1);
	return (ssize_t)(res + k);
}

/* One of the four words for d = dest + res holds the NUL. */
static ssize_t nul_in4(char *d, word_t a, word_t b, word_t c, word_t e, size_t res)
{
	if (zero_bits(a))
		return nul_in(d, a, res);
	store_word(d, a);
	if (zero_bits(b))
		return nul_in(d + WORD_SIZE, b, res + WORD_SIZE);
	store_word(d + WORD_SIZE, b);
	if (zero_bits(c))
		return nul_in(d + 2 * WORD_SIZE, c, res + 2 * WORD_SIZE);
	store_word(d + 2 * WORD_SIZE, c);
	return nul_in(d + 3 * WORD_SIZE, e, res + 3 * WORD_SIZE);
}

/*
 * The portable path.  Whole words while a word fits both before the end
 * of the source's page and before dest[count-1] (unaligned loads where the
 * machine has them, else aligned ones once word_step has aligned src), four
 * at a time with one test for all; everything else (the first bytes up
 * to alignment, the last bytes of a page, the bytes up to count) in
 * word_step's pieces.  A short string is found in the first word.
 */
PATH_ALIGN ssize_t strscpy_word(char *dest, const char *src, size_t count)
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
		for (; words >= 4; words -= 4, res += 4 * WORD_SIZE) {
			const char *s = src + res;
			word_t a = load_word(s), b = load_word(s + WORD_SIZE);
			word_t c = load_word(s + 2 * WORD_SIZE), e = load_word(s + 3 * WORD_SIZE);

			if ((zero_bits(a) | zero_bits(b) | zero_bits(c) | zero_bits(e)) != 0)
				return nul_in4(dest + res, a, b, c, e, res);
			store_word(dest + res, a);
			store_word(dest + res + WORD_SIZE, b);
			store_word(dest + res + 2 * WORD_SIZE, c);
			store_word(dest + res + 3 * WORD_SIZE, e);
		}
		for (; words; words--, res += WORD_SIZE) {
			word_t w = load_word(src + res);

			if (zero_bits(w))
				return nul_in(dest + res, w, res);
			store_word(dest + res, w);
		}
		ret = word_step(dest, src, count, &res);
		if (ret != STEP_MORE)
			return ret;
	}
}
