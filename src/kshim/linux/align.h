/* linux/align.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_ALIGN_H
#define KSHIM_LINUX_ALIGN_H
#include <kshim/all.h>
#endif
