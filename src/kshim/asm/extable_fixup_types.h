/* asm/extable_fixup_types.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_EXTABLE_FIXUP_TYPES_H
#define KSHIM_ASM_EXTABLE_FIXUP_TYPES_H
#include <kshim/all.h>
#endif
