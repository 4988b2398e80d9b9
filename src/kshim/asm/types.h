/* asm/types.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_TYPES_H
#define KSHIM_ASM_TYPES_H
#include <kshim/all.h>
#endif
