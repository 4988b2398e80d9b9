/* linux/build_bug.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_BUILD_BUG_H
#define KSHIM_LINUX_BUILD_BUG_H
#include <kshim/all.h>
#endif
