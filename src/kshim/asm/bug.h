/* asm/bug.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_BUG_H
#define KSHIM_ASM_BUG_H
#include <kshim/all.h>
#endif
