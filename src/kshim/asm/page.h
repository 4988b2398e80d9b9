/* asm/page.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_ASM_PAGE_H
#define KSHIM_ASM_PAGE_H
#include <kshim/all.h>
#endif
