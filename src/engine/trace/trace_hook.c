/*
 * trace_hook.c - the traced call's faults and traps (trace.h).  A fault on
 * a traced page is decoded; an ordinary access is performed by the tracer
 * (trace_emulate.h) and recorded, and the call goes on at the next
 * instruction.  What cannot be performed exactly is single-stepped: its
 * pages opened, the trap flag set, and the SIGTRAP after it closes them.
 */
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "insn/trace_decode.h"
#include "memory/trace_state.h"

#define T sc_T
#define TF 0x100ul  /* EFLAGS' trap flag */

#if defined(__x86_64__) && defined(__linux__)
/* The signal context's registers below are x86-64's. */
/*
 * The accesses of the instruction at the context's RIP that touch the
 * traced memory: recorded, their pages opened.  check_open: record only if
 * every one lies in pages already open (a rep instruction's next element);
 * returns 0 when one does not.  fault: the address that faulted (0: none).
 */
static int take(ucontext_t *uc, uint64_t fault, int fault_write, int check_open)
{
	struct sc_mem_op ops[SC_MEM_OPS_MAX];
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	int rep, n = sc_decode_mem(uc, ops, SC_MEM_OPS_MAX, &rep);

	if (check_open) {
		int traced = 0;

		for (int i = 0; i < n; i++) {
			int w = ops[i].flags & SC_MEM_WRITE;

			if (!ops[i].len)
				continue;
			if ((!w && sc_trace_overlaps(ops[i].addr, ops[i].len, T.sdata, T.slen)) ||
			    (w && sc_trace_overlaps(ops[i].addr, ops[i].len, T.ddata, T.dlen))) {
				if (!sc_trace_is_open(ops[i].addr, ops[i].len))
					return 0;
				traced = 1;
			}
		}
		/* Past the traced memory (a huge count's dest backed on demand):
		 * the rest runs natively, one trap an element would not end. */
		if (!traced)
			return 0;
	}
	T.step_rep = rep;
	if (!sc_trace_record_ops(ip, ops, n, fault, fault_write, 1) && fault) {
		/* Not decoded, or decoded elsewhere: the faulting byte, marked. */
		int dest = sc_trace_inside(fault, T.ddata, T.dlen);

		sc_trace_record(ip, fault, 1, dest, dest, SC_ACC_GUESSED);
		sc_trace_open_range(fault, 1, dest);
	}
	return 1;
}

/* One element of a rep movs or rep stos, performed: recorded, watched,
 * flipped if due; nonzero stops the instruction there. */
static int rep_element(uint64_t ip, const struct sc_mem_op *ops, int n)
{
	struct sc_trace *t = T.t;

	if (t->n >= SC_TRACE_MAX) {
		t->cut = 1;
		sc_trace_disarm();
		return 1;
	}
	T.step_first = t->n;
	sc_trace_record_ops(ip, ops, n, 0, 0, 0);
	t->emulated++;
	return sc_trace_done(t);
}

/* A fault on a traced page, performed here: 1 if it was. */
static int emulate(ucontext_t *uc, uint64_t a, int w)
{
	struct sc_mem_op ops[SC_MEM_OPS_MAX];
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	size_t first = T.t->n;
	int rep, n = sc_decode_mem(uc, ops, SC_MEM_OPS_MAX, &rep), covered = 0;

	for (int i = 0; i < n; i++)
		if (a >= ops[i].addr && a < ops[i].addr + ops[i].len &&
		    ((ops[i].flags & SC_MEM_WRITE) != 0) == w)
			covered = 1;
	if (!covered || !sc_emu(uc, ops, n, (const struct sc_emu_view[3]){ T.view[0], T.view[1], { 0 } }))
		return 0;
	sc_trace_record_ops(ip, ops, n, 0, 0, 0);
	T.t->emulated++;
	T.step_first = first;
	sc_trace_done(T.t);
	return 1;
}

int sc_trace_on_signal(int sig, siginfo_t *si, void *uctx)
{
	ucontext_t *uc = uctx;
	struct sc_trace *t = T.t;

	sc_emu_fault(sig, uctx);  /* a fault of the tracer's own out-of-line copy */
	if (sig == SIGTRAP && sc_trace_sysgen_back(uctx))
		return 1;  /* a system call run natively, back */
	if (!T.armed)
		return 0;
	if (sig == SIGSEGV) {
		uint64_t a = (uint64_t)(uintptr_t)si->si_addr;
		int w = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
		int in_s = sc_trace_inside(a, T.sdata, T.slen), in_d = sc_trace_inside(a, T.ddata, T.dlen);

		/* Guard pages, a store to the source: the ordinary fault. */
		if (!(in_s && !w) && !(in_d && w))
			return 0;
		if (t->n >= SC_TRACE_MAX) {
			t->cut = 1;
			sc_trace_disarm();
			return 1;
		}
		sc_calls++;  /* progress, for the watchdog */
		t->faults++;
		if (!T.step && !t->no_emulate &&
		    (sc_emu_rep(uc, T.view, rep_element) >= 0 || emulate(uc, a, w))) {
			sc_trace_onward(uc);
			return 1;
		}
		if (!T.step) {
			T.step_first = t->n;
			T.step_ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
			t->stepped++;
		}
		take(uc, a, w, 0);
		T.step = 1;
		uc->uc_mcontext.gregs[REG_EFL] |= TF;
		return 1;
	}
	if (sig != SIGTRAP || !T.step)
		return 0;
	t->faults++;
	/* The instruction ran: its accesses are done. */
	if (sc_trace_done(t)) {
		uc->uc_mcontext.gregs[REG_EFL] &= ~TF;
		return 1;
	}
	/* A rep string instruction not done yet: its next element, if its
	 * pages are open already, is taken here without another fault. */
	if (T.step_rep && (uint64_t)uc->uc_mcontext.gregs[REG_RIP] == T.step_ip &&
	    t->n < SC_TRACE_MAX) {
		size_t first = t->n;

		if (take(uc, 0, 0, 1)) {
			T.step_first = first;
			sc_calls++;  /* progress, for the watchdog */
			return 1;  /* the trap flag stays set */
		}
	}
	sc_trace_close_open();
	T.step = 0;
	uc->uc_mcontext.gregs[REG_EFL] &= ~TF;
	return 1;
}
#else
int sc_trace_on_signal(int sig, siginfo_t *si, void *uctx)
{
	(void)sig, (void)si, (void)uctx;
	return 0;  /* no tracer off x86-64 (trace_probe.c says so) */
}
#endif
