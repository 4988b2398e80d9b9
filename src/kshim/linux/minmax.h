/* linux/minmax.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_MINMAX_H
#define KSHIM_LINUX_MINMAX_H
#include <kshim/all.h>
#endif
