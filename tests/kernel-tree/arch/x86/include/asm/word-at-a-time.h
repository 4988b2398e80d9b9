/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel-style x86 word-at-a-time header written for strcheck's tests
 * (not kernel code): little-endian helpers using the bit-scan helpers, and
 * load_unaligned_zeropad(), a plain word load whose page-crossing fault
 * the exception table turns into zero bytes.
 */
#ifndef _ASM_WORD_AT_A_TIME_H
#define _ASM_WORD_AT_A_TIME_H

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <asm/asm.h>
#include <asm/extable.h>

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	*bits = ((a - c->one_bits) & ~a) & c->high_bits;
	return *bits;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	return bits;
}

/* The has_zero() bits serve both the byte count and the byte mask. */
#define create_zero_mask(bits) (bits)

/* Lowest set bit is the first zero byte's 0x80: bsf, then bytes. */
#define find_zero(bits) (__ffs(bits) / 8)

static inline unsigned long zero_bytemask(unsigned long bits)
{
	/* Ones below the lowest set bit, then down to whole bytes. */
	return ((bits & -bits) - 1) >> 7;
}

/*
 * One unaligned word load.  When the word runs into an unmapped page, the
 * fault handler finds this mov in the exception table and completes the
 * load with zeros for the missing bytes.
 */
static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long ret;

	asm volatile(
		"1:	mov %[mem], %[ret]\n"
		"2:\n"
		_ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_ZEROPAD)
		: [ret] "=r" (ret)
		: [mem] "m" (*(unsigned long *)addr));

	return ret;
}

#endif /* _ASM_WORD_AT_A_TIME_H */
