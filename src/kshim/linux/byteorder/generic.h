/* linux/byteorder/generic.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_BYTEORDER_GENERIC_H
#define KSHIM_LINUX_BYTEORDER_GENERIC_H
#include <kshim/all.h>
#endif
