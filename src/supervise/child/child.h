/*
 * child.h - the checked child: loads the candidate, sandboxes itself, runs
 * its part of the plan and reports over the channel.
 */
#ifndef SC_CHILD_H
#define SC_CHILD_H

#include <stdint.h>

#include "../../engine/base/clock.h"
#include "../../engine/race/race.h"
#include "../plan/plan.h"
#include "beacon.h"

struct sc_child_args {
	const struct sc_plan *p;
	const struct sc_layout *l;
	struct sc_beacon *b;
	int chan;                /* the child's end of the report socket */
	int out;                 /* what the child's stdout and stderr become */
	int null_in;             /* its stdin (/dev/null) */
	enum sc_phase phase;     /* where to start */
	uint64_t from;           /* position in that phase */
	double cap;              /* --max-time: when everything must stop (0: never) */
	int after_load;          /* cap is seconds from the end of the load */
	/* What goes beyond the plan (the sampled checks, random cases) has a
	 * budget of its own (--time, CPU seconds of the checking thread),
	 * started where the plan ends.  A child started in that part after a
	 * death gets what is left: beyond_cpu CPU seconds, and the budget's
	 * wall-clock backstop beyond_wall_end (absolute; 0: not started). */
	double beyond_cpu, beyond_wall_end;
};

/* Whether a phase lies beyond the plan (budgeted by --time). */
static inline int sc_phase_beyond(unsigned ph)
{
	return ph == SC_PH_READER || ph == SC_PH_RACE || ph == SC_PH_RANDOM;
}

/* Run the child.  Never returns. */
void sc_child_main(const struct sc_child_args *a) __attribute__((noreturn));

#endif
