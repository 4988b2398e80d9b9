/*
 * word_step.h - the pieces every strscpy path is built from: the checks
 * at the start (path_entry.h), and one page-safe step of at most a word.
 *
 * The rules each piece keeps (and so every path built from them):
 *   - each source byte is loaded once and decided on once (a load may also
 *     hold bytes already copied or not needed, which are masked off and
 *     never looked at), so a source that changes mid-call still gives a
 *     dest whose NUL agrees with the return value;
 *   - a load never leaves the page of the first byte it is loaded for;
 *   - each dest byte is stored once and only below dest[count], and none
 *     after the NUL (the last store ends at it);
 *   - dest[count-1] is only ever stored as the NUL.
 */
#ifndef WORD_STEP_H
#define WORD_STEP_H

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "path_entry.h"
#include "word_at_a_time.h"

/*
 * Copy the next at most WORD_SIZE bytes from src[*res] on, without
 * leaving the page of src + *res.  With unaligned loads and a word left in
 * the page: the word at src + *res.  Otherwise the aligned word holding
 * src + *res (it starts before it, in the same page) shifted down, which
 * copies up to the word boundary, so the next load is aligned.  Returns
 * the length or -E2BIG when it finished the copy, else STEP_MORE with
 * *res advanced.  count - *res >= 1 on entry.
 */
static inline ssize_t word_step(char *dest, const char *src, size_t count, size_t *res)
{
	const char *p = src + *res;
	size_t off = (uintptr_t)p & (WORD_SIZE - 1), left = count - *res, n;
	word_t w, z;

	if (WAT_UNALIGNED && wat_page_left(p) >= WORD_SIZE) {
		w = load_word(p);
		n = WORD_SIZE;
	} else {
		w = wat_shift_out(load_word(p - off), off);
		n = WORD_SIZE - off;
	}
	if (n > left)
		n = left;
	z = zero_bits(w) & first_bytes(n);
	if (z) {
		store_first(dest + *res, w & keep_before(z), first_zero(z) + 1);
		return (ssize_t)(*res + first_zero(z));
	}
	if (n == left) {
		store_first(dest + *res, w & first_bytes(n - 1), n);
		return -E2BIG;
	}
	store_first(dest + *res, w, n);
	*res += n;
	return STEP_MORE;
}

#endif
