/* asm-generic/unaligned.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_GENERIC_UNALIGNED_H
#define KSHIM_ASM_GENERIC_UNALIGNED_H
#include <kshim/all.h>
#endif
