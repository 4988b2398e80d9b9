/*
 * watchdog.h - the per-call watchdog of the engine (engine.c): a call that
 * spends more than its limit of CPU time is hung, and one that blocks is
 * hung after many times that in wall time (SC_CALL_WALL_FACTOR, engine.h).
 */
#ifndef SC_WATCHDOG_H
#define SC_WATCHDOG_H

#include <signal.h>

/*
 * Start the timers of the calling thread (the one that makes the calls):
 * SIGALRM to that thread alone, a tick per 25 ms of its CPU time and one
 * per 250 ms of wall time (only the wall one, at 25 ms, where the CPU
 * clock has no timer).  Stops any running first; timeout_ms 0: none.
 * A call that blocks is hung after wall_factor times timeout_ms of wall
 * time (engine.h's SC_CALL_WALL_FACTOR).  calls: the engine's call
 * counter now (sc_calls).  0, or -1 with errno.
 */
int sc_watchdog_start(unsigned timeout_ms, unsigned wall_factor, unsigned long calls);

/* Stop and delete the timers. */
void sc_watchdog_stop(void);

/*
 * A SIGALRM (the engine's handler calls this): 1 when the call in progress
 * (in_call) has made no progress (calls, the counter, unchanged) for its limit by the
 * clock of the timer that ticked, else 0.  A SIGALRM that is not one of
 * the watchdog's timers (a raise) is no tick.  Async-signal-safe.
 */
int sc_watchdog_tick(const siginfo_t *si, int in_call, unsigned long calls);

#endif
