/* linux/kmsan-checks.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_KMSAN_CHECKS_H
#define KSHIM_LINUX_KMSAN_CHECKS_H
#include <kshim/all.h>
#endif
