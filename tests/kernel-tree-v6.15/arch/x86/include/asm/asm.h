/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-style x86 asm/asm.h written for strcheck's tests (not kernel
 * code): exception-table entries as a kernel writes them, into __ex_table
 * with the types of asm/extable_fixup_types.h.  strcheck must not take
 * these as they are (its fault handler reads its own table): its build
 * rewrites them (src/candidate/kernel/kbuild.c), and the zeropad loads of
 * this tree's sized_strscpy are then fixed up, not reported.
 */
#ifndef _ASM_X86_ASM_H
#define _ASM_X86_ASM_H

#include <linux/stringify.h>
#include <asm/extable_fixup_types.h>

/* (In this partial tree strcheck's shims, included before this file,
 * define these too: a complete tree's asm.h has no such #undef.) */
#undef _ASM_EXTABLE_TYPE
#undef _ASM_EXTABLE
#undef _ASM_EXTABLE_TYPE_REG
#define _ASM_EXTABLE_TYPE(from, to, type)			\
	" .pushsection \"__ex_table\",\"a\"\n"			\
	" .balign 4\n"						\
	" .long (" #from ") - .\n"				\
	" .long (" #to ") - .\n"				\
	" .long " __stringify(type) " \n"			\
	" .popsection\n"
#define _ASM_EXTABLE_TYPE_REG(from, to, type, reg)		\
	_ASM_EXTABLE_TYPE(from, to, (type) | EX_DATA_REG(reg))
#define _ASM_EXTABLE(from, to) _ASM_EXTABLE_TYPE(from, to, EX_TYPE_DEFAULT)

#endif
