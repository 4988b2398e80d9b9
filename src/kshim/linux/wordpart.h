/* linux/wordpart.h (strcheck kernel shim): see kshim/all.h. */
#ifndef KSHIM_LINUX_WORDPART_H
#define KSHIM_LINUX_WORDPART_H
#include <kshim/all.h>
#endif
