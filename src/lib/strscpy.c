#include <errno.h>
#include <limits.h>
#include <stdint.h>

#include "strscpy.h"
#include "word_at_a_time.h"

/*
 * Word-at-a-time copy.  The source is read with aligned loads only: an
 * aligned word never straddles a page, so a load that runs past the NUL or
 * past src[count-1] stays on a page the string itself occupies.  The first
 * few bytes are copied singly until src is aligned; dest may stay unaligned
 * (store_word copes).  Each dest byte is stored once: the word holding the
 * NUL is stored with the bytes after it zeroed, and on truncation the word
 * holding dest[count-1] is stored with that byte already zero.
 */
ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t res = 0;
	char c;

	/* Above INT_MAX is a negative length cast to size_t: a caller bug. */
	if (count == 0 || count > INT_MAX)
		return -E2BIG;

	while (((uintptr_t)(src + res) & (WORD_SIZE - 1)) && res + 1 < count) {
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}

	while (count - res >= WORD_SIZE) {
		word_t w = load_word(src + res);
		word_t z = zero_bits(w);

		if (z) {
			store_word(dest + res, w & keep_before(z));
			return (ssize_t)(res + first_zero(z));
		}
		if (count - res == WORD_SIZE) {
			store_word(dest + res, w & WAT_ALL_BUT_LAST);
			return -E2BIG;
		}
		store_word(dest + res, w);
		res += WORD_SIZE;
	}

	while (res + 1 < count) {
		c = src[res];
		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
		res++;
	}

	/* dest[count-1]: the NUL either way; read src once to decide. */
	c = src[res];
	dest[res] = '\0';
	return c == '\0' ? (ssize_t)res : -E2BIG;
}
