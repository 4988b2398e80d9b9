/*
 * trace.c - the read and write trace of one call (trace.h): arm the
 * arenas' protections before the call, disarm them after.  The faults
 * and traps in between are trace_hook.c's.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../case/case.h"
#include "../memory/arena.h"
#include "../memory/demand.h"
#include "memory/trace_state.h"

extern int (*sc_trace_hook)(int sig, siginfo_t *si, void *uctx);

#define T sc_T

static void arm(void *arg)
{
	struct sc_trace *t = arg;

	T.dst = (unsigned char *)(uintptr_t)T.e->dest_now;
	T.dst_len = T.e->dest_now_len;
	if (t->watch_dest) {
		memset(T.seen, 0, T.dst_len);
		memcpy(T.shadow, T.dst, T.dst_len);
		T.nuls = 0;
		for (const unsigned char *p = T.dst; (p = memchr(p, 0, (size_t)(T.dst + T.dst_len - p)));
		     p++)
			T.nuls++;
		/* The starting NUL counts as stored: rewriting it with a non-NUL
		 * and back is a byte stored twice. */
		if (T.dst_len) {
			T.seen[T.dst_len - 1] = 1;
			T.val[T.dst_len - 1] = 0;
			T.by[T.dst_len - 1] = UINT32_MAX;
		}
	}
	/* The candidate's stack: below this hook's caller, whose frame and
	 * its callers' lie above this one (mapped); the call's return address
	 * among them (a return into the checker's code stops onward). */
	T.stack_top = (uintptr_t)__builtin_frame_address(0) + 512;
	T.nopen = 0;
	T.step = 0;
	T.reads_seen = 0;
	T.skipped_one = 0;
	T.armed = 1;
	sc_trace_hook = sc_trace_on_signal;
	sc_trace_protect();
}

int sc_trace_init(struct sc_trace *t)
{
	memset(t, 0, sizeof(*t));
	t->acc = malloc(SC_TRACE_MAX * sizeof(*t->acc));
	if (!T.seen) {
		T.seen = malloc(SC_COUNT_MAX + 64);
		T.val = malloc(SC_COUNT_MAX + 64);
		T.by = malloc((SC_COUNT_MAX + 64) * sizeof(*T.by));
		T.shadow = malloc(SC_COUNT_MAX + 64);
	}
	return t->acc && T.seen && T.val && T.by && T.shadow ? 0 : -1;
}

void sc_trace_fini(struct sc_trace *t)
{
	free(t->acc);
	t->acc = NULL;
}

/* Whether the kernel can read the page at p: it copies a signal mask from
 * it for a call it then refuses (EINVAL, no effect), or EFAULT.  No fault,
 * and not a call the tracer's own filter traps (trace_systrap.c). */
static int readable(const unsigned char *p)
{
#if defined(__x86_64__) && defined(__linux__)
	/* From the tracer's own instruction: the tracer's filter would trap a
	 * pointer into the arenas and run the call with them open. */
	return sc_trace_syscall6(SYS_rt_sigprocmask, -1, (long)(uintptr_t)p, 0, 8, 0, 0) != -EFAULT;
#else
	return syscall(SYS_rt_sigprocmask, -1, p, NULL, 8) != -1 || errno != EFAULT;
#endif
}

/* The read set only: the closed source pages on either side of the
 * allowed ones (where an over- or under-read lands first) still closed
 * after the call?  The first one found readable, or NULL.  (Every closed
 * page would cost a system call each, 80 a case.) */
static const unsigned char *reopened(const struct sc_trace *t)
{
	const unsigned char *p[2] = { t->skip_src - T.page, t->skip_src + t->skip_src_len };

	if (!t->skip_src_len)
		p[0] = p[1] = T.sdata;
	for (int i = 0; i < 2; i++)
		if (p[i] >= T.sdata && p[i] < T.sdata + T.slen && readable(p[i]))
			return p[i];
	return NULL;
}

