/* asm/cacheflush.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_CACHEFLUSH_H
#define KSHIM_ASM_CACHEFLUSH_H
#include <kshim/all.h>
#endif
