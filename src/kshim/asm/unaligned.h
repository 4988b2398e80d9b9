/* asm/unaligned.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_UNALIGNED_H
#define KSHIM_ASM_UNALIGNED_H
#include <kshim/all.h>
#endif
