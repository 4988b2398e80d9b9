/* mem.c - the C library's memcpy, memcmp and memchr past any interceptor
 * (mem.h); without SC_MEM_DIRECT there is nothing to do. */
#include "mem.h"

#ifdef SC_MEM_DIRECT
#include <dlfcn.h>

struct sc_mem_fns sc_mem = { memcpy, memcmp, memchr };

/*
 * RTLD_NEXT from the program skips the program itself, where a sanitizer
 * runtime linked statically defines the interceptors, and finds the C
 * library's definitions.  Until then, and if one is not found, the plain
 * functions serve: only slower.
 */
__attribute__((constructor)) static void find_direct(void)
{
	void *p;

	if ((p = dlsym(RTLD_NEXT, "memcpy")))
		sc_mem.copy = (void *(*)(void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memcmp")))
		sc_mem.cmp = (int (*)(const void *, const void *, size_t))p;
	if ((p = dlsym(RTLD_NEXT, "memchr")))
		sc_mem.chr = (void *(*)(const void *, int, size_t))p;
}
#else
/* ISO C wants something in a translation unit. */
typedef int sc_mem_nothing;
#endif
