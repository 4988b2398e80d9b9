/* asm/tlbflush.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_TLBFLUSH_H
#define KSHIM_ASM_TLBFLUSH_H
#include <kshim/all.h>
#endif
