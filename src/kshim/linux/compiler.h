/* linux/compiler.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_COMPILER_H
#define KSHIM_LINUX_COMPILER_H
#include <kshim/all.h>
#endif
