/*
 * race.h - the concurrent checks (docs/race.md).
 *
 * Race: a mutator thread rewrites source bytes between NUL and non-NUL
 * during each call, with a strategy per call (race_mutator.c) on cases
 * over the whole contract (race_case.c); after every call dest must be
 * terminated, agree with the return value, and be unharmed outside
 * dest[0..count-1].
 *
 * Reader: dest starts out as a terminated string and a reader thread polls
 * it while the candidate overwrites it (race_reader.c): each dest byte
 * must be written once, so no moment may show dest[0..count-1] without
 * its NUL.
 *
 * The helper thread runs on a CPU of its own where the process has two,
 * and starts with each call (race_threads.h).
 */
#ifndef SC_RACE_H
#define SC_RACE_H

#include <sched.h>
#include <stdint.h>

#include "../run/engine.h"

/*
 * Budgets (--time, --race-time) are CPU seconds of the checking thread, so
 * a busy machine gives the same work in more wall time; their wall-clock
 * backstop is this many times as long (a thread that gets less than that
 * share of a CPU stops by the wall clock: less work, the same verdict).
 */
#define SC_BUDGET_WALL_FACTOR 5

enum sc_race_kind { SC_RACE_MUTATOR, SC_RACE_READER };

struct sc_race_result {
	uint64_t calls;        /* candidate calls made */
	uint64_t overlapped;   /* calls during which the other thread acted */
	int cpus;              /* CPUs the process may use: below 2, the threads
				* took turns and never ran at once */
	int nf;                /* findings (0: passed) */
	struct sc_finding f[4];
	struct sc_case *c;     /* with nf > 0: the case of the first finding */
};

/*
 * Each concurrent check's time (CPU seconds) for a --time of run_seconds:
 * a quarter of it and at least half a second.  A time, not a number of calls, so a fast
 * candidate gets more calls; a longer run gets a longer check.
 */
double sc_race_share(double run_seconds);

/* Whether an API promises race robustness (strscpy, strscpy_pad). */
int sc_race_applies(enum sc_api api);

/*
 * Run the check for up to `seconds` of the calling thread's CPU time (and
 * SC_BUDGET_WALL_FACTOR times that in wall time) or max_calls calls (0: no limit),
 * stopping at the first finding.  c is scratch space; on a finding it
 * holds the failing case.  Returns 0, or -1 if the thread could not start.
 */
int sc_race(struct sc_engine *e, enum sc_race_kind kind, enum sc_api api, void *fn,
	    uint64_t seed, double seconds, uint64_t max_calls, struct sc_case *c,
	    struct sc_race_result *r);

#endif
