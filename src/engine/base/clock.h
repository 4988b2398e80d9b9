/*
 * clock.h - the project's one clock: seconds on the monotonic clock (never
 * steps back when the wall clock is set), for deadlines and budgets.
 */
#ifndef SC_CLOCK_H
#define SC_CLOCK_H

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The system call, not the vDSO: in the checked child the time-stamp
 * counter traps (docs/tamper.md), and the vDSO's clock, which reads it,
 * would cost two emulated traps and tell the time only to the tick. */
static inline double sc_now(void)
{
	struct timespec ts;

	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
