/* asm/extable.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_EXTABLE_H
#define KSHIM_ASM_EXTABLE_H
#include <kshim/all.h>
#endif
