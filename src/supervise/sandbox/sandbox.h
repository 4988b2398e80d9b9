/*
 * sandbox.h - the seccomp sandbox of the checked child.
 *
 * Two filters, stacked.  The first goes on before the candidate is loaded
 * (its constructors run under it): no signals to other processes, no new
 * processes, no execve, no ptrace, no writing another process's memory,
 * and only what loading needs of the rest: files opened read-only, no
 * memory call at the program's own image and heap.
 * The second goes on once the candidate and the engine's arenas are in
 * place: no opening files, no changing the protection or mapping of any
 * memory that existed then (the checker's code, data, arenas and the
 * candidate's own image), no handlers for the signals the engine owns, no
 * closing or replacing the report channel.  A refused call raises SIGSYS;
 * the handler here makes it fail with EPERM and sends a tamper message
 * naming the call (with where the child was), so the refusal is itself a
 * finding.  Built without libseccomp (SC_HAVE_SECCOMP undefined), or where
 * the kernel refuses filters (qemu-user), the functions say so and return
 * 0: the report prints that the run was not sandboxed.
 */
#ifndef SC_SANDBOX_H
#define SC_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/*
 * The first filter and the SIGSYS handler.  chan: the report channel;
 * where: where the child is (phase << 56 | position, read by the handler).
 * 1 when the filter is on, 0 when unavailable (note says why).
 */
int sc_sandbox_early(int chan, const volatile uint64_t *where, char *note, size_t notelen);

/* The second filter (after sc_sandbox_early).  1 on, 0 unavailable (note). */
int sc_sandbox_lock(char *note, size_t notelen);

/*
 * The tracer (trace.h) changes the arenas' protection from its system call
 * instruction at ip: the arenas are [lo[i], hi[i]) (the source, dest, the
 * mapped part of a huge count's dest).  Said before
 * sc_sandbox_lock, which then allows that (sandbox_trace.c) and nothing
 * more; afterwards sc_sandbox_tracer_on() says whether it could (0: the
 * tracer must not run).
 */
#define SC_TRACER_ARENAS 3
void sc_sandbox_allow_tracer(uint64_t ip, const uint64_t lo[SC_TRACER_ARENAS],
			     const uint64_t hi[SC_TRACER_ARENAS]);
int sc_sandbox_tracer_on(void);
/* Why it could not (a static string, valid until the next lock). */
const char *sc_sandbox_tracer_why(void);
/* sandbox.c's part: load the tracer's filter (0), or -1 (then it is off). */
int sc_sandbox_tracer_filter(uint64_t bound, uint64_t blk, uint64_t mask);

/* Longest length a memory call may have; the checker's memory is preceded
 * by a reserved gap this long, so a call that could reach it starts in a
 * range a rule can tell. */
#define SC_SANDBOX_LMAX ((uint64_t)256 << 20)

/*
 * Lay out the memory so a rule can tell the checker's from what comes
 * later: everything from the lowest of the mappings that hang together
 * with the shared objects (less SC_SANDBOX_LMAX) upwards is protected; the
 * holes in it are filled and the SC_SANDBOX_LMAX below it reserved, so new
 * mappings (thread stacks, malloc) land below.  Returns that bound, or 0.
 * The program's own image and heap, far below, get an aligned block:
 * *blk, *blk_mask (sandbox_layout.c).
 */
uint64_t sc_sandbox_layout(uint64_t *blk, uint64_t *blk_mask);

/*
 * The program's own image and heap as sc_sandbox_layout gives them, read
 * before the candidate is loaded (no layout changed): 1 and *blk,
 * *blk_mask, or 0 when not recognised.
 */
int sc_sandbox_image(uint64_t *blk, uint64_t *blk_mask);

/* The name of system call nr of this architecture, into buf. */
const char *sc_syscall_name(int nr, char *buf, size_t size);

#endif
