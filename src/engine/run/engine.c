/*
 * engine.c - the runner: place a case in the guard arenas, lay the canary
 * and filler patterns around it, call the function under the fault
 * handlers and the watchdog, keep the outcome (engine.h).
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <ucontext.h>

#include "../../../ref/ref.h"
#include "../memory/demand.h"
#include "engine.h"
#include "engine_call.h"
#include "watchdog.h"
#include "../memory/fixup.h"
#include "../base/clock.h"
#include "../base/mem.h"

volatile unsigned long sc_calls;
/* The tracer's faults and traps during a traced call (trace.c). */
int (*sc_trace_hook)(int sig, siginfo_t *si, void *uctx);
char (*sc_fault_decode)(void *uctx, uintptr_t *addr);

/*
 * Fault handling.  The handlers run with SA_NODEFER, so jumping out of one
 * leaves no signal blocked and sigsetjmp need not save the mask: a case
 * costs no system call.  A fault outside a candidate call is the checker's
 * own bug: the handler restores the default action and lets it kill us.
 */
static sigjmp_buf call_env;
static __thread volatile sig_atomic_t in_call;  /* per thread: only the caller jumps */
static struct {
	int signo;
	char access, no_addr;
	uintptr_t addr;
} last_fault;


static const int fault_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };

static char fault_access(void *uctx)
{
#if defined(__x86_64__) && defined(REG_ERR)
	/* Page-fault error code: bit 1 set for a write. */
	return (((ucontext_t *)uctx)->uc_mcontext.gregs[REG_ERR] & 2) ? 'w' : 'r';
#else
	(void)uctx;
	return '?';
#endif
}

/* A sanitizer's runtime owns SIGSEGV first: its builds keep the counter. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ENGINE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define ENGINE_SANITIZED 1
#endif
#endif
#ifndef ENGINE_SANITIZED
#define ENGINE_SANITIZED 0
#endif

#if defined(__x86_64__) && defined(PR_SET_TSC) && !ENGINE_SANITIZED
#define TSC_TRAP 1
/*
 * The time-stamp counter, served while it traps (sc_engine_trap_tsc): a
 * virtual counter that advances by one step per read, whatever ran
 * between two reads, so a traced call (microseconds per access) and an
 * untraced one time the same from inside.  rdtsc (0f 31) and rdtscp
 * (0f 01 f9, TSC_AUX 0) raise SIGSEGV with SI_KERNEL; anything else is
 * not ours.
 */
#define TSC_STEP 64
static uint64_t virtual_tsc = (uint64_t)1 << 40;

static int serve_tsc(int sig, const siginfo_t *si, void *uctx)
{
	greg_t *r = ((ucontext_t *)uctx)->uc_mcontext.gregs;
	const unsigned char *ip = (const unsigned char *)r[REG_RIP];
	int len;
	uint64_t v;

	if (sig != SIGSEGV || si->si_code != SI_KERNEL || !ip || ip[0] != 0x0f)
		return 0;
	len = ip[1] == 0x31 ? 2 : ip[1] == 0x01 && ip[2] == 0xf9 ? 3 : 0;
	if (!len)
		return 0;
	v = __atomic_add_fetch(&virtual_tsc, TSC_STEP, __ATOMIC_RELAXED);
	r[REG_RAX] = (greg_t)(uint32_t)v;
	r[REG_RDX] = (greg_t)(v >> 32);
	if (len == 3)
		r[REG_RCX] = 0;
	r[REG_RIP] += len;
	return 1;
}
#else
#define TSC_TRAP 0
#endif

int sc_clock_coarse;  /* base/clock.h */

int sc_engine_trap_tsc(void)
{
#if TSC_TRAP
	uint64_t before = __atomic_load_n(&virtual_tsc, __ATOMIC_RELAXED);
	uint32_t lo, hi;

	if (prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0) != 0)
		return 0;
	/* One read of our own: served (the virtual counter moved) or native. */
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	(void)lo, (void)hi;
	if (__atomic_load_n(&virtual_tsc, __ATOMIC_RELAXED) == before) {
		prctl(PR_SET_TSC, PR_TSC_ENABLE, 0, 0, 0);
		return -1;
	}
	sc_clock_coarse = 1;
	return 1;
#else
	return 0;
#endif
}

