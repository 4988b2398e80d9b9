/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An older-style (v4.x-era shape) x86 word-at-a-time header written for
 * strcheck's tests, not kernel code: the zeropad load's fix-up is code of
 * its own in a .fixup section, reached through a plain _ASM_EXTABLE entry:
 * it reloads the aligned word holding addr and shifts the missing bytes out.
 */
#ifndef _ASM_WORD_AT_A_TIME_H
#define _ASM_WORD_AT_A_TIME_H

#include <linux/kernel.h>

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

static inline unsigned long create_zero_mask(unsigned long bits)
{
	return ((bits - 1) & ~bits) >> 7;
}

#define zero_bytemask(mask) (mask)

static inline unsigned long find_zero(unsigned long mask)
{
	return mask ? (__fls(mask) + 1) >> 3 : 0;
}

static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long ret, where;

	asm(
		"1:	mov %2, %0\n"
		"2:\n"
		".section .fixup,\"ax\"\n"
		"3:	lea %2, %1\n"
		"	mov %k1, %%ecx\n"
		"	and $7, %%ecx\n"
		"	shl $3, %%ecx\n"
		"	and $-8, %1\n"
		"	mov (%1), %0\n"
		"	shr %%cl, %0\n"
		"	jmp 2b\n"
		".previous\n"
		_ASM_EXTABLE(1b, 3b)
		: "=&r" (ret), "=&r" (where)
		: "m" (*(unsigned long *)addr)
		: "rcx");
	return ret;
}

#endif /* _ASM_WORD_AT_A_TIME_H */
