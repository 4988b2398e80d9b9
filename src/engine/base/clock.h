/*
 * clock.h - the project's one clock: seconds on the monotonic clock (never
 * steps back when the wall clock is set), for deadlines and budgets.
 */
#ifndef SC_CLOCK_H
#define SC_CLOCK_H

#include <time.h>

/*
 * Set (engine.c) once the checked child traps the time-stamp counter
 * (docs/tamper.md): the vDSO's fine clock reads the counter and would trap
 * twice a reading; its coarse clock does not (it tells the time to the
 * tick, 4 ms here, enough for deadlines and the race check's slices).
 * Weak: a program without the engine has none, and the fine clock.
 */
extern int sc_clock_coarse __attribute__((weak));

static inline double sc_now(void)
{
	struct timespec ts;

	clock_gettime(&sc_clock_coarse && sc_clock_coarse ? CLOCK_MONOTONIC_COARSE : CLOCK_MONOTONIC,
		      &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * CPU seconds the calling thread has run (user and system): the clock of
 * budgets, which a busy machine does not shorten (a system call: the vDSO
 * does not serve CPU clocks; read it every few cases, not every case).
 */
static inline double sc_cpu_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return sc_now();
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
