/*
 * child.h - the checked child: loads the candidate, sandboxes itself, runs
 * its part of the plan and reports over the channel.
 */
#ifndef SC_CHILD_H
#define SC_CHILD_H

#include <stdint.h>

#include "../../engine/base/clock.h"
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
	double grid_deadline;    /* when the grid must stop (0: never) */
	double deadline;         /* when everything must stop (0: never) */
	int after_load;          /* the two are seconds from the end of the load */
};

/* Run the child.  Never returns. */
void sc_child_main(const struct sc_child_args *a) __attribute__((noreturn));

#endif
