/* linux/limits.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_LIMITS_H
#define KSHIM_LINUX_LIMITS_H
#include <kshim/all.h>
#endif
