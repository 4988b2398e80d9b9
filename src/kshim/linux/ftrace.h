/* linux/ftrace.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_FTRACE_H
#define KSHIM_LINUX_FTRACE_H
#include <kshim/all.h>
#endif
