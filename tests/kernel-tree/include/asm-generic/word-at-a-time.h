/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel-style word-at-a-time header written for strcheck's tests (not
 * kernel code): the helpers lib/string.c uses, with the kernel's names and
 * calling conventions, for both byte orders.
 */
#ifndef _ASM_WORD_AT_A_TIME_H
#define _ASM_WORD_AT_A_TIME_H

#include <linux/kernel.h>
#include <linux/bitops.h>
#include <asm/byteorder.h>

#ifdef __BIG_ENDIAN

/*
 * Big-endian: the carry of the subtraction runs towards the low-order
 * bytes, which come later in memory, so the little-endian test may flag
 * a byte after the first zero.  Test each byte for zero on its own:
 * (byte & 0x7f) + 0x7f sets the high bit for every non-zero low part;
 * or-ing the byte back in leaves the high bit clear only for zero bytes.
 */
struct word_at_a_time {
	const unsigned long seven_f, unused;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x7f), 0 }

static inline unsigned long has_zero(unsigned long val, unsigned long *data,
				     const struct word_at_a_time *c)
{
	unsigned long nonzero = ((val & c->seven_f) + c->seven_f) | val;

	*data = ~(nonzero | c->seven_f);
	return *data;
}

static inline unsigned long prep_zero_mask(unsigned long val, unsigned long data,
					   const struct word_at_a_time *c)
{
	return data;
}

#define create_zero_mask(data) (data)

/* Bytes before the first zero byte: the leading zero bits, in bytes. */
static inline unsigned long find_zero(unsigned long mask)
{
	return (BITS_PER_LONG - 1 - __fls(mask)) / 8;
}

/* Keeps the bytes before the first zero byte; clears it and the rest. */
#ifndef zero_bytemask
#define zero_bytemask(mask) (~1ul << __fls(mask))
#endif

#else /* little-endian */

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

/*
 * (a - 0x01..01) & ~a & 0x80..80: exact for the first zero byte (a borrow
 * only runs towards later bytes, which on little-endian come after it).
 */
static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	unsigned long mask = (a - c->one_bits) & ~a & c->high_bits;

	*bits = mask;
	return mask;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	return bits;
}

/* 0xff in every byte below the first zero byte, 0 from it on. */
static inline unsigned long create_zero_mask(unsigned long bits)
{
	return ((bits - 1) & ~bits) >> 7;
}

#define zero_bytemask(mask) (mask)

/* Bytes below the first zero: set bits of the mask, eight per byte. */
static inline unsigned long find_zero(unsigned long mask)
{
	return mask ? (__fls(mask) + 1) / 8 : 0;
}

#endif /* __BIG_ENDIAN */

#endif /* _ASM_WORD_AT_A_TIME_H */
