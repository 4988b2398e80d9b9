/* linux/err.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_ERR_H
#define KSHIM_LINUX_ERR_H
#include <kshim/all.h>
#endif
