/* linux/kernel.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_KERNEL_H
#define KSHIM_LINUX_KERNEL_H
#include <kshim/all.h>
#endif
