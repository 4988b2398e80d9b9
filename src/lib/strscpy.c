#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strscpy.h"
#include "word/path_entry.h"
#include "strscpy_cpu.h"

#if STRSCPY_X86_64
/* Append to p->missing each of the names whose feature is absent. */
static void need(struct strscpy_path *p, int have, const char *name)
{
	size_t len = strlen(p->missing);

	if (have)
		return;
	p->usable = 0;
	snprintf(p->missing + len, sizeof(p->missing) - len, "%s%s", len ? " " : "", name);
}
#endif

size_t strscpy_paths(struct strscpy_path *out, size_t max)
{
	struct strscpy_path all[] = {
#if STRSCPY_X86_64
		{ "strscpy_avx512", strscpy_avx512, 1, "" },
		{ "strscpy_avx512_avx2", strscpy_avx512_avx2, 1, "" },
		{ "strscpy_avx2", strscpy_avx2, 1, "" },
		{ "strscpy_sse2", strscpy_sse2, 1, "" },
#endif
#if STRSCPY_AARCH64
		{ "strscpy_neon", strscpy_neon, 1, "" },
#endif
		{ "strscpy_word", strscpy_word, 1, "" },
	};
	size_t n = sizeof(all) / sizeof(all[0]);
#if STRSCPY_X86_64
	struct strscpy_cpu cpu;

	/* A path is usable where the CPU (and the OS) has every feature it
	 * uses, nothing else: which usable one is fastest is
	 * strscpy_choose's question. */
	strscpy_cpu_read(&cpu);
	for (size_t i = 0; i < 3; i++) {
		need(&all[i], cpu.avx2, "avx2");
		if (i == 0) {
			need(&all[i], cpu.bmi, "bmi");
			need(&all[i], cpu.bmi2, "bmi2");
		}
		if (i < 2) {
			need(&all[i], cpu.avx512f, "avx512f");
			need(&all[i], cpu.avx512bw, "avx512bw");
			need(&all[i], cpu.avx512vl, "avx512vl");
		}
	}
#endif
	for (size_t i = 0; i < n && i < max; i++)
		out[i] = all[i];
	return n;
}

static ssize_t first_call(char *dest, const char *src, size_t count);

/* The path strscpy() runs: first_call until it has chosen. */
static _Atomic(strscpy_fn) chosen = first_call;
static const char *chosen_name = "";
static char chosen_why[256];

/*
 * The user's choice, as glibc's tunables: STRSCPY_PATH=avx2 (or
 * strscpy_avx2).  Not taken from the environment of a set-user-ID
 * program (secure_getenv).
 */
static const char *forced_path(void)
{
#if defined(__GLIBC__)
	return secure_getenv("STRSCPY_PATH");
#else
	return getenv("STRSCPY_PATH");
#endif
}

static strscpy_fn choose(void)
{
	struct strscpy_path p[8];
	struct strscpy_cpu cpu;
	size_t n = strscpy_paths(p, 8), i;
	const char *forced = forced_path();

	strscpy_cpu_read(&cpu);
	i = strscpy_choose(&cpu, p, n, forced, chosen_why, sizeof(chosen_why));
	if (i == (size_t)-1)
		i = n - 1;  /* strscpy_word: every CPU runs it */
	/* A forced path that cannot be had is said once, on stderr: the
	 * user asked for it. */
	if (forced && *forced && strncmp(chosen_why, "forced", 6) != 0)
		fprintf(stderr, "strscpy: %s\n", chosen_why);
	chosen_name = p[i].name;
	return p[i].fn;
}

static ssize_t first_call(char *dest, const char *src, size_t count)
{
	strscpy_fn fn = choose();

	/* Threads racing here all store the same pointer. */
	atomic_store_explicit(&chosen, fn, memory_order_relaxed);
	return fn(dest, src, count);
}

strscpy_fn strscpy_chosen(const char **name, const char **why)
{
	strscpy_fn fn = atomic_load_explicit(&chosen, memory_order_relaxed);

	if (fn == first_call) {
		fn = choose();
		atomic_store_explicit(&chosen, fn, memory_order_relaxed);
	}
	if (name)
		*name = chosen_name;
	if (why)
		*why = chosen_why;
	return fn;
}

/*
 * One indirect call to the chosen path (see strscpy_cpu.h); a function
 * pointer rather than an ifunc so that it works the same in static and
 * shared builds, under every sanitizer, before and after main.
 */
PATH_ALIGN ssize_t strscpy(char *dest, const char *src, size_t count)
{
	return atomic_load_explicit(&chosen, memory_order_relaxed)(dest, src, count);
}
