/*
 * trace_record.c - what the traced call did, recorded (trace_state.h): an
 * instruction's operands that touch the traced memory kept as accesses,
 * then watched (the reader's rule over stores) and the flip made if its
 * read came.  Shared by the fault handler (trace_hook.c) and the onward
 * emulation (trace_onward_run.c), which both record here.
 */
#include <signal.h>
#include <string.h>

#include "../insn/trace_decode.h"
#include "trace_state.h"

#define T sc_T

int sc_trace_onward_on = 1;

#if defined(__x86_64__) && defined(__linux__)
int sc_trace_inside(uint64_t a, const unsigned char *p, size_t n)
{
	return a >= (uint64_t)(uintptr_t)p && a < (uint64_t)(uintptr_t)p + n;
}

int sc_trace_overlaps(uint64_t a, uint64_t len, const unsigned char *p, size_t n)
{
	uint64_t lo = (uint64_t)(uintptr_t)p;

	return a < lo + n && a + len > lo;
}

void sc_trace_record(uint64_t ip, uint64_t lo, uint32_t len, int write, int dest, unsigned flags)
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
		if (ops[i].flags & SC_MEM_READ && sc_trace_overlaps(a, len, T.sdata, T.slen)) {
			sc_trace_record(ip, a, (uint32_t)len, 0, 0, ops[i].flags);
			if (open)
				sc_trace_open_range(a, len, 0);
		}
		if (w && sc_trace_overlaps(a, len, T.ddata, T.dlen)) {
			sc_trace_record(ip, a, (uint32_t)len, 1, 1, ops[i].flags);
			if (open)
				sc_trace_open_range(a, len, 1);
		}
	}
	return covered;
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

_Static_assert(SC_ACC_KERNEL == SC_MEM_KERNEL, "an access keeps its operand's flags");

void sc_trace_kernel_access(uint64_t ip, uint64_t lo, uint64_t len, int write, int nr, unsigned flags)
{
	struct sc_mem_op op = { lo, (uint32_t)len, (write ? SC_MEM_WRITE : SC_MEM_READ) | SC_MEM_KERNEL | flags };

	if (!T.armed || !len)
		return;
	T.step_first = T.t->n;
	sc_trace_record_ops(ip, &op, 1, 0, 0, 0);
	for (size_t i = T.step_first; i < T.t->n; i++)
		T.t->acc[i].sys = (uint16_t)nr;
	sc_trace_done(T.t);
}

#else
void sc_trace_kernel_access(uint64_t ip, uint64_t lo, uint64_t len, int write, int nr, unsigned flags)
{
	(void)ip, (void)lo, (void)len, (void)write, (void)nr, (void)flags;
}

#endif
