#include <stdatomic.h>

#include "strscpy.h"
#include "path_entry.h"
#include "strscpy_paths.h"

#if STRSCPY_X86_64
#include <cpuid.h>

/* An AMD CPU of family 19h (Zen 3 and 4; only Zen 4 has AVX-512): its
 * 512-bit operations run in two 256-bit halves. */
static int avx512_split(void)
{
	unsigned a, b, c, d, family;

	if (!__get_cpuid(0, &a, &b, &c, &d) || b != 0x68747541u /* "Auth" enticAMD */)
		return 0;
	__get_cpuid(1, &a, &b, &c, &d);
	family = (a >> 8) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	return family == 0x19;
}
#endif

size_t strscpy_paths(struct strscpy_path *out, size_t max)
{
	struct strscpy_path all[] = {
#if STRSCPY_X86_64
		{ "strscpy_avx512_avx2", strscpy_avx512_avx2, 0 },
		{ "strscpy_avx512", strscpy_avx512, 0 },
		{ "strscpy_avx2", strscpy_avx2, 0 },
		{ "strscpy_sse2", strscpy_sse2, 1 },
#endif
#if STRSCPY_AARCH64
		{ "strscpy_neon", strscpy_neon, 1 },
#endif
		{ "strscpy_word", strscpy_word, 1 },
	};
	size_t n = sizeof(all) / sizeof(all[0]);

#if STRSCPY_X86_64
	/* Also asks whether the OS saves the AVX (and AVX-512) registers. */
	__builtin_cpu_init();
	all[1].usable = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
			__builtin_cpu_supports("avx512vl");
	all[2].usable = __builtin_cpu_supports("avx2") != 0;
	/* Where 512-bit vectors run in two 256-bit halves (AMD Zen 4), the
	 * AVX2 rounds after the entry are faster than the AVX-512 ones
	 * (make bench, docs/speed.md); elsewhere the AVX-512 path is. */
	all[0].usable = all[1].usable && all[2].usable && avx512_split();
#endif
	for (size_t i = 0; i < n && i < max; i++)
		out[i] = all[i];
	return n;
}

static ssize_t first_call(char *dest, const char *src, size_t count);

/* The path strscpy() runs: first_call until it has chosen. */
static _Atomic(strscpy_fn) chosen = first_call;

static ssize_t first_call(char *dest, const char *src, size_t count)
{
	struct strscpy_path p[8];
	size_t n = strscpy_paths(p, 8), i = 0;

	while (i + 1 < n && !p[i].usable)
		i++;
	/* Threads racing here all store the same pointer. */
	atomic_store_explicit(&chosen, p[i].fn, memory_order_relaxed);
	return p[i].fn(dest, src, count);
}

/*
 * One indirect call to the chosen path (see strscpy_paths.h); a function
 * pointer rather than an ifunc so that it works the same in static and
 * shared builds, under every sanitizer, before and after main.
 */
PATH_ALIGN ssize_t strscpy(char *dest, const char *src, size_t count)
{
	return atomic_load_explicit(&chosen, memory_order_relaxed)(dest, src, count);
}
