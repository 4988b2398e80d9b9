/* linux/stddef.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_STDDEF_H
#define KSHIM_LINUX_STDDEF_H
#include <kshim/all.h>
#endif
