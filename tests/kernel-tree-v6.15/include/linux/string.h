/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-style include/linux/string.h written for strcheck's tests (not
 * kernel code), in the v6.15 shape: wcslen() declared with the wchar_t of
 * linux/nls_types.h, strscpy_pad a macro over sized_strscpy().
 */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/nls_types.h>

size_t strlen(const char *s);
void *memset(void *s, int c, size_t count);
size_t wcslen(const wchar_t *s);
ssize_t sized_strscpy(char *dest, const char *src, size_t count);

/* Copy as sized_strscpy(), then zero every byte after the NUL up to count. */
#define sized_strscpy_pad(dest, src, count)	({			\
	char *__pd = (dest);						\
	const size_t __pn = (count);					\
	ssize_t __pr = sized_strscpy(__pd, (src), __pn);		\
	size_t __pused = __pr < 0 ? __pn : (size_t)__pr + 1;		\
									\
	if (__pused < __pn)						\
		memset(__pd + __pused, 0, __pn - __pused);		\
	__pr;								\
})

#endif /* _LINUX_STRING_H_ */
