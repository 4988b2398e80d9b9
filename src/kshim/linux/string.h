/* linux/string.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_STRING_H
#define KSHIM_LINUX_STRING_H
#include <kshim/all.h>
#endif
