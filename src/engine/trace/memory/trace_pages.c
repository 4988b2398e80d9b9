/*
 * trace_pages.c - the traced call's state and the protections it changes
 * (trace_state.h): the arenas opened again when the trace ends, and the
 * pages opened for one single-stepped instruction (the tracer's own
 * mprotect opens each page it touches, and closes them after the trap),
 * and a trapped system call performed with the arenas open.
 */
#include <sys/mman.h>
#include <ucontext.h>

#include "trace_state.h"

struct sc_trace_state sc_T;

void sc_trace_disarm(void)
{
	if (!sc_T.armed)
		return;
	sc_T.nopen = 0;
	sc_T.step = 0;
	sc_trace_unprotect();
	sc_T.armed = 0;
}

void sc_trace_protect(void)
{
	const struct sc_trace *t = sc_T.t;

	sc_trace_mprotect(sc_T.sdata, sc_T.slen, PROT_NONE);
	if (sc_T.dlen)
		sc_trace_mprotect(sc_T.ddata, sc_T.dlen, PROT_READ);
	if (t->skip_src_len && t->flip_read <= 0)
		sc_trace_mprotect((void *)t->skip_src, t->skip_src_len, PROT_READ);
	if (t->skip_dst_len && sc_T.dlen)
		sc_trace_mprotect((void *)t->skip_dst, t->skip_dst_len, PROT_READ | PROT_WRITE);
}

void sc_trace_unprotect(void)
{
	sc_trace_mprotect(sc_T.sdata, sc_T.slen, PROT_READ);
	if (sc_T.dlen)
		sc_trace_mprotect(sc_T.ddata, sc_T.dlen, PROT_READ | PROT_WRITE);
}

#if defined(__x86_64__) && defined(__linux__)
long sc_trace_syscall_open(long nr, void *uctx, int armed)
{
	greg_t *g = ((ucontext_t *)uctx)->uc_mcontext.gregs;

	if (armed) {
		sc_T.t->faults++;
		sc_trace_unprotect();
	}
	return sc_trace_syscall6(nr, g[REG_RDI], g[REG_RSI], g[REG_RDX], g[REG_R10], g[REG_R8], g[REG_R9]);
}
#endif

/* A page the trace leaves open (a long string's middle, the read set's
 * allowed pages): closed again after a step as it was, open. */
static int left_open(const unsigned char *p, int dest)
{
	const struct sc_trace *t = sc_T.t;
	const unsigned char *a = dest ? t->skip_dst : t->skip_src;
	size_t n = dest ? t->skip_dst_len : (t->flip_read <= 0 ? t->skip_src_len : 0);

	return n && p >= a && p < a + n;
}

void sc_trace_close_open(void)
{
	for (int i = 0; i < sc_T.nopen; i++) {
		int d = sc_T.open_dest[i], keep = left_open(sc_T.open[i], d);

		sc_trace_mprotect(sc_T.open[i], sc_T.page,
				  d ? (keep ? PROT_READ | PROT_WRITE : PROT_READ) : (keep ? PROT_READ : PROT_NONE));
	}
	sc_T.nopen = 0;
}

/* Open the pages of [a, a+len) that are in the arena's traced data. */
void sc_trace_open_range(uint64_t a, uint64_t len, int dest)
{
	unsigned char *base = dest ? sc_T.ddata : sc_T.sdata;
	size_t n = dest ? sc_T.dlen : sc_T.slen;
	uint64_t lo = (uint64_t)(uintptr_t)base, hi = lo + n, end = a + (len ? len : 1);

	if (a < lo)
		a = lo;
	if (end > hi)
		end = hi;
	for (uint64_t p = a & ~(uint64_t)(sc_T.page - 1); p < end; p += sc_T.page) {
		int k;

		for (k = 0; k < sc_T.nopen && sc_T.open[k] != (unsigned char *)(uintptr_t)p; k++)
			;
		if (k < sc_T.nopen || sc_T.nopen == MAX_OPEN)
			continue;
		sc_T.open[sc_T.nopen] = (unsigned char *)(uintptr_t)p;
		sc_T.open_dest[sc_T.nopen++] = dest;
		sc_trace_mprotect((void *)(uintptr_t)p, sc_T.page,
				  dest ? PROT_READ | PROT_WRITE : PROT_READ);
	}
}

int sc_trace_is_open(uint64_t a, uint64_t len)
{
	for (uint64_t p = a & ~(uint64_t)(sc_T.page - 1); p < a + len; p += sc_T.page) {
		int k;

		for (k = 0; k < sc_T.nopen && sc_T.open[k] != (unsigned char *)(uintptr_t)p; k++)
			;
		if (k == sc_T.nopen)
			return 0;
	}
	return 1;
}
