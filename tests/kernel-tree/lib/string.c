// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel-style lib/string.c written for strcheck's tests: not kernel
 * code, but the same headers, the same word-at-a-time helpers and the same
 * configuration switches as the kernel's, so strcheck compiles it the way
 * it compiles a real tree's (docs/your-code.md).
 */

#define __NO_FORTIFY
#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/linkage.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>

#include <asm/byteorder.h>
#include <asm/page.h>
#include <asm/rwonce.h>
#include <linux/unaligned.h>
#include <asm/word-at-a-time.h>

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
	unsigned char *p = s;

	while (count--)
		*p++ = (unsigned char)c;
	return s;
}
EXPORT_SYMBOL(memset);
#endif

#ifndef __HAVE_ARCH_STRNCPY
char *strncpy(char *dest, const char *src, size_t count)
{
	size_t i = 0;

	for (; i < count && src[i]; i++)
		dest[i] = src[i];
	for (; i < count; i++)
		dest[i] = '\0';
	return dest;
}
EXPORT_SYMBOL(strncpy);
#endif

/**
 * sized_strscpy - Copy a C-string into a sized buffer
 * @dest: Where to copy the string to
 * @src: Where to copy the string from
 * @count: Size of destination buffer
 *
 * Whole words while a whole word and at least one more byte fit, then
 * bytes; dest[count - 1] is kept for the NUL.  Each byte of @dest is
 * written once.
 *
 * Returns the length copied, or -E2BIG if @count is 0, above INT_MAX, or
 * the string did not fit.
 */
ssize_t sized_strscpy(char *dest, const char *src, size_t count)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	size_t limit = count;
	size_t off = 0;

	if (count == 0 || WARN_ON_ONCE(count > INT_MAX))
		return -E2BIG;

#ifndef CONFIG_DCACHE_WORD_ACCESS
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
	/* An unaligned word may reach into the next page: stay in this one. */
	if (!IS_ALIGNED((unsigned long)src, sizeof(unsigned long)))
		limit = min_t(size_t, limit, PAGE_SIZE - offset_in_page(src));
#else
	/* Words only between aligned addresses. */
	if (!IS_ALIGNED((unsigned long)src | (unsigned long)dest, sizeof(unsigned long)))
		limit = 0;
#endif
#endif

	while (off + sizeof(unsigned long) <= limit &&
	       off + sizeof(unsigned long) < count) {
		unsigned long c, data;

#ifdef CONFIG_DCACHE_WORD_ACCESS
		c = load_unaligned_zeropad(src + off);
#else
		c = read_word_at_a_time(src + off);
#endif
		if (has_zero(c, &data, &constants)) {
			data = prep_zero_mask(c, data, &constants);
			data = create_zero_mask(data);
			put_unaligned(c & zero_bytemask(data), (unsigned long *)(dest + off));
			return off + find_zero(data);
		}
		put_unaligned(c, (unsigned long *)(dest + off));
		off += sizeof(unsigned long);
	}

	for (; off < count - 1; off++) {
		char c = src[off];

		dest[off] = c;
		if (!c)
			return off;
	}

	/* The last byte: the NUL in any case; did the string end here? */
	dest[off] = '\0';
	return src[off] ? -E2BIG : (ssize_t)off;
}
EXPORT_SYMBOL(sized_strscpy);
