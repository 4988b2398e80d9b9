/*
 * child.h - the checked child: loads the candidate, sandboxes itself, runs
 * its part of the plan and reports over the channel.
 */
#ifndef SC_CHILD_H
#define SC_CHILD_H

#include <stdint.h>

#include "../../engine/base/clock.h"
#include "../plan/plan.h"

/* Where the child is: written per case, read by the supervisor to name the
 * case of a death or hang.  Shared memory the candidate can reach: the
 * supervisor believes it only within bounds and only moving forward. */
struct sc_beacon {
	volatile uint64_t where;  /* phase << 56 | position: one store, never torn */
};

#define SC_POS_MASK (((uint64_t)1 << 56) - 1)

static inline void sc_beacon_set(struct sc_beacon *b, unsigned phase, uint64_t pos)
{
	__atomic_store_n(&b->where, (uint64_t)phase << 56 | (pos & SC_POS_MASK), __ATOMIC_RELEASE);
}

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
