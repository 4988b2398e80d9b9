/* linux/args.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_ARGS_H
#define KSHIM_LINUX_ARGS_H
#include <kshim/all.h>
#endif
