/* linux/ctype.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_CTYPE_H
#define KSHIM_LINUX_CTYPE_H
#include <kshim/all.h>
#endif
