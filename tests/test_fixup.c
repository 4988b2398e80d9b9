/*
 * test_fixup: the exception-table emulation (src/engine/memory/fixup.c) fixes up
 * exactly what the kernel would.  A zeropad load that crosses into an
 * unmapped page completes with zeros; one whose first byte is unmapped, and
 * a plain load not in the table, still fault.  Built by
 * tests/suite-46-sources.sh with the kernel shims' own extable macros.
 */
#include <kshim/zeropad.h>

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../src/engine/memory/fixup.h"

/* The engine's hook (sc_fault_fixup) is fixup.c's own now; this test
 * stands in for the engine and calls sc_fixup_apply itself. */

#if defined(__x86_64__)
extern const struct sc_extable_entry __start_sc_kextable[], __stop_sc_kextable[];
static sigjmp_buf env;

static void on_segv(int sig, siginfo_t *si, void *uctx)
{
	(void)sig;
	if (sc_fixup_apply(si, uctx))
		return;
	siglongjmp(env, 1);
}

static noinline unsigned long zeropad(const void *addr)
{
	return load_unaligned_zeropad(addr);
}

static noinline unsigned long plain(const void *addr)
{
	return *(const volatile unsigned long *)addr;
}

/* 1 if fn(addr) faulted (and was not fixed up); else *v is its value. */
static int faults(unsigned long (*fn)(const void *), const void *addr, unsigned long *v)
{
	if (sigsetjmp(env, 1))
		return 1;
	*v = fn(addr);
	return 0;
}

int main(void)
{
	static const struct sc_extable tab = { __start_sc_kextable, __stop_sc_kextable };
	long page = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	unsigned char *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long v = 0;
	int bad = 0;

	if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE) != 0)
		return 2;
	memset(m, 0xab, page);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sc_fixup_register(&tab);

	if (faults(zeropad, m + page - 3, &v) || v != 0xababab) {
		printf("zeropad across the page: expected 0xababab, faulted or got %#lx\n", v);
		bad = 1;
	}
	if (!faults(zeropad, m + page, &v)) {
		printf("zeropad starting in the unmapped page: fixed up, the kernel would not\n");
		bad = 1;
	}
	if (!faults(plain, m + page - 3, &v)) {
		printf("plain load across the page: fixed up, it is in no table\n");
		bad = 1;
	}
	if (faults(zeropad, m + page - 8, &v) || v != 0xababababababababUL) {
		printf("zeropad inside the page: expected the word, got %#lx\n", v);
		bad = 1;
	}
	puts(bad ? "FAILED" : "ok");
	return bad;
}
#else
int main(void)
{
	puts("not x86-64: fix-ups are not emulated");
	return 0;
}
#endif
