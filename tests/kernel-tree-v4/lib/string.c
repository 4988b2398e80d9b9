/*
 * An older-style (v4.x-era shape) kernel lib/string.c written for
 * strcheck's tests, not kernel code: strscpy under its old name with plain
 * word loads or load_unaligned_zeropad(), and strscpy_pad a function.
 * Neither rejects a count above INT_MAX (kernels of that age did not):
 * strscpy copies a short string normally, which the contract allows, but
 * strscpy_pad then zero-fills the whole huge count, and strcheck reports
 * the overwrite (docs/your-code.md).
 */

#include <linux/types.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/bug.h>
#include <linux/errno.h>

#include <asm/byteorder.h>
#include <asm/word-at-a-time.h>
#include <asm/page.h>

#ifndef __HAVE_ARCH_MEMSET
void *memset(void *s, int c, size_t count)
{
	char *xs = s;

	while (count--)
		*xs++ = c;
	return s;
}
EXPORT_SYMBOL(memset);
#endif

#ifndef __HAVE_ARCH_STRSCPY
ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	size_t max = count;
	long res = 0;

	if (count == 0)
		return -E2BIG;

#ifndef CONFIG_DCACHE_WORD_ACCESS
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
	if ((long)src & (sizeof(long) - 1)) {
		size_t limit = PAGE_SIZE - ((long)src & (PAGE_SIZE - 1));

		if (limit < max)
			max = limit;
	}
#else
	if (((long)dest | (long)src) & (sizeof(long) - 1))
		max = 0;
#endif
#endif

	/* Words while one more byte follows the word: that one is the NUL's. */
	while (max > sizeof(unsigned long) && count > sizeof(unsigned long)) {
		unsigned long c, data;

#ifdef CONFIG_DCACHE_WORD_ACCESS
		c = load_unaligned_zeropad(src + res);
#else
		c = *(unsigned long *)(src + res);
#endif
		if (has_zero(c, &data, &constants)) {
			data = prep_zero_mask(c, data, &constants);
			data = create_zero_mask(data);
			*(unsigned long *)(dest + res) = c & zero_bytemask(data);
			return res + find_zero(data);
		}
		*(unsigned long *)(dest + res) = c;
		res += sizeof(unsigned long);
		count -= sizeof(unsigned long);
		max -= sizeof(unsigned long);
	}

	while (count > 1) {
		char c = src[res];

		dest[res] = c;
		if (!c)
			return res;
		res++;
		count--;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : res;
}
EXPORT_SYMBOL(strscpy);
#endif

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t n = strscpy(dest, src, count);

	if (n >= 0 && (size_t)n + 1 < count)
		memset(dest + n + 1, 0, count - n - 1);
	return n;
}
EXPORT_SYMBOL(strscpy_pad);
