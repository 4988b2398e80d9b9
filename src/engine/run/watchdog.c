/*
 * watchdog.c - the per-call watchdog (watchdog.h).
 *
 * Two periodic timers of the calling thread, each a SIGALRM to that thread
 * alone: one on its CPU clock, one on the wall clock.  A call that has not
 * changed the engine's call counter for a timer's limit of ticks is hung: by the CPU clock,
 * it spent its CPU limit; by the wall clock (SC_CALL_WALL_FACTOR times the
 * limit), it blocks.  A call waiting for a CPU on a busy machine gets
 * neither: its CPU clock stands still, and the wall limit is far beyond any
 * wait a scheduler imposes.
 */
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "watchdog.h"

#define TICK_MS 25
#define WALL_TICK_MS 250
enum { CPU_TIMER = 1, WALL_TIMER = 2 };

static struct watch {
	timer_t id;
	int made;
	unsigned limit, stale;
	unsigned long seen;
} watches[3];  /* [CPU_TIMER], [WALL_TIMER] */

/* One timer on clock, every ms, to this thread. */
static int start(int which, clockid_t clock, unsigned ms, unsigned long calls)
{
	struct sigevent ev;
	struct itimerspec it = { { ms / 1000, (long)(ms % 1000) * 1000000 },
				 { ms / 1000, (long)(ms % 1000) * 1000000 } };
	struct watch *w = &watches[which];

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGALRM;
	ev.sigev_value.sival_int = which;
	ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	w->stale = 0;
	w->seen = calls;
	if (timer_create(clock, &ev, &w->id) != 0)
		return -1;
	w->made = 1;
	return timer_settime(w->id, 0, &it, NULL);
}

void sc_watchdog_stop(void)
{
	for (int i = CPU_TIMER; i <= WALL_TIMER; i++)
		if (watches[i].made) {
			timer_delete(watches[i].id);
			watches[i].made = 0;
		}
}

int sc_watchdog_start(unsigned timeout_ms, unsigned wall_factor, unsigned long calls)
{
	int err;

	sc_watchdog_stop();
	if (!timeout_ms)
		return 0;
	/* A tick more than the limit: the first may come at once. */
	watches[CPU_TIMER].limit = (timeout_ms + TICK_MS - 1) / TICK_MS + 1;
	watches[WALL_TIMER].limit = (timeout_ms * wall_factor + WALL_TICK_MS - 1) /
				    WALL_TICK_MS + 1;
	if (start(CPU_TIMER, CLOCK_THREAD_CPUTIME_ID, TICK_MS, calls) != 0) {
		/* No timer on the CPU clock (an emulator?): the wall clock's
		 * limit is the CPU one, as it was before CPU budgets. */
		sc_watchdog_stop();
		watches[WALL_TIMER].limit = watches[CPU_TIMER].limit;
		if (start(WALL_TIMER, CLOCK_MONOTONIC, TICK_MS, calls) == 0)
			return 0;
	} else if (start(WALL_TIMER, CLOCK_MONOTONIC, WALL_TICK_MS, calls) == 0) {
		return 0;
	}
	err = errno;
	sc_watchdog_stop();
	errno = err;
	return -1;
}

int sc_watchdog_tick(const siginfo_t *si, int in_call, unsigned long calls)
{
	int which = si->si_code == SI_TIMER ? si->si_value.sival_int : 0;
	struct watch *w = which == CPU_TIMER || which == WALL_TIMER ? &watches[which] : NULL;

	if (!w)
		return 0;
	if (!in_call || calls != w->seen) {
		w->seen = calls;
		w->stale = 0;
		return 0;
	}
	return ++w->stale >= w->limit;
}
