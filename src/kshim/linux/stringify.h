/* linux/stringify.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_STRINGIFY_H
#define KSHIM_LINUX_STRINGIFY_H
#include <kshim/all.h>
#endif
