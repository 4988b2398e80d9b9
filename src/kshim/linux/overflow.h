/* linux/overflow.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_OVERFLOW_H
#define KSHIM_LINUX_OVERFLOW_H
#include <kshim/all.h>
#endif
