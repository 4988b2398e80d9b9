/* linux/bug.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_BUG_H
#define KSHIM_LINUX_BUG_H
#include <kshim/all.h>
#endif
