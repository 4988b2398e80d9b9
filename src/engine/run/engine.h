/*
 * engine.h - the one path every case takes, whoever asks for it:
 *
 *   case -> placed in the guard arenas -> candidate called under a fault
 *   handler and a watchdog -> outcome -> judged against the reference's
 *   outcome -> findings
 *
 * The CLI, the fuzz harnesses and the tests all call sc_check(); none of
 * them decodes, places or judges on its own.
 */
#ifndef SC_ENGINE_H
#define SC_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "../memory/arena.h"
#include "../memory/canary.h"
#include "../case/case.h"
#include "../judge/judge.h"
#include "../judge/outcome.h"
#include "../judge/rules.h"

/* Type of each API's function. */
typedef long (*sc_strscpy_fn)(char *, const char *, size_t);  /* ssize_t */
typedef size_t (*sc_strlcpy_fn)(char *, const char *, size_t);
typedef char *(*sc_strncpy_fn)(char *, const char *, size_t);  /* strncat, stpncpy too */
typedef void *(*sc_memccpy_fn)(void *, const void *, int, size_t);

struct sc_engine {
	struct sc_arena src;     /* read-only for the candidate */
	struct sc_arena dst;
	struct sc_arena hdst;    /* a huge count's dest, backed on demand (memory/demand.h) */
	struct sc_outcome cand, ref;
	/* For the concurrent-reader check (race.h): dest starts out as a
	 * terminated string (NUL at dest[count-1]). */
	int dest_terminated;
	/* Where sc_run placed dest, and its length (the tracer, trace.c). */
	const unsigned char *volatile dest_now;
	volatile size_t dest_now_len;
	/* Called by sc_run once the case is in place, right before the call:
	 * the concurrent checks start their other thread there (race.h). */
	void (*before_call)(void *arg);
	void *before_call_arg;
	/* The outcomes' images: sc_run copies the window after the call into
	 * cand_img or ref_img (cand.win, ref.win point there); sc_check leaves
	 * the candidate's in the arena (cand.win points into it, valid until
	 * the next run) and runs the reference straight into ref_img. */
	unsigned char *cand_img, *ref_img;
	/* sc_check's reference image (ref_img) as left by the last reference
	 * run: all canaries for dest offsets -ref_before .. ref_len - ref_before
	 * except dest[0..ref_dirty), so the next one restores only those
	 * (check.c, run_reference).  ref_ok is 0 when unknown. */
	int ref_ok;
	size_t ref_before, ref_len, ref_dirty;
};

/* A call that blocks (sleeps, waits) is hung after this many times its
 * CPU limit in wall time: the watchdog's backstop. */
#define SC_CALL_WALL_FACTOR 20

/*
 * Map the arenas and install the fault handlers (SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT, SIGTRAP, and SIGALRM for the watchdog).  timeout_ms is
 * how much CPU time of the calling thread one call may spend before it is
 * called hung (a busy machine does not make a call hung), and
 * SC_CALL_WALL_FACTOR times that in wall time for a call that blocks; 0:
 * no watchdog (for libFuzzer, which has its own).  The calls must be made
 * from the thread that called this.  Returns 0, or -1 with errno.
 */
int sc_engine_init(struct sc_engine *e, unsigned timeout_ms);
void sc_engine_fini(struct sc_engine *e);

/*
 * From now on (this thread and those it starts) rdtsc and rdtscp trap and
 * the engine's SIGSEGV handler serves a virtual counter that advances one
 * step per read (docs/tamper.md, "Phases"); after sc_engine_init.  1 if
 * on (x86-64, not sanitized), 0 if not available here, -1 if the kernel
 * accepted the trap but an rdtsc of the engine's own then ran natively
 * (some hypervisors): the trap is verified by executing it, never trusted
 * from prctl's return, and left off when it does not fire.
 */
int sc_engine_trap_tsc(void);

/* The byte-at-a-time reference function of an API. */
void *sc_reference(enum sc_api api);

/* Place the case and call fn (of the case's API type) once. */
void sc_run(struct sc_engine *e, const struct sc_case *c, void *fn,
	    struct sc_outcome *out);

/*
 * sc_run the candidate (into e->cand) and the reference (e->ref), judge.
 * The outcomes are exactly what sc_run would give, but cost less: the
 * candidate's image is judged in the arena (e->cand.win points there
 * until the next run), and the reference's costs in proportion to what
 * the reference writes, not to the count.
 */
int sc_check(struct sc_engine *e, const struct sc_case *c, void *fn,
	     struct sc_finding *f, int max);

/* Set by the tracer's decoder (trace/trace_decode.c) where it is built: a
 * fault that carries no address gets its access ('r', 'w', '?') and
 * address from the instruction. */
extern char (*sc_fault_decode)(void *uctx, uintptr_t *addr);

/* Calls made so far by sc_run (one engine runs one call at a time). */
extern volatile unsigned long sc_calls;

#endif
