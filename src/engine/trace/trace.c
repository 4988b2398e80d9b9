/*
 * trace.c - the read and write trace of one call (trace.h): page
 * protection, a SIGSEGV hook that records each access and opens its
 * pages, the trap flag, and a SIGTRAP hook that closes them again.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "trace.h"
#include "trace_decode.h"

/* engine.c calls this first in its SIGSEGV and SIGTRAP handler during a
 * call; nonzero: the tracer's own fault or trap, handled. */
extern int (*sc_trace_hook)(int sig, siginfo_t *si, void *uctx);

#define TF 0x100ul  /* EFLAGS' trap flag */
#define MAX_OPEN 16

/* The one traced call (calls are traced one at a time, on one thread). */
static struct {
	struct sc_trace *t;
	struct sc_engine *e;
	unsigned char *sdata, *ddata;
	size_t slen, dlen, page;
	unsigned char *dst;            /* dest and the bytes it may write */
	size_t dst_len;
	int armed;
	/* pages opened for the instruction being stepped */
	unsigned char *open[MAX_OPEN];
	int open_dest[MAX_OPEN], nopen;
	int step, step_rep;
	size_t step_first;             /* its first access */
	uint64_t step_ip;
	long reads_seen;               /* the flip's byte's reads so far */
	int skipped_one;               /* SC_TRACE_BREAK 1 */
	/* reader: per dest byte, stored yet, its value, by which access; dest
	 * as last seen, and how many NULs it holds (0: unterminated) */
	unsigned char *seen, *val, *shadow;
	uint32_t *by;
	size_t nuls;
} T;

static void disarm(void)
{
	if (!T.armed)
		return;
	T.nopen = 0;
	T.step = 0;
	sc_trace_mprotect(T.sdata, T.slen, PROT_READ);
	if (T.dlen)
		sc_trace_mprotect(T.ddata, T.dlen, PROT_READ | PROT_WRITE);
	T.armed = 0;
}

#if defined(__x86_64__) && defined(__linux__)
/* The signal context's registers below are x86-64's. */
static void close_open(void)
{
	for (int i = 0; i < T.nopen; i++)
		sc_trace_mprotect(T.open[i], T.page, T.open_dest[i] ? PROT_READ : PROT_NONE);
	T.nopen = 0;
}

static int inside(uint64_t a, const unsigned char *p, size_t n)
{
	return a >= (uint64_t)(uintptr_t)p && a < (uint64_t)(uintptr_t)p + n;
}

/* Open the pages of [a, a+len) that are in the arena's data. */
static void open_range(uint64_t a, uint64_t len, int dest)
{
	unsigned char *base = dest ? T.ddata : T.sdata;
	size_t n = dest ? T.dlen : T.slen;
	uint64_t lo = (uint64_t)(uintptr_t)base, hi = lo + n, end = a + (len ? len : 1);

	if (a < lo)
		a = lo;
	if (end > hi)
		end = hi;
	for (uint64_t p = a & ~(uint64_t)(T.page - 1); p < end; p += T.page) {
		int k;

		for (k = 0; k < T.nopen && T.open[k] != (unsigned char *)(uintptr_t)p; k++)
			;
		if (k < T.nopen || T.nopen == MAX_OPEN)
			continue;
		T.open[T.nopen] = (unsigned char *)(uintptr_t)p;
		T.open_dest[T.nopen++] = dest;
		sc_trace_mprotect((void *)(uintptr_t)p, T.page,
				  dest ? PROT_READ | PROT_WRITE : PROT_READ);
	}
}

static int is_open(uint64_t a, uint64_t len)
{
	for (uint64_t p = a & ~(uint64_t)(T.page - 1); p < a + len; p += T.page) {
		int k;

		for (k = 0; k < T.nopen && T.open[k] != (unsigned char *)(uintptr_t)p; k++)
			;
		if (k == T.nopen)
			return 0;
	}
	return 1;
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
}

/*
 * The accesses of the instruction at the context's RIP that touch the
 * traced memory: recorded, their pages opened.  check_open: record only if
 * every one lies in pages already open (a rep instruction's next element);
 * returns 0 when one does not.  fault: the address that faulted (0: none).
 */
