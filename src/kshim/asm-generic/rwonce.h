/* asm-generic/rwonce.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_GENERIC_RWONCE_H
#define KSHIM_ASM_GENERIC_RWONCE_H
#include <kshim/all.h>
#endif
