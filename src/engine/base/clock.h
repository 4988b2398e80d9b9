/*
 * clock.h - the project's one clock: seconds on the monotonic clock (never
 * steps back when the wall clock is set), for deadlines and budgets.
 */
#ifndef SC_CLOCK_H
#define SC_CLOCK_H

#include <time.h>

static inline double sc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
