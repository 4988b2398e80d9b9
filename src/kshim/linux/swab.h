/* linux/swab.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_SWAB_H
#define KSHIM_LINUX_SWAB_H
#include <kshim/all.h>
#endif
