/* asm/asm.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_ASM_H
#define KSHIM_ASM_ASM_H
#include <kshim/all.h>
#endif
