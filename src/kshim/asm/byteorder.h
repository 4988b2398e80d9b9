/* asm/byteorder.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_BYTEORDER_H
#define KSHIM_ASM_BYTEORDER_H
#include <kshim/all.h>
#endif
