/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An older-style (v4.x-era shape) x86 word-at-a-time header written for
 * strcheck's tests, not kernel code: the generic helpers, and a zeropad
 * load whose fix-up is code of its own in a .fixup section, reached through
 * a plain _ASM_EXTABLE entry: it reloads the aligned word holding addr and
 * shifts the missing bytes out.
 */
#ifndef _ASM_X86_WORD_AT_A_TIME_H
#define _ASM_X86_WORD_AT_A_TIME_H

/* The little-endian helpers are the generic ones; x86 adds the load. */
#include <asm-generic/word-at-a-time.h>
#include <linux/kernel.h>

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

#endif /* _ASM_X86_WORD_AT_A_TIME_H */
