/* asm/string.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_STRING_H
#define KSHIM_ASM_STRING_H
#include <kshim/all.h>
#endif
