/*
 * kshim/zeropad.h - load_unaligned_zeropad() for a build that takes the
 * generic word-at-a-time.h (which has none) with CONFIG_DCACHE_WORD_ACCESS
 * on: one word load listed in the exception table as a zeropad load, so a
 * page-crossing load whose second page is unmapped is finished with zeros
 * (src/engine/memory/fixup.c), as the architectures that have the switch do.
 * x86-64 only: elsewhere pick an architecture's own header.
 */
#ifndef KSHIM_ZEROPAD_H
#define KSHIM_ZEROPAD_H
/* Only what the load needs, so a test program can take it beside the C
 * library's headers (tests/test_fixup.c). */
#include <kshim/compiler.h>
#include <kshim/extable.h>

#if defined(__x86_64__)
static __always_inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long ret;

	__asm__ __volatile__("1:	movq %[mem], %[ret]\n"
		     "2:\n"
		     _ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_ZEROPAD)
		     : [ret] "=r"(ret)
		     : [mem] "m"(*(const unsigned long *)addr));
	return ret;
}
#else
#error "strcheck: CONFIG_DCACHE_WORD_ACCESS with the generic word-at-a-time.h is emulated on x86-64 only"
#endif

#endif
