/*
 * trace_state.h - the one traced call's state, shared by the tracer's
 * files (trace.c arms, trace_hook.c takes the faults and traps,
 * trace_pages.c holds the state, disarms, and opens and closes pages for
 * a single step).
 */
#ifndef SC_TRACE_STATE_H
#define SC_TRACE_STATE_H

#include <signal.h>
#include <linux/filter.h>

#include "../trace.h"
#include "../insn/trace_emulate.h"

#define MAX_OPEN 16

/* Calls are traced one at a time, on one thread. */
struct sc_trace_state {
	struct sc_trace *t;
	struct sc_engine *e;
	unsigned char *sdata, *ddata;  /* the traced (protected) pages */
	size_t slen, dlen, page;
	unsigned char *dst;            /* dest and the bytes it may write */
	size_t dst_len;
	int armed;
	/* the arenas' writable views (emulation): the source, dest where its
	 * stores are traced, dest's whole arena (a rep's stores) */
	struct sc_emu_view view[3];
	/* a little above the frame that made the call: the candidate's stack
	 * lies below it (the instructions performed onward load and store it) */
	uintptr_t stack_top;
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
	/* the case's source as placed, and the bytes the call may read
	 * (a system call's conservative record, trace_sysgen.c) */
	const unsigned char *src_at;
	size_t src_may;
	/* a candidate's system call run natively with the arenas open, by
	 * a stub that traps back (trace_sysgen.c): where it resumes, its
	 * thread, number and arguments */
	uint64_t nat_resume, nat_args[6];
	long nat_tid;
	int nat_nr;
	unsigned nat_mask;
};
extern struct sc_trace_state sc_T;

/* Open the arenas again: the trace ends (trace_pages.c). */
void sc_trace_disarm(void);

/* engine.c calls this first in its fault and trap handler during a call;
 * nonzero: the tracer's own fault or trap, handled (trace_hook.c). */
int sc_trace_on_signal(int sig, siginfo_t *si, void *uctx);

/* The traced call's protections on (the skipped pages left open) and off
 * (trace_pages.c). */
void sc_trace_protect(void);
void sc_trace_unprotect(void);

/* Whether [a, a + len) overlaps [p, p + n) (trace_record.c). */
int sc_trace_overlaps(uint64_t a, uint64_t len, const unsigned char *p, size_t n);

/* Keep one access of the traced call (the source's when dest is 0, else
 * dest's): a fault's operand, an onward instruction's, the kernel's. */
void sc_trace_record(uint64_t ip, uint64_t lo, uint32_t len, int write, int dest, unsigned flags);

/* An access the kernel made for the candidate (a system call performed by
 * the tracer, trace_systrap.c): recorded where traced, then watched and
 * flipped as an instruction's (trace_hook.c). */
void sc_trace_kernel_access(uint64_t ip, uint64_t lo, uint64_t len, int write, int nr, unsigned flags);

/* A system call from the tracer's own instruction (trace_systrap.c), which
 * its filter lets through: the kernel's return value (-errno). */
long sc_trace_syscall6(long nr, long a, long b, long c, long d, long e, long f);
/* The system call a trapped context makes (nr, its six argument
 * registers), performed with the arenas open (armed: a trace is on, its
 * faults count it); the call's return value.  The caller closes them
 * (trace_pages.c; x86-64). */
long sc_trace_syscall_open(long nr, void *uctx, int armed);

/* The calls trace_systrap.c's rows do not name (trace_sysgen.c): their
 * part of the filter appended at f[k] (the arenas' data in the pieces p,
 * trapped with data tag; returns the new length); a trapped one performed
 * as untraced (1: it was the tracer's); the SIGTRAP of a call run
 * natively, back in the tracer (1: it was); a call's name. */
int sc_trace_sysgen_filter(struct sock_filter *f, int k, uint64_t p[][2], int np, unsigned tag);
int sc_trace_sysgen(siginfo_t *si, void *uctx);
int sc_trace_sysgen_back(void *uctx);
const char *sc_trace_sysgen_name(int nr);
extern const char sc_trace_stubs_lo[], sc_trace_stubs_hi[];

/* trace_hook.c's, for the instructions performed onward: whether a is in
 * [p, p+n); an instruction's operands recorded (those touching the traced
 * memory; opening their pages for a single step if open; 1 if one covers
 * fault); its accesses done: the reader's watch, and the flip if due (1:
 * flipped, the trace disarmed). */
int sc_trace_inside(uint64_t a, const unsigned char *p, size_t n);
int sc_trace_record_ops(uint64_t ip, const struct sc_mem_op *ops, int n, uint64_t fault, int fault_write,
			int open);
int sc_trace_done(struct sc_trace *t);

/* After a performed access: the instructions that follow, performed in
 * the handler too while they touch only registers and the arenas' data,
 * each access recorded, watched and flipped as a faulted one
 * (trace_onward.c). */
void sc_trace_onward(void *uctx);

/* The instruction at the context's RIP performed onward if it touches
 * only registers (a block of such instructions run out of line, or a
 * direct branch decided from the flags): the instructions performed, or
 * 0 if it is not one (trace_onward.c). */
int sc_trace_onward_plain(void *uctx);

/* The mnemonic of the instruction at the context's RIP (-1: none), and
 * its name (trace_onward.c, for the log of where onward stopped). */
int sc_insn_mnemonic(const void *uctx);
const char *sc_insn_mnemonic_name(int m);

/* Pages opened for one single step (trace_pages.c). */
void sc_trace_open_range(uint64_t a, uint64_t len, int dest);
int sc_trace_is_open(uint64_t a, uint64_t len);
void sc_trace_close_open(void);

#endif
