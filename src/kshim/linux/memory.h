/* linux/memory.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_MEMORY_H
#define KSHIM_LINUX_MEMORY_H
#include <kshim/all.h>
#endif
