/* Defect (overread), hostile: a strscpy whose whole-word load may run past
 * the source into the next page, listed in an exception table of the
 * kernel shims' format (built with src/kshim/kshim.c) as if the kernel
 * would fix the fault up.  It is not a kernel build strcheck made, so the
 * table must not excuse the fault.  Built by tests/suite-46-sources.sh. */
#include <stddef.h>
#include <kshim/extable.h>

long strscpy(char *dst, const char *src, size_t count)
{
	unsigned long word;
	size_t i;

	if (count == 0)
		return -7;
	/* Peek at the word holding the last byte it may read. */
	__asm__ __volatile__("1:	movq (%1), %0\n"
			     "2:\n"
			     _ASM_EXTABLE(1b, 2b)
			     : "=r"(word)
			     : "r"(src + count - 1));
	(void)word;
	for (i = 0; i < count - 1; i++)
		if ((dst[i] = src[i]) == 0)
			return (long)i;
	dst[i] = 0;
	return src[i] ? -7 : (long)i;
}
