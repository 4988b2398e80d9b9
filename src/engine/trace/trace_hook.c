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

#include "trace_decode.h"
#include "trace_state.h"

#define T sc_T
#define TF 0x100ul  /* EFLAGS' trap flag */

int sc_trace_onward_on = 1;

#if defined(__x86_64__) && defined(__linux__)
/* The signal context's registers below are x86-64's. */
int sc_trace_inside(uint64_t a, const unsigned char *p, size_t n)
{
	return a >= (uint64_t)(uintptr_t)p && a < (uint64_t)(uintptr_t)p + n;
}

static int overlaps(uint64_t a, uint64_t len, const unsigned char *p, size_t n)
{
	uint64_t lo = (uint64_t)(uintptr_t)p;

	return a < lo + n && a + len > lo;
}

static void record(uint64_t ip, uint64_t lo, uint32_t len, int write, int dest, unsigned flags)
{
	struct sc_trace *t = T.t;
	struct sc_access *x;

	if (t->n >= SC_TRACE_MAX) {
		t->cut = 1;
		return;
	}
#ifdef SC_TRACE_BREAK
	/* Broken on purpose (tests/suite-44-trace.sh: the tests must go red):
	 * 1 skips each call's first load wider than a byte, 2 decodes each
	 * such load one byte short. */
	if (SC_TRACE_BREAK == 1 && !write && len > 1 && !T.skipped_one) {
		T.skipped_one = 1;
		return;
	}
	if (SC_TRACE_BREAK == 2 && !write && len > 1)
		len--;
#endif
	x = &t->acc[t->n++];
	x->ip = ip;
	x->lo = lo;
	x->len = len;
	x->write = (uint8_t)write;
	x->arena = dest ? 'd' : 's';
	x->flags = (uint8_t)flags;
	x->sys = 0;
}

/* Record the operands that touch the traced memory; 1 if one covers the
 * faulting address (fault 0: none to cover). */
int sc_trace_record_ops(uint64_t ip, const struct sc_mem_op *ops, int n, uint64_t fault, int fault_write,
		      int open)
{
	int covered = 0;

	for (int i = 0; i < n; i++) {
		int w = ops[i].flags & SC_MEM_WRITE;
		uint64_t a = ops[i].addr, len = ops[i].len;

		if (!len)
			continue;
		if (fault && fault >= a && fault < a + len && (w != 0) == fault_write)
			covered = 1;
		if (ops[i].flags & SC_MEM_READ && overlaps(a, len, T.sdata, T.slen)) {
			record(ip, a, (uint32_t)len, 0, 0, ops[i].flags);
			if (open)
				sc_trace_open_range(a, len, 0);
		}
		if (w && overlaps(a, len, T.ddata, T.dlen)) {
			record(ip, a, (uint32_t)len, 1, 1, ops[i].flags);
			if (open)
				sc_trace_open_range(a, len, 1);
		}
	}
	return covered;
}

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
		for (int i = 0; i < n; i++) {
			int w = ops[i].flags & SC_MEM_WRITE;

			if (!ops[i].len)
				continue;
			if ((!w && overlaps(ops[i].addr, ops[i].len, T.sdata, T.slen)) ||
			    (w && overlaps(ops[i].addr, ops[i].len, T.ddata, T.dlen)))
				if (!sc_trace_is_open(ops[i].addr, ops[i].len))
					return 0;
		}
	}
	T.step_rep = rep;
	if (!sc_trace_record_ops(ip, ops, n, fault, fault_write, 1) && fault) {
		/* Not decoded, or decoded elsewhere: the faulting byte, marked. */
		int dest = sc_trace_inside(fault, T.ddata, T.dlen);

		record(ip, fault, 1, dest, dest, SC_ACC_GUESSED);
		sc_trace_open_range(fault, 1, dest);
	}
	return 1;
}

/* After an instruction: the reader's watch over the stores it made. */
static void watch_stores(size_t from)
{
	struct sc_trace *t = T.t;
	uint64_t d = (uint64_t)(uintptr_t)T.dst;
	int stored = 0;

	for (size_t i = from; i < t->n; i++) {
		const struct sc_access *x = &t->acc[i];
		uint64_t lo = x->lo > d ? x->lo : d, hi = x->lo + x->len;

		if (!x->write)
			continue;
		stored = 1;
		if (hi > d + T.dst_len)
			hi = d + T.dst_len;
		for (uint64_t a = lo; a < hi; a++) {
			size_t j = (size_t)(a - d);
			unsigned char v = T.dst[j];

			T.nuls += (v == 0) - (T.shadow[j] == 0);
			T.shadow[j] = v;
			if (T.seen[j] && T.val[j] != v && t->rewrite_at < 0) {
				t->rewrite_at = (long)i;
				t->rewrite_first = (long)T.by[j];
				t->rewrite_byte = j;
				t->rewrite_old = T.val[j];
				t->rewrite_new = v;
			}
			T.seen[j] = 1;
			T.val[j] = v;
			T.by[j] = (uint32_t)i;
		}
	}
	if (stored && t->unterminated_at < 0 && T.dst_len && !T.nuls)
		t->unterminated_at = (long)t->n - 1;
}

/* The flip's byte was read for the flip_read-th time by this instruction. */
static int flip_due(struct sc_trace *t)
{
	uint64_t b = (uint64_t)(uintptr_t)t->flip_at;

	for (size_t i = T.step_first; i < t->n; i++)
		if (!t->acc[i].write && t->acc[i].lo <= b && b < t->acc[i].lo + t->acc[i].len &&
		    ++T.reads_seen >= t->flip_read)
			return 1;
	return 0;
}

/* An instruction's accesses are done: watch, and flip if due (then the
 * rest of the call runs untraced).  1 if it flipped. */
int sc_trace_done(struct sc_trace *t)
{
	if (t->watch_dest)
		watch_stores(T.step_first);
	if (t->flip_read > 0 && !t->flipped && flip_due(t)) {
		*t->flip_rw = t->flip_to;
		t->flipped = 1;
		sc_trace_close_open();
		sc_trace_disarm();
		return 1;
	}
	return 0;
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

_Static_assert(SC_ACC_KERNEL == SC_MEM_KERNEL, "an access keeps its operand's flags");

void sc_trace_kernel_access(uint64_t ip, uint64_t lo, uint64_t len, int write, int nr)
{
	struct sc_mem_op op = { lo, (uint32_t)len, (write ? SC_MEM_WRITE : SC_MEM_READ) | SC_MEM_KERNEL };

	if (!T.armed || !len)
		return;
	T.step_first = T.t->n;
	sc_trace_record_ops(ip, &op, 1, 0, 0, 0);
	for (size_t i = T.step_first; i < T.t->n; i++)
		T.t->acc[i].sys = (uint16_t)nr;
	sc_trace_done(T.t);
}

int sc_trace_on_signal(int sig, siginfo_t *si, void *uctx)
{
	ucontext_t *uc = uctx;
	struct sc_trace *t = T.t;

	sc_emu_fault(sig, uctx);  /* a fault of the tracer's own out-of-line copy */
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
void sc_trace_kernel_access(uint64_t ip, uint64_t lo, uint64_t len, int write, int nr)
{
	(void)ip, (void)lo, (void)len, (void)write, (void)nr;
}

int sc_trace_on_signal(int sig, siginfo_t *si, void *uctx)
{
	(void)sig, (void)si, (void)uctx;
	return 0;  /* no tracer off x86-64 (trace_probe.c says so) */
}
#endif
