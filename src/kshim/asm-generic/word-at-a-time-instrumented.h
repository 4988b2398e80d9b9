/*
 * asm-generic/word-at-a-time-instrumented.h (strcheck kernel shim): newer
 * architectures' word-at-a-time.h define arch_load_unaligned_zeropad()
 * and include this for the sanitizer-checked load_unaligned_zeropad();
 * strcheck runs no kernel sanitizers, so it is the plain load.
 */
#ifndef KSHIM_WORD_AT_A_TIME_INSTRUMENTED_H
#define KSHIM_WORD_AT_A_TIME_INSTRUMENTED_H
#include <kshim/all.h>

static __always_inline unsigned long load_unaligned_zeropad(const void *addr)
{
	return arch_load_unaligned_zeropad(addr);
}

#endif
