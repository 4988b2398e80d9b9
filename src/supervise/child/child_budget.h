/*
 * child_budget.h - the checked child's clocks: the cap the user asked for
 * (--max-time, wall clock) and the budget of what goes beyond the plan
 * (--time: CPU seconds of the checking thread, with a wall-clock backstop
 * SC_BUDGET_WALL_FACTOR times as long), started where the plan ends with
 * what the plan left of it, at least half.
 */
#ifndef SC_CHILD_BUDGET_H
#define SC_CHILD_BUDGET_H

#include "../../engine/base/clock.h"

struct sc_budget {
	double cap;              /* absolute wall clock; 0: none */
	int started;
	double cpu_end;          /* on this thread's CPU clock; 0: none */
	double wall_end;         /* the backstop, absolute; 0: none */
};

/* Whether an absolute wall-clock time (0: none) has passed. */
static inline int sc_past(double deadline)
{
	return deadline > 0 && sc_now() >= deadline;
}

/*
 * The plan is done: start the budget of `seconds` (0: none), once, less
 * the CPU time this thread has spent since the fork (the load and the
 * plan) but never below seconds / 2.  A
 * child started again beyond the plan after a death goes on with what was
 * left: cpu_left CPU seconds and the backstop wall_end (absolute, > 0).
 */
void sc_budget_start(struct sc_budget *b, double seconds, double cpu_left, double wall_end);

/* Seconds left: of the budget's CPU time, its backstop and the cap,
 * whichever ends first; a large number when none applies. */
double sc_budget_left(const struct sc_budget *b);

#endif
