/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-style x86 asm/extable_fixup_types.h written for strcheck's tests
 * (not kernel code): the entry types of the kernel's exception table, in a
 * numbering of its own (not strcheck's 0 and 1), the low byte of an
 * entry's data word, the register in the byte above it.
 */
#ifndef _ASM_X86_EXTABLE_FIXUP_TYPES_H
#define _ASM_X86_EXTABLE_FIXUP_TYPES_H

#define EX_DATA_TYPE_MASK	0x000000ff
#define EX_DATA_REG_SHIFT	8
#define EX_DATA_REG(reg)	((reg) << EX_DATA_REG_SHIFT)

#define EX_TYPE_NONE		 0
#define EX_TYPE_DEFAULT		 1
#define EX_TYPE_FAULT		 2
#define EX_TYPE_UACCESS		 3
#define EX_TYPE_ZEROPAD		20

#endif
