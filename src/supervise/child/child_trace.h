/*
 * child_trace.h - the traced check inside the checked child: the traced
 * phase (the case list for a share of the time) and one case's flip
 * (--race-flip).  The child hands in how to record a finding and how to
 * tick; the engine does the tracing (race_trace.h).
 */
#ifndef SC_CHILD_TRACE_H
#define SC_CHILD_TRACE_H

#include "../../engine/race/race_trace.h"
#include "../plan/plan.h"
#include "../record/record.h"
#include "beacon.h"

struct sc_trace_sink {
	/* a finding of case c (index: its position in the list); fl: the
	 * flip that showed it, or NULL */
	void (*record)(void *arg, const struct sc_case *c, const struct sc_finding *f,
		       uint64_t index, const struct sc_outcome *o, const struct sc_outcome *ref,
		       const struct sc_flip *fl);
	/* a message to the supervisor (hits sent first): SC_MSG_DONE ticks at
	 * least every 0.1 s, SC_MSG_TRACE, SC_MSG_LOAD_ERROR */
	void (*send)(void *arg, unsigned type, const void *m, size_t len);
	/* the supervisor's beacon: the phase is at case k of the list */
	struct sc_beacon *beacon;
	void *arg;
};

/*
 * The traced phase: cases 0, 1, ... of the list to its end (cut only by
 * the run's deadline), stopping at the first finding; then its figures
 * (SC_MSG_TRACE; not traced: why).
 */
void sc_child_traced(struct sc_engine *e, void *fn, const struct sc_plan *p, double deadline,
		     const struct sc_trace_sink *s);

/*
 * One case (--case, --replay), traced after its ordinary check: the read
 * set, the reader's watch (p->reader) and, with p->flip_read, just that
 * flip; with p->flip_read where the tracer cannot run, a load error that
 * says so, and the child ends.
 */
void sc_child_traced_one(struct sc_engine *e, void *fn, const struct sc_plan *p,
			 const struct sc_case *c, const struct sc_trace_sink *s);

/*
 * The sandbox's second filter (sandbox.h), with mprotect of the arenas
 * allowed to the tracer (probed first, before the filter) where it can
 * run; where the filter cannot allow it, tracing is off from now on.
 */
int sc_child_lock_traced(struct sc_engine *e, char *note, size_t notelen);

#endif
