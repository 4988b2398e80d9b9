/*
 * trace.h - a read and write trace of one call (x86-64 Linux, docs/race.md
 * "The traced check").
 *
 * While a traced call runs, the source arena's data pages are
 * inaccessible and the destination arena's read-only (for the candidate's
 * view; the arenas' writable aliases stay writable).  Each access of the
 * candidate (its own code or the C library's) faults; the SIGSEGV hook
 * decodes the instruction (trace_decode.h) and records the access
 * (instruction address, exact bytes, load or store).  An ordinary access
 * is then performed by the tracer itself through the writable aliases
 * (trace_emulate.h) and the call goes on at the next instruction; what
 * cannot be performed exactly is single-stepped: its pages opened, the
 * trap flag set, and the SIGTRAP hook closes them after it.  A rep string
 * instruction is recorded per element.  Optionally the tracer
 *   - flips one source byte right after a given access and lets the rest
 *     of the call run untraced (the deterministic race check), and
 *   - watches dest after every store (the deterministic reader check):
 *     a dest that started terminated must hold a NUL in dest[0..count-1],
 *     and no byte may be stored twice with different values.
 *
 * Protections change only through the tracer's own system call
 * instruction (sc_trace_syscall_ip), so the sandbox can allow mprotect of
 * the arenas from there and nowhere else, and only as the tracer uses it:
 * a range inside one arena's data pages; the source PROT_NONE or
 * PROT_READ, dest PROT_READ or PROT_READ | PROT_WRITE
 * (src/supervise/sandbox/sandbox_trace.c: anything else is refused).
 */
#ifndef SC_TRACE_H
#define SC_TRACE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "../run/engine.h"

struct sc_access {
	uint64_t ip;     /* the instruction */
	uint64_t lo;     /* first byte */
	uint32_t len;    /* bytes */
	uint8_t write;   /* 1: a store */
	uint8_t arena;   /* 's' source, 'd' dest */
	uint8_t flags;   /* SC_MEM_* (trace_decode.h), SC_ACC_GUESSED */
	uint16_t sys;    /* SC_MEM_KERNEL: the system call's number (ip: its instruction) */
};

/* The width was not decoded: the one faulting byte is recorded. */
#define SC_ACC_GUESSED 0x80
/* Made by the kernel in a system call (SC_MEM_KERNEL): sys names it. */
#define SC_ACC_KERNEL 0x20

/* Most accesses one traced call records; the rest of the call runs untraced
 * (and the case is reported bounded).  The plan's longest call of a correct
 * copy: a 24,640-byte truncation read three times and stored (a scan, then
 * a byte loop) is about 100,000; 2^20 leaves room for a byte loop over
 * every count the plan traces (32 bytes each, touched only as used). */
#define SC_TRACE_MAX (1 << 20)

struct sc_trace {
	struct sc_access *acc;   /* SC_TRACE_MAX of them (sc_trace_init) */
	size_t n;                /* recorded */
	int cut;                 /* more than SC_TRACE_MAX: the rest untraced */
	/* Flip (set before the call): right after the flip_read-th read
	 * (1, 2, ...) of the source byte at flip_at, write flip_to at flip_rw
	 * (its writable alias) and stop tracing.  Only that byte's page is
	 * traced then.  flip_read 0: no flip. */
	long flip_read;
	const unsigned char *flip_at;
	unsigned char *flip_rw;
	unsigned char flip_to;
	int flipped;
	/* Trace the stores into dest too (the reader check). */
	int trace_dest;
	/* Pages left untraced (a long string's middle): [skip_src, +skip_src_len)
	 * of the source, [skip_dst, +skip_dst_len) of dest; page-aligned. */
	const unsigned char *skip_src, *skip_dst;
	size_t skip_src_len, skip_dst_len;
	/* The read set only (set before the call; no flip, no dest traced):
	 * skip_src holds the pages the call may read, left readable, so only
	 * a read elsewhere faults and is recorded.  After the call, reopened
	 * is a source page the tracer had closed and found readable (its
	 * protection changed during the call), or NULL. */
	int reads_only;
	const unsigned char *reopened;
	/* Reader (set before the call, implies trace_dest): watch
	 * dest[0..count-1] after stores. */
	int watch_dest;
	/* ... found: the first access after which dest held no NUL in
	 * dest[0..count-1] (-1: none), and the first byte stored twice with
	 * different values (rewrite_at < 0: none) with the two stores. */
	long unterminated_at;
	long rewrite_at, rewrite_first;
	size_t rewrite_byte;
	unsigned char rewrite_old, rewrite_new;
	/* Set before the call: single-step every access, perform none (the
	 * emulator's tests compare the two); perform only the faulting
	 * instruction, none onward (one fault per traced access, as before). */
	int no_emulate, no_onward;
	/* After the call: instructions whose accesses the tracer performed,
	 * and instructions single-stepped; the signals the tracer took (its
	 * faults, traps and trapped system calls: what a traced call costs
	 * beyond the call). */
	size_t emulated, stepped, faults;
	/* ... and instructions performed onward after a fault, without one
	 * (trace_hook.c: register-only ones and accesses of the arenas). */
	size_t onward;
};

