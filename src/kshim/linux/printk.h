/* linux/printk.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_PRINTK_H
#define KSHIM_LINUX_PRINTK_H
#include <kshim/all.h>
#endif
