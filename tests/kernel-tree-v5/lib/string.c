// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel-style lib/string.c written for strcheck's tests, not kernel
 * code: the header layout of the v5 kernels (linux/slab.h,
 * asm/unaligned.h, __NO_FORTIFY), strscpy with the INT_MAX check and
 * strscpy_pad still a function; only this file and the word-at-a-time headers.
 * (tests/suite-48-kernel-trees.sh; docs/your-code.md)
 */

#define __NO_FORTIFY
#include <linux/types.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/slab.h>

#include <asm/unaligned.h>
#include <asm/byteorder.h>
#include <asm/word-at-a-time.h>
#include <asm/page.h>

#ifndef __HAVE_ARCH_STRLEN
size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}
EXPORT_SYMBOL(strlen);
#endif

#ifndef __HAVE_ARCH_MEMSET
void *memset(void *s, int c, size_t count)
{
	char *p = s;

	while (count--)
		*p++ = c;
	return s;
}
EXPORT_SYMBOL(memset);
#endif

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t n = strscpy(dest, src, count);

	if (n >= 0 && (size_t)n + 1 < count)
		memset(dest + n + 1, 0, count - n - 1);
	return n;
}
EXPORT_SYMBOL(strscpy_pad);

/**
 * strscpy - copy a NUL-terminated string into a buffer of @count bytes
 * @dest: where to copy the string to
 * @src: where to copy the string from
 * @count: size of @dest
 *
 * Whole words while a word and one more byte fit, then bytes; the last
 * byte of @dest is always the NUL.  Returns the length copied, or -E2BIG
 * when @count is 0 or above INT_MAX or the string did not fit.
 */
ssize_t strscpy(char *dest, const char *src, size_t count)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	size_t max = count;
	long res = 0;

	if (count == 0 || WARN_ON_ONCE(count > INT_MAX))
		return -E2BIG;

#ifdef CONFIG_DCACHE_WORD_ACCESS
	/* Loads that cross into an unmapped page are fixed up: no limit. */
#elif defined(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS)
	/* An unaligned source: no load may reach into the next page. */
	if ((long)src & (sizeof(long) - 1)) {
		size_t limit = PAGE_SIZE - ((long)src & (PAGE_SIZE - 1));

		if (limit < max)
			max = limit;
	}
#else
	/* Words only between aligned addresses. */
	if (((long)dest | (long)src) & (sizeof(long) - 1))
		max = 0;
#endif

	while (max > sizeof(unsigned long) && count > sizeof(unsigned long)) {
		unsigned long c, data;

#ifdef CONFIG_DCACHE_WORD_ACCESS
		c = load_unaligned_zeropad(src + res);
#else
		c = read_word_at_a_time(src + res);
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
	/* The last byte is the NUL, whatever the source holds there. */
	dest[res] = '\0';
	return src[res] ? -E2BIG : res;
}
EXPORT_SYMBOL(strscpy);
