/* linux/compiler_types.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_COMPILER_TYPES_H
#define KSHIM_LINUX_COMPILER_TYPES_H
#include <kshim/all.h>
#endif
