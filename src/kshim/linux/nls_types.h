/* linux/nls_types.h (strcheck kernel shim): wchar_t and unicode_t, which
 * lib/string.c takes from here since v6.15 (wcslen); see kshim/all.h. */
#ifndef KSHIM_LINUX_NLS_TYPES_H
#define KSHIM_LINUX_NLS_TYPES_H
#include <kshim/all.h>
#endif