void sc_trace_run(struct sc_engine *e, const struct sc_case *c, void *fn, struct sc_trace *t)
{
	void (*before)(void *) = e->before_call;
	void *before_arg = e->before_call_arg;
	int term = e->dest_terminated;

	t->n = 0;
	t->emulated = t->stepped = t->faults = t->onward = 0;
	t->reopened = NULL;
	t->cut = 0;
	t->flipped = 0;
	t->unterminated_at = t->rewrite_at = t->rewrite_first = -1;
	T.t = t;
	T.e = e;
	T.page = e->src.page;
	if (t->flip_read > 0) {
		/* A flip needs the reads of its byte only: its page. */
		T.sdata = (unsigned char *)((uintptr_t)t->flip_at & ~(uintptr_t)(T.page - 1));
		T.slen = T.page;
	} else {
		T.sdata = e->src.data;
		T.slen = e->src.data_len;
	}
	T.src_at = sc_arena_place(&e->src, c->src_place, c->src_off, c->src_len);
	T.src_may = sc_case_readable(c);
	T.ddata = e->dst.data;
	T.dlen = t->trace_dest || t->watch_dest ? e->dst.data_len : 0;
	/* Emulated accesses go through the arenas' writable views (stores
	 * only where dest has one and is traced). */
	T.view[0] = (struct sc_emu_view){ e->src.data, e->src.rw, t->no_emulate ? 0 : e->src.data_len };
	T.view[1] = (struct sc_emu_view){ e->dst.data, e->dst.rw,
					  T.dlen && e->dst.rw != e->dst.data && !t->no_emulate ? T.dlen : 0 };
	T.view[2] = (struct sc_emu_view){ e->dst.data, e->dst.rw,
					  e->dst.rw != e->dst.data && !t->no_emulate ? e->dst.data_len : 0 };
	/* A huge count's dest lies in its own arena: its mapped part (the
	 * string, the first bytes of a pad) is traced and watched there,
	 * stepped (no writable view); the part backed on demand after it is
	 * the demand handler's and stays untraced. */
	if (T.dlen && sc_dst_is_huge(c) && sc_demand_region(&e->hdst)) {
		T.ddata = e->hdst.data;
		T.dlen = (size_t)(sc_demand_region(&e->hdst) - e->hdst.data);
		T.view[1].len = T.view[2].len = 0;
	}
	e->before_call = arm;
	e->before_call_arg = t;
	e->dest_terminated = t->watch_dest;
	sc_run(e, c, fn, &e->cand);
	if (t->reads_only && T.armed)
		t->reopened = reopened(t);
	sc_trace_disarm();
	sc_trace_hook = NULL;
	e->before_call = before;
	e->before_call_arg = before_arg;
	e->dest_terminated = term;
}

void sc_trace_arenas(const struct sc_engine *e, uint64_t lo[SC_TRACE_ARENAS],
		     uint64_t hi[SC_TRACE_ARENAS])
{
	const unsigned char *region = sc_demand_region(&e->hdst);

	lo[0] = (uint64_t)(uintptr_t)e->src.data;
	hi[0] = lo[0] + e->src.data_len;
	lo[1] = (uint64_t)(uintptr_t)e->dst.data;
	hi[1] = lo[1] + e->dst.data_len;
	lo[2] = (uint64_t)(uintptr_t)e->hdst.data;
	hi[2] = region ? (uint64_t)(uintptr_t)region : lo[2];
}

void sc_trace_run_untraced(struct sc_engine *e, const struct sc_case *c, void *fn, int reader)
{
	int term = e->dest_terminated;

	e->dest_terminated = reader;
	sc_run(e, c, fn, &e->cand);
	e->dest_terminated = term;
}

void sc_trace_fallbacks(unsigned long *emulated, unsigned long *stepped, char *buf, size_t len)
{
	sc_emu_counts(emulated, stepped, buf, len);
}
