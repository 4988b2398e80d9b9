/* linux/instrumented.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_INSTRUMENTED_H
#define KSHIM_LINUX_INSTRUMENTED_H
#include <kshim/all.h>
#endif
