/*
 * fuzz_target.c - every fuzz entry point, one harness per build:
 *   -DFUZZ_API=NAME     what it checks: strscpy, strscpy_pad, strlcpy,
 *                       strncpy, strlcat, strncat, stpncpy, memccpy, or
 *                       relations (enum fh_kind in harness.h)
 *   (default)           libFuzzer: LLVMFuzzerTestOneInput and a mutator
 *                       that keeps saved inputs canonical
 *   -DFUZZ_AFL          AFL++ persistent mode with shared-memory inputs
 *   -DFUZZ_STANDALONE   main(): check the files and directories named
 * All the work is in harness.c (report.c prints a defect).
 */
#include <stddef.h>
#include <stdint.h>

#include "harness.h"

#ifndef FUZZ_API
#define FUZZ_API strscpy
#endif
#define FH_CAT(a, b) a##b
#define FH_KIND(api) FH_CAT(FH_, api)
#define KIND FH_KIND(FUZZ_API)

/*
 * libFuzzer copies every input into a fresh heap block; ASan's default
 * 256 MB quarantine of freed blocks then makes each copy land on pages
 * never touched before (a page fault or two per input: a sixth of the
 * harness's time, measured, and 200+ MB of RSS).  The checker itself
 * allocates nothing per case, so a small quarantine loses nothing.
 * ASAN_OPTIONS in the environment still overrides this.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=4";
}

#if defined(FUZZ_AFL)
#include <unistd.h>

__AFL_FUZZ_INIT();

int main(void)
{
	unsigned char *buf;

	fh_setup(KIND);  /* load once, before the fork server starts */
#ifdef __AFL_HAVE_MANUAL_CONTROL
	__AFL_INIT();
#endif
	buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(100000))
		fh_check(KIND, buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
	return 0;
}
#elif defined(FUZZ_STANDALONE)
int main(int argc, char **argv)
{
	return fh_run_files(KIND, argc, argv);
}
#else
/* Weak: engines that take LLVMFuzzerTestOneInput but have no mutator of
 * their own to offer (AFL++'s driver) link too; they never call ours. */
__attribute__((weak)) size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fh_setup(KIND);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fh_check(KIND, data, size);
	return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
	return fh_mutate(KIND, data, size, max_size, seed, LLVMFuzzerMutate);
}
#endif
