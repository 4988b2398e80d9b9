/* asm/uaccess.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_UACCESS_H
#define KSHIM_ASM_UACCESS_H
#include <kshim/all.h>
#endif
