/*
 * kshim/extable.h - the kernel's exception-table macros, writing entries
 * strcheck's fault handler reads (src/engine/memory/fixup.h): a load listed
 * there may fault, and is finished the way the kernel would finish it.
 * Each field is an offset from its own address, so the table needs no
 * relocation in a shared object.  (strcheck kernel shim, no kernel code.)
 */
#ifndef KSHIM_EXTABLE_H
#define KSHIM_EXTABLE_H

#include <kshim/compiler.h>

/* The numbers fixup.h names SC_EX_JUMP and SC_EX_ZEROPAD.  Each only when
 * the tree's own headers have not defined it already: strcheck's build
 * then maps the tree's entries to its own (DIR/kinc/asm/asm.h, kbuild.c). */
#ifndef EX_TYPE_ZEROPAD
#define EX_TYPE_NONE 0
#define EX_TYPE_DEFAULT 0
#define EX_TYPE_ZEROPAD 1
#endif

#ifndef _ASM_EXTABLE_TYPE
#define _ASM_EXTABLE_TYPE(from, to, type)				\
	" .pushsection \"sc_kextable\",\"a\"\n"				\
	" .balign 4\n"							\
	" .long (" #from ") - .\n"					\
	" .long (" #to ") - .\n"					\
	" .long " __stringify(type) "\n"				\
	" .popsection\n"
#define _ASM_EXTABLE(from, to) _ASM_EXTABLE_TYPE(from, to, EX_TYPE_DEFAULT)
#define _ASM_EXTABLE_TYPE_REG(from, to, type, reg) _ASM_EXTABLE_TYPE(from, to, type)
#endif

#if __SIZEOF_LONG__ == 8
#define _ASM_PTR " .quad "
#define _ASM_ALIGN " .balign 8 "
#else
#define _ASM_PTR " .long "
#define _ASM_ALIGN " .balign 4 "
#endif

#endif
