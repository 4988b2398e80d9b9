/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-style include/linux/string.h written for strcheck's tests (not
 * kernel code).  strcheck builds lib/string.c with the tree's own headers
 * first, so this is the <linux/string.h> it gets (the shims give the rest);
 * it also reads the strscpy_pad macro from here, as it does from a real
 * tree whose strscpy_pad is a macro, to check it with --api=strscpy_pad.
 */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>

ssize_t sized_strscpy(char *, const char *, size_t);

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
