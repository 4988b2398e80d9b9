/* linux/uaccess.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_UACCESS_H
#define KSHIM_LINUX_UACCESS_H
#include <kshim/all.h>
#endif
