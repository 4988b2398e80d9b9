/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-style include/linux/nls_types.h written for strcheck's tests (not
 * kernel code): the character types a v6.15+ lib/string.c takes from here.
 * strcheck builds the tree with its own headers first, so this file is
 * the one used, not strcheck's shim of the same name.
 */
#ifndef _LINUX_NLS_TYPES_H
#define _LINUX_NLS_TYPES_H

#include <linux/types.h>

/* A character of Unicode's plane 0, as the kernel has kept it. */
typedef u16 wchar_t;
#define MAX_WCHAR_T 0xffff

/* Any code point. */
typedef u32 unicode_t;

#endif /* _LINUX_NLS_TYPES_H */
