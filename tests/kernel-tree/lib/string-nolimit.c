// SPDX-License-Identifier: GPL-2.0
/*
 * Defect (overread) for strcheck's tests, kernel-style: lib/string.c's
 * sized_strscpy without the page limit for an unaligned source.  With
 * CONFIG_DCACHE_WORD_ACCESS the loads are load_unaligned_zeropad(), which
 * the kernel fixes up when they run into an unmapped page, so the code is
 * correct; without it they are plain loads, and a word that crosses into
 * an unmapped page after the string faults.  strcheck must pass the
 * first build and report an overread in the second.
 */

#include <linux/types.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/limits.h>

#include <asm/byteorder.h>
#include <asm/word-at-a-time.h>
#include <asm/page.h>

ssize_t sized_strscpy(char *dest, const char *src, size_t count)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	size_t off = 0;

	if (count == 0 || WARN_ON_ONCE(count > INT_MAX))
		return -E2BIG;

	/* missing: with plain loads, stop at the end of the source's page */
	while (off + sizeof(unsigned long) < count) {
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

	dest[off] = '\0';
	return src[off] ? -E2BIG : (ssize_t)off;
}
EXPORT_SYMBOL(sized_strscpy);
