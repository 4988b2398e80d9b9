/* linux/unaligned.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_UNALIGNED_H
#define KSHIM_LINUX_UNALIGNED_H
#include <kshim/all.h>
#endif
