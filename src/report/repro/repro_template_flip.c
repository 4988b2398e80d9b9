/*
 * The end of a reproducer of the traced check's flip (REPRO_MODE 3), which
 * `strcheck --emit-repro` writes after repro_template.c: its SIGSEGV and
 * SIGTRAP handler.  x86-64 Linux (the signal context's registers).
 */
#include <ucontext.h>

/* The traced flip (x86-64 Linux), as strcheck's traced check ran it: the
 * page holding src[REPRO_FLIP_BYTE] is made inaccessible; each access to
 * it faults, is counted and runs as one instruction with the trap flag
 * (a rep string instruction: each element on the page), then the page
 * closes again; right after access REPRO_FLIP_STEP the byte changes and
 * the call runs on untraced.  Deterministic: one call. */
static unsigned char *flip_page;
static unsigned long steps, last_ip;
static int flipped;

static int on_page(unsigned long long a)
{
	return a >= (uintptr_t)flip_page && a < (uintptr_t)flip_page + page;
}

static void on_trace(int sig, siginfo_t *si, void *p)
{
	ucontext_t *uc = p;
	greg_t *g = uc->uc_mcontext.gregs;

	if (sig == SIGSEGV) {
		if (flipped || !on_page((uintptr_t)si->si_addr)) {
			on_fault(sig, si, p);
			return;
		}
		steps++;
		mprotect(flip_page, page, PROT_READ);
		last_ip = (unsigned long)g[REG_RIP];
		g[REG_EFL] |= 0x100;
		return;
	}
	if (flipped)
		return;
	if (steps >= REPRO_FLIP_STEP) {
		src_rw[(src - src_data) + REPRO_FLIP_BYTE] = REPRO_FLIP_TO;
		flipped = 1;
		g[REG_EFL] &= ~0x100;
		return;
	}
	if ((unsigned long)g[REG_RIP] == last_ip && (on_page((uintptr_t)g[REG_RSI]) ||
						      on_page((uintptr_t)g[REG_RDI]))) {
		steps++;                    /* a rep instruction's next element */
		return;
	}
	mprotect(flip_page, page, PROT_NONE);
	g[REG_EFL] &= ~0x100;
}

/* One call, traced until the flip; judged by the race invariants. */
static long long traced_call(void)
{
	long long ret;

	struct sigaction sa = { .sa_sigaction = on_trace, .sa_flags = SA_SIGINFO | SA_NODEFER };

	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
	flip_page = (unsigned char *)((uintptr_t)(src + REPRO_FLIP_BYTE) & ~(uintptr_t)(page - 1));
	mprotect(flip_page, page, PROT_NONE);
	ret = call();
	out->calls = 1;
	mprotect(flip_page, page, PROT_READ);
	out->bad = race_broken(ret);
	return ret;
}
