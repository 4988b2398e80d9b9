/* linux/kasan-checks.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_KASAN_CHECKS_H
#define KSHIM_LINUX_KASAN_CHECKS_H
#include <kshim/all.h>
#endif