/*
 * 1 if tracing can run here (x86-64 Linux, Zydis, no sanitizer, a kernel
 * that delivers the trap: probed once on a load of the tracer's own); else
 * 0 and *why says why in a few words.
 */
int sc_trace_available(struct sc_engine *e, const char **why);

/* Why this build of the tracer cannot run anywhere (the architecture, a
 * sanitizer, no Zydis), or NULL; needs no engine (a parent's check). */
const char *sc_trace_built_why(void);

/* From now on tracing is unavailable, for the reason given (a reason of
 * the build itself, e.g. no Zydis, is still the one said). */
void sc_trace_refuse(const char *why);

/* Allocate the trace's records; 0 or -1. */
int sc_trace_init(struct sc_trace *t);
void sc_trace_fini(struct sc_trace *t);

/*
 * Run fn on the case traced (into e->cand, as sc_run would; dest starts
 * terminated when t->watch_dest).  The outcome is the call's; the trace
 * is in t.  Without trace_dest or watch_dest only the source is traced.
 */
void sc_trace_run(struct sc_engine *e, const struct sc_case *c, void *fn, struct sc_trace *t);

/* mprotect through the tracer's own system call instruction (x86-64; a
 * plain mprotect elsewhere); the kernel's return value (-errno). */
long sc_trace_mprotect(void *addr, size_t len, long prot);

/* Where the tracer's system call returns to (seccomp's instruction pointer
 * of its mprotect calls), or 0 where there is no tracer. */
uint64_t sc_trace_syscall_ip(void);

/* The data the tracer changes the protection of, [lo[i], hi[i]): the
 * source arena, dest's, and the mapped part of a huge count's dest (its
 * three, in that order; a sandbox allows that and nothing more). */
#define SC_TRACE_ARENAS 3
void sc_trace_arenas(const struct sc_engine *e, uint64_t lo[SC_TRACE_ARENAS],
		     uint64_t hi[SC_TRACE_ARENAS]);

/*
 * Run the case untraced, placed as sc_trace_run places it (dest terminated
 * when reader): the outcome in e->cand.  For a traced finding, whether the
 * same case shows it untraced ("seen only when traced" otherwise).
 */
void sc_trace_run_untraced(struct sc_engine *e, const struct sc_case *c, void *fn, int reader);

/*
 * System calls on the arenas (trace_systrap.c): a seccomp filter of the
 * tracer's traps the calls that take a buffer or a path pointing into the
 * data ranges [lo[i], hi[i]); they are performed by sc_trace_sys as if
 * untraced (the arenas open during a traced call; the bytes the kernel
 * read or stored recorded).  Installed once, before the sandbox locks
 * seccomp; 1 if on.  sc_trace_sys: 1 if the SIGSYS was the tracer's trap
 * (handled), else 0 (a SIGSYS handler calls it first).
 * sc_trace_sys_handler installs a SIGSYS handler of the tracer's own where
 * there is none (no sandbox).
 */
int sc_trace_sys_install(const uint64_t *lo, const uint64_t *hi, int n);
int sc_trace_sys(siginfo_t *si, void *uctx);
void sc_trace_sys_handler(void);
int sc_trace_sys_on(void);

/* The name of a system call the tracer performs ("write", "writev"), for
 * a finding that names the kernel as the actor. */
const char *sc_trace_sys_name(int nr);

/* Over the process so far: instructions performed by the tracer,
 * instructions single-stepped, and the stepped forms with why
 * ("mnemonic: why xN; ...") into buf. */
void sc_trace_fallbacks(unsigned long *emulated, unsigned long *stepped, char *buf, size_t len);

/* 1 (the default): after a fault, the instructions that follow are
 * performed in the handler while they touch only registers and the
 * arenas (trace_hook.c); 0: one fault per traced access, as before (the
 * tests compare the two). */
extern int sc_trace_onward_on;

/* Over the process so far: the instructions at which the instructions
 * performed onward stopped ("mnemonic xN; ..."), into buf. */
void sc_trace_onward_stops(char *buf, size_t len);

/* Nanoseconds per traced access, measured on the tracer's own probe. */
double sc_trace_cost_ns(struct sc_engine *e, unsigned loads);

#endif
