/* linux/export.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_EXPORT_H
#define KSHIM_LINUX_EXPORT_H
#include <kshim/all.h>
#endif
