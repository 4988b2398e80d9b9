/* linux/slab.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_SLAB_H
#define KSHIM_LINUX_SLAB_H
#include <kshim/all.h>
#endif
