/*
 * trace_onward_run.c - after a performed access, the instructions that
 * follow performed in the handler too (trace_state.h, sc_trace_onward):
 * the plain ones by trace_onward.c, the accesses of the arenas and the
 * candidate's stack by the emulator, each access that touches a page the
 * trace keeps closed recorded, watched and flipped as its fault would have
 * been.  Native execution resumes at the first instruction neither can
 * perform, or at a flip.
 */
#include <stdio.h>
#include <string.h>

#include "../run/engine.h"
#include "insn/trace_emulate.h"
#include "memory/trace_state.h"

#if defined(__x86_64__) && defined(__linux__)

#define T sc_T

/* Whether [a, a+len) touches a page the trace keeps closed (so that,
 * natively, the access would fault): the traced data less the pages left
 * open. */
static int closed(uint64_t a, uint64_t len, int dest)
{
	const struct sc_trace *t = T.t;
	const unsigned char *base = dest ? T.ddata : T.sdata, *skip = dest ? t->skip_dst : t->skip_src;
	size_t n = dest ? T.dlen : T.slen, skip_len = dest ? t->skip_dst_len :
				       (t->flip_read <= 0 ? t->skip_src_len : 0);

	for (uint64_t p = a & ~(uint64_t)(T.page - 1); p < a + len; p += T.page)
		if (sc_trace_inside(p, base, n) && !sc_trace_inside(p, skip, skip_len))
			return 1;
	return 0;
}

/* The views an instruction performed onward goes through: the source,
 * dest's whole arena where its stores are not traced, and the stack from
 * the red zone below RSP up to the frame that made the call. */
static const struct sc_emu_view *onward_views(const ucontext_t *uc)
{
	static struct sc_emu_view v[3];
	uintptr_t lo = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP] - 128;

	v[0] = T.view[0];
	v[1] = T.view[1].len ? T.view[1] : T.view[2];
	/* (a stack switched elsewhere, far below: none) */
	v[2] = (struct sc_emu_view){ (unsigned char *)lo, (unsigned char *)lo,
				     T.stack_top > lo && T.stack_top - lo < (1u << 20) ? T.stack_top - lo : 0 };
	return v;
}

/* [a, a+len) inside view k. */
static int in_view(const struct sc_emu_view *v, int k, uint64_t a, uint64_t len)
{
	return sc_trace_inside(a, v[k].data, v[k].len) && sc_trace_inside(a + len - 1, v[k].data, v[k].len);
}

/* One element of a string instruction performed onward (sc_emu_rep):
 * recorded, watched and flipped where it touches a closed page; nonzero
 * stops the instruction there (a flip: the rest runs natively). */
static int onward_element(uint64_t ip, const struct sc_mem_op *ops, int n)
{
	size_t first = T.t->n;
	int traced = 0;

	for (int i = 0; i < n; i++)
		if ((ops[i].flags & SC_MEM_READ && closed(ops[i].addr, ops[i].len, 0)) ||
		    (ops[i].flags & SC_MEM_WRITE && closed(ops[i].addr, ops[i].len, 1)))
			traced = 1;
	if (!traced)
		return 0;
	sc_calls++;  /* progress, for the watchdog */
	sc_trace_record_ops(ip, ops, n, 0, 0, 0);
	T.step_first = first;
	return sc_trace_done(T.t);
}

/* The instruction at RIP, an access inside the arenas' views, performed
 * onward: recorded, watched and flipped where it touches a closed page,
 * as its fault would have been.  0 if it is not one (nothing done). */
static int onward_access(ucontext_t *uc)
{
	struct sc_mem_op ops[SC_MEM_OPS_MAX];
	const struct sc_emu_view *v = onward_views(uc);
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	size_t first = T.t->n;
	int rep, n = sc_decode_mem(uc, ops, SC_MEM_OPS_MAX, &rep), traced = 0;

	/* String instructions (rep or not) element by element (trace_rep.c).
	 * A rep one left unfinished (a flip, an element outside the views)
	 * goes on natively. */
	if (n > 0 && sc_emu_rep(uc, v, onward_element) > 0)
		return (uint64_t)uc->uc_mcontext.gregs[REG_RIP] != ip;
	if (n <= 0 || rep || !sc_emu_can(uc))
		return 0;
	for (int i = 0; i < n; i++) {
		int w = (ops[i].flags & SC_MEM_WRITE) != 0;
		uint64_t a = ops[i].addr, len = ops[i].len;

		if (!len)
			continue;
		if (!(in_view(v, 0, a, len) && !w) && !in_view(v, 1, a, len) && !in_view(v, 2, a, len))
			return 0;  /* outside the arenas' data and the stack (a guard) */
		if ((ops[i].flags & SC_MEM_READ && closed(a, len, 0)) || (w && closed(a, len, 1)))
			traced = 1;
	}
	if (!sc_emu(uc, ops, n, v))
		return 0;
	T.t->emulated++;
#if defined(SC_TRACE_BREAK) && SC_TRACE_BREAK == 6
	traced = 0;  /* broken on purpose (suite-44): accesses performed onward go unrecorded */
#endif
	if (traced) {
		sc_calls++;  /* progress, for the watchdog */
		sc_trace_record_ops(ip, ops, n, 0, 0, 0);
		T.step_first = first;
		sc_trace_done(T.t);
	}
	return 1;
}

/* Where onward stopped, by mnemonic (the bench's log). */
static struct { int m; unsigned long n; } stops[16];

static void stopped_at(ucontext_t *uc)
{
	int m = sc_insn_mnemonic(uc), i;

	for (i = 0; i < 16 && stops[i].n && stops[i].m != m; i++)
		;
	if (i < 16) {
		stops[i].m = m;
		stops[i].n++;
	}
}

void sc_trace_onward_stops(char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = 0;
	for (int i = 0; i < 16 && stops[i].n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s x%lu", i ? "; " : "",
				       sc_insn_mnemonic_name(stops[i].m), stops[i].n);
}

/* Most instructions performed onward from one fault, so that a long loop
 * returns to native execution (and its signals) now and then. */
#define ONWARD_MAX 65536

/* After a performed access: the instructions that follow, performed here
 * too while they touch only registers and the arenas' data (a loop
 * iteration, or the whole call, for one fault); native execution resumes,
 * the pages closed, at the first that cannot be performed exactly (a call,
 * a system call, the stack, a form the emulator leaves to the single
 * step) or at a flip (the rest runs untraced). */
void sc_trace_onward(void *uctx)
{
	ucontext_t *uc = uctx;
	struct sc_trace *t = T.t;
	int k;

	if (t->no_onward || t->no_emulate || !sc_trace_onward_on)
		return;
	for (unsigned i = 0; i < ONWARD_MAX && T.armed && !T.step && t->n < SC_TRACE_MAX; i++) {
		if ((k = sc_trace_onward_plain(uc)) > 0)
			t->onward += (size_t)k;
		else if (onward_access(uc))
			t->onward++;
		else {
			stopped_at(uc);
			return;
		}
	}
}

#else

void sc_trace_onward(void *uctx)
{
	(void)uctx;
}

void sc_trace_onward_stops(char *buf, size_t len)
{
	if (len)
		buf[0] = 0;
}

#endif