static void on_signal(int sig, siginfo_t *si, void *uctx)
{
	/* Only a fault or trap the kernel sent (si_code > 0) is the tracer's,
	 * a fixup's or the demand pager's: a signal the candidate sends itself
	 * (raise, sigqueue: SI_TKILL, SI_USER, SI_QUEUE) is its own crash. */
	int kernel = si->si_code > 0;

#if TSC_TRAP
	if (serve_tsc(sig, si, uctx))
		return;
#endif
	if (sc_trace_hook && in_call && kernel && sc_trace_hook(sig, si, uctx))
		return;
	if (sig == SIGALRM) {
		if (!sc_watchdog_tick(si, in_call, sc_calls))
			return;
	} else if (!in_call) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	/* A load the kernel would fix up (kernel shims' exception table). */
	if ((sig == SIGSEGV || sig == SIGBUS) && kernel && sc_fault_fixup && sc_fault_fixup(si, uctx))
		return;
	/* A huge count's dest, backed as the call reaches it. */
	if ((sig == SIGSEGV || sig == SIGBUS) && sc_demand_fault(si, fault_access(uctx)))
		return;
	in_call = 0;
	last_fault.signo = sig;
	last_fault.addr = (uintptr_t)si->si_addr;
	last_fault.access = (sig == SIGSEGV || sig == SIGBUS) ? fault_access(uctx) : '?';
	/* A general-protection fault (a non-canonical address) has no
	 * address and no read/write bit: both come from the instruction. */
	last_fault.no_addr = sig == SIGSEGV && si->si_code == SI_KERNEL;
	if (last_fault.no_addr)
		last_fault.access = sc_fault_decode ? sc_fault_decode(uctx, &last_fault.addr) : '?';
	siglongjmp(call_env, 1);
}

int sc_engine_init(struct sc_engine *e, unsigned timeout_ms)
{
	static char *alt_stack;
	size_t data_len;
	struct sigaction sa;

	memset(e, 0, sizeof(*e));
	data_len = SC_ARENA_DATA;
	if (sc_arena_init(&e->src, data_len, SC_ARENA_READ_ONLY) != 0)
		return -1;
	if (sc_arena_init(&e->dst, data_len, SC_ARENA_ALIASED) != 0) {
		sc_arena_free(&e->src);
		return -1;
	}
	if (sc_demand_init(&e->hdst) != 0) {
		sc_arena_free(&e->src);
		sc_arena_free(&e->dst);
		return -1;
	}
	e->cand_img = malloc(SC_COUNT_MAX + 2 * SC_MARGIN);
	e->ref_img = malloc(SC_COUNT_MAX + 2 * SC_MARGIN);
	e->cand.win = e->cand_img;
	e->ref.win = e->ref_img;
	if (!e->cand_img || !e->ref_img) {
		sc_engine_fini(e);
		errno = ENOMEM;
		return -1;
	}

	/* A candidate may fault with its stack exhausted: handle on our own. */
	if (!alt_stack) {
		stack_t ss = { .ss_size = 1 << 18 };

		alt_stack = malloc(ss.ss_size);
		ss.ss_sp = alt_stack;
		if (alt_stack)
			sigaltstack(&ss, NULL);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(fault_signals) / sizeof(fault_signals[0]); i++)
		sigaction(fault_signals[i], &sa, NULL);
	if (timeout_ms)
		sigaction(SIGALRM, &sa, NULL);
	if (sc_watchdog_start(timeout_ms, SC_CALL_WALL_FACTOR, sc_calls) != 0) {
		int err = errno;

		sc_engine_fini(e);
		errno = err;
		return -1;
	}
	return 0;
}

void sc_engine_fini(struct sc_engine *e)
{
	sc_watchdog_stop();
	sc_arena_free(&e->src);
	sc_arena_free(&e->dst);
	sc_demand_fini(&e->hdst);
	free(e->cand_img);
	free(e->ref_img);
	e->cand_img = e->ref_img = NULL;
	e->cand.win = e->ref.win = NULL;
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* Place the case's source (with filler) and work out where dest and its
 * window go; the outcome's fields are reset for a call. */
void sc_place_case(struct sc_engine *e, const struct sc_case *c, struct sc_outcome *out)
{
	size_t n = sc_case_dst_len(c), after;
	unsigned char *src = sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);
	unsigned char *dst;
	unsigned char *rw = sc_arena_rw(&e->src, src);
	size_t src_before = min_size(SC_MARGIN, (size_t)(src - e->src.data));
	size_t src_after = min_size(SC_MARGIN, (size_t)(e->src.data + e->src.data_len - src) - c->src_len);

	/* Source with filler around it, written through the writable view. */
	sc_memcpy(rw - src_before, sc_filler_before(src_before), src_before);
	sc_memcpy(rw, c->src, c->src_len);
	sc_memcpy(rw + c->src_len, sc_filler_from(c->src_len), src_after);

	if (sc_dst_is_huge(c)) {
		/* Its mapped part to the region backed on demand: all of it dest. */
		dst = sc_demand_place(&e->hdst, c->dst_place, c->dst_off, &n);
		out->before = min_size(SC_MARGIN, (size_t)(dst - e->hdst.data));
		after = 0;
	} else {
		dst = sc_arena_place(&e->dst, c->dst_place, c->dst_off, n);
		out->before = min_size(SC_MARGIN, (size_t)(dst - e->dst.data));
		after = min_size(SC_MARGIN, (size_t)(e->dst.data + e->dst.data_len - dst) - n);
	}
	out->win_len = out->before + n + after;
	out->src = src;
	out->dst = dst;
	out->dst_len = n;
	out->stop = SC_RETURNED;
	out->signo = 0;
	out->access = 0;
	out->fault_addr = 0;
	out->no_addr = 0;
	out->fault_arena = 0;
	out->fault_region = SC_OUTSIDE;
	out->ret = 0;
	out->count = sc_case_count(c, src, dst);
}

