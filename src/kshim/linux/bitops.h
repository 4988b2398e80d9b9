/* linux/bitops.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_BITOPS_H
#define KSHIM_LINUX_BITOPS_H
#include <kshim/all.h>
#endif
