/* linux/compiler_attributes.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_COMPILER_ATTRIBUTES_H
#define KSHIM_LINUX_COMPILER_ATTRIBUTES_H
#include <kshim/all.h>
#endif
