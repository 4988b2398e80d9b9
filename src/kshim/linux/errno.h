/* linux/errno.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_ERRNO_H
#define KSHIM_LINUX_ERRNO_H
#include <kshim/all.h>
#endif
