/* linux/math.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_MATH_H
#define KSHIM_LINUX_MATH_H
#include <kshim/all.h>
#endif