static int take(ucontext_t *uc, uint64_t fault, int fault_write, int check_open)
{
	struct sc_mem_op ops[4];
	uint64_t ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
	int rep, n = sc_decode_mem(uc, ops, 4, &rep), covered = 0;

	if (check_open) {
		for (int i = 0; i < n; i++) {
			int w = ops[i].flags & SC_MEM_WRITE;

			if (!ops[i].len)
				continue;
			if ((!w && overlaps(ops[i].addr, ops[i].len, T.sdata, T.slen)) ||
			    (w && overlaps(ops[i].addr, ops[i].len, T.ddata, T.dlen)))
				if (!is_open(ops[i].addr, ops[i].len))
					return 0;
		}
	}
	T.step_rep = rep;
	for (int i = 0; i < n; i++) {
		int w = ops[i].flags & SC_MEM_WRITE;
		uint64_t a = ops[i].addr, len = ops[i].len;

		if (!len)
			continue;
		if (fault && fault >= a && fault < a + len && (w != 0) == fault_write)
			covered = 1;
		if (ops[i].flags & SC_MEM_READ && overlaps(a, len, T.sdata, T.slen)) {
			record(ip, a, (uint32_t)len, 0, 0, ops[i].flags);
			open_range(a, len, 0);
		}
		if (w && overlaps(a, len, T.ddata, T.dlen)) {
			record(ip, a, (uint32_t)len, 1, 1, ops[i].flags);
			open_range(a, len, 1);
		}
	}
	if (fault && !covered) {
		/* Not decoded, or decoded elsewhere: the faulting byte, marked. */
		int dest = inside(fault, T.ddata, T.dlen);

		record(ip, fault, 1, dest, dest, SC_ACC_GUESSED);
		open_range(fault, 1, dest);
	}
	return 1;
}

/* After a step: the reader's watch over the stores it made. */
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

/* The flip's byte was read for the flip_read-th time by this step. */
static int flip_due(struct sc_trace *t)
{
	uint64_t b = (uint64_t)(uintptr_t)t->flip_at;

	for (size_t i = T.step_first; i < t->n; i++)
		if (!t->acc[i].write && t->acc[i].lo <= b && b < t->acc[i].lo + t->acc[i].len &&
		    ++T.reads_seen >= t->flip_read)
			return 1;
	return 0;
}

static int hook(int sig, siginfo_t *si, void *uctx)
{
	ucontext_t *uc = uctx;
	struct sc_trace *t = T.t;

	if (!T.armed)
		return 0;
	if (sig == SIGSEGV) {
		uint64_t a = (uint64_t)(uintptr_t)si->si_addr;
		int w = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
		int in_s = inside(a, T.sdata, T.slen), in_d = inside(a, T.ddata, T.dlen);

		/* Guard pages, a store to the source: the ordinary fault. */
		if (!(in_s && !w) && !(in_d && w))
			return 0;
		if (t->n >= SC_TRACE_MAX) {
			t->cut = 1;
			disarm();
			return 1;
		}
		if (!T.step) {
			T.step_first = t->n;
			T.step_ip = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
		}
		take(uc, a, w, 0);
		T.step = 1;
		sc_calls++;  /* progress, for the watchdog */
		uc->uc_mcontext.gregs[REG_EFL] |= TF;
		return 1;
	}
	if (sig != SIGTRAP || !T.step)
		return 0;
	/* The instruction ran: its accesses are done. */
	if (t->watch_dest)
		watch_stores(T.step_first);
	if (t->flip_read > 0 && !t->flipped && flip_due(t)) {
		*t->flip_rw = t->flip_to;
		t->flipped = 1;
		close_open();
		disarm();
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
	close_open();
	T.step = 0;
	uc->uc_mcontext.gregs[REG_EFL] &= ~TF;
	return 1;
}
#else
static int hook(int sig, siginfo_t *si, void *uctx)
{
	(void)sig, (void)si, (void)uctx;
	return 0;  /* no tracer off x86-64 (trace_probe.c says so) */
}
#endif

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
	T.nopen = 0;
	T.step = 0;
	T.reads_seen = 0;
	T.skipped_one = 0;
	T.armed = 1;
	sc_trace_hook = hook;
	sc_trace_mprotect(T.sdata, T.slen, PROT_NONE);
	if (T.dlen)
		sc_trace_mprotect(T.ddata, T.dlen, PROT_READ);
	if (t->skip_src_len && t->flip_read <= 0)
		sc_trace_mprotect((void *)t->skip_src, t->skip_src_len, PROT_READ);
	if (t->skip_dst_len && T.dlen)
		sc_trace_mprotect((void *)t->skip_dst, t->skip_dst_len, PROT_READ | PROT_WRITE);
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

void sc_trace_run(struct sc_engine *e, const struct sc_case *c, void *fn, struct sc_trace *t)
{
	void (*before)(void *) = e->before_call;
	void *before_arg = e->before_call_arg;
	int term = e->dest_terminated;

	t->n = 0;
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
	T.ddata = e->dst.data;
	T.dlen = t->trace_dest || t->watch_dest ? e->dst.data_len : 0;
	e->before_call = arm;
	e->before_call_arg = t;
	e->dest_terminated = t->watch_dest;
	sc_run(e, c, fn, &e->cand);
	disarm();
	sc_trace_hook = NULL;
	e->before_call = before;
	e->before_call_arg = before_arg;
	e->dest_terminated = term;
}
