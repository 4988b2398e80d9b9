/* linux/bits.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_BITS_H
#define KSHIM_LINUX_BITS_H
#include <kshim/all.h>
#endif
