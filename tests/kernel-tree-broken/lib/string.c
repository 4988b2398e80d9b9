// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel-style lib/string.c written for strcheck's tests, not kernel
 * code: the newest layout, with two functions besides
 * sized_strscpy that do not build (below): the check of sized_strscpy must
 * not depend on them.
 * (tests/suite-48-kernel-trees.sh; docs/your-code.md)
 */

#define __NO_FORTIFY
#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/linkage.h>
#include <linux/nls_types.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>

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
	char *p = s;

	while (count--)
		*p++ = c;
	return s;
}
EXPORT_SYMBOL(memset);
#endif

/* The length of a string of the kernel's 16-bit wchar_t (linux/nls_types.h). */
size_t wcslen(const wchar_t *s)
{
	const wchar_t *p = s;

	while (*p != 0)
		p++;
	return p - s;
}
EXPORT_SYMBOL(wcslen);

/*
 * Two functions that do not build with strcheck's shims, as a real
 * lib/string.c's other functions may not: one uses a constant of a header
 * this file does not include (a compile error), the other calls an
 * allocator the candidate does not have (a link error).  Neither is
 * needed by sized_strscpy, so strcheck leaves them out and says so.
 */
size_t strscpy_page_room(const char *p)
{
	return SZ_4K - ((unsigned long)p & (SZ_4K - 1));
}
EXPORT_SYMBOL(strscpy_page_room);

char *strscpy_dup(const char *s, gfp_t gfp)
{
	size_t n = strlen(s) + 1;
	char *d = kmalloc_track_caller(n, gfp);

	if (d)
		sized_strscpy(d, s, n);
	return d;
}
EXPORT_SYMBOL(strscpy_dup);

/**
 * sized_strscpy - copy a NUL-terminated string into a buffer of @count bytes
 * @dest: where to copy the string to
 * @src: where to copy the string from
 * @count: size of @dest
 *
 * Whole words while a word and one more byte fit, then bytes; the last
 * byte of @dest is always the NUL.  Returns the length copied, or -E2BIG
 * when @count is 0 or above INT_MAX or the string did not fit.
 */
ssize_t sized_strscpy(char *dest, const char *src, size_t count)
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
EXPORT_SYMBOL(sized_strscpy);
