/* asm/bitops.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_BITOPS_H
#define KSHIM_ASM_BITOPS_H
#include <kshim/all.h>
#endif
