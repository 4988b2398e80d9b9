/* linux/init.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_INIT_H
#define KSHIM_LINUX_INIT_H
#include <kshim/all.h>
#endif
