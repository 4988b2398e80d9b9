/* linux/mm.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_MM_H
#define KSHIM_LINUX_MM_H
#include <kshim/all.h>
#endif