/* Call fn on the placed source and dst (out->dst, or the reference's
 * image) under the fault handlers. */
void sc_call_guarded(struct sc_engine *e, const struct sc_case *c, void *fn, unsigned char *dst,
		     struct sc_outcome *out)
{
	unsigned char *src = (unsigned char *)out->src;

	if (sigsetjmp(call_env, 0) == 0) {
		size_t count = (size_t)out->count;

		/* The reference pads a huge strscpy_pad count only as far as dest is
		 * mapped (its image's size): the rest is judged as zero-padded by
		 * judge/judge_demand.c.  Its return is the same (the string fits). */
		if (out == &e->ref && c->api == SC_STRSCPY_PAD && sc_count_is_huge(c) &&
		    out->count <= INT_MAX)
			count = out->dst_len;
		sc_demand_arm(&e->hdst, dst, out->count);
		sc_calls++;
		in_call = 1;
		switch (c->api) {
		case SC_STRSCPY:
		case SC_STRSCPY_PAD:
			out->ret = ((sc_strscpy_fn)fn)((char *)dst, (const char *)src, count);
			break;
		case SC_STRLCPY:
		case SC_STRLCAT:
			out->ret = (int64_t)((sc_strlcpy_fn)fn)((char *)dst, (const char *)src, count);
			break;
		case SC_MEMCCPY: {
			void *p = ((sc_memccpy_fn)fn)(dst, src, (int)c->ch, count);

			out->ret = p ? (int64_t)((uintptr_t)p - (uintptr_t)dst) : SC_RET_NULL;
			break;
		}
		default:
			out->ret = ((sc_strncpy_fn)fn)((char *)dst, (const char *)src, count) - (char *)dst;
			break;
		}
		in_call = 0;
		sc_demand_disarm();
	} else {
		sc_demand_disarm();
		out->signo = last_fault.signo;
		out->fault_addr = last_fault.addr;
		out->access = last_fault.access;
		out->no_addr = last_fault.no_addr;
		if (last_fault.signo == SIGALRM) {
			out->stop = SC_HUNG;
		} else if (last_fault.signo == SIGSEGV || last_fault.signo == SIGBUS) {
			out->stop = SC_FAULTED;
			if (last_fault.no_addr)
				;  /* not a page's fault: no arena, no guard */
			else if ((out->fault_region = sc_arena_region(&e->src, last_fault.addr)) != SC_OUTSIDE)
				out->fault_arena = 's';
			else if ((out->fault_region = sc_arena_region(&e->dst, last_fault.addr)) != SC_OUTSIDE)
				out->fault_arena = 'd';
			else if ((out->fault_region = sc_arena_region(&e->hdst, last_fault.addr)) != SC_OUTSIDE)
				out->fault_arena = 'd';
			if (sc_demand_was_cut() && sc_dst_is_huge(c))
				out->stop = SC_CUT;
		} else {
			out->stop = SC_SIGNALLED;
		}
	}
}

/* Lay the canaries over the window and call fn; the image stays in the
 * arena, at dst - before. */
void sc_run_in_arena(struct sc_engine *e, const struct sc_case *c, void *fn,
		     struct sc_outcome *out)
{
	unsigned char *dst, *win;

	/* The candidate's pages backed on demand last time go back (kept
	 * through the reference's run until judged). */
	if (out == &e->cand)
		sc_demand_reset(&e->hdst);
	sc_place_case(e, c, out);
	dst = (unsigned char *)out->dst;
	win = dst - out->before;
	/* Destination and the margins around it: canaries. */
	sc_memcpy(win, sc_canaries(-(int64_t)out->before), out->win_len);
	sc_memcpy(dst, c->dst_init, c->dst_init_len);
	if (e->dest_terminated && out->dst_len)
		dst[out->dst_len - 1] = 0;
	e->dest_now = dst;
	e->dest_now_len = out->dst_len;
	if (e->before_call)
		e->before_call(e->before_call_arg);
	sc_call_guarded(e, c, fn, dst, out);
}

void sc_run(struct sc_engine *e, const struct sc_case *c, void *fn, struct sc_outcome *out)
{
	unsigned char *img = out == &e->ref ? e->ref_img : e->cand_img;

	if (out == &e->ref)
		e->ref_ok = 0;  /* not run_reference's image any more */
	sc_run_in_arena(e, c, fn, out);
	out->win = img;
	sc_memcpy(img, (unsigned char *)out->dst - out->before, out->win_len);
}
