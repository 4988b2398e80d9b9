/* linux/linkage.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_LINKAGE_H
#define KSHIM_LINUX_LINKAGE_H
#include <kshim/all.h>
#endif
