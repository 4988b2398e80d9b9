/* linux/array_size.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_ARRAY_SIZE_H
#define KSHIM_LINUX_ARRAY_SIZE_H
#include <kshim/all.h>
#endif
