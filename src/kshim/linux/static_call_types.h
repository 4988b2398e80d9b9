/* linux/static_call_types.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_STATIC_CALL_TYPES_H
#define KSHIM_LINUX_STATIC_CALL_TYPES_H
#include <kshim/all.h>
#endif
