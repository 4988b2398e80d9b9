/* linux/module.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_MODULE_H
#define KSHIM_LINUX_MODULE_H
#include <kshim/all.h>
#endif
