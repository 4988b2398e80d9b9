/*
 * engine_call.h - the runner's steps, shared by engine.c (the candidate's
 * run) and check.c (the reference's run and the judges); this room only.
 */
#ifndef SC_ENGINE_CALL_H
#define SC_ENGINE_CALL_H

#include "engine.h"

/* Place the case's source (with filler) and work out where dest and its
 * window go (out->dst, out->win_len, ...). */
void sc_place_case(struct sc_engine *e, const struct sc_case *c, struct sc_outcome *out);
/* Call fn on the placed source and dst under the fault handlers and the
 * watchdog; the outcome into out. */
void sc_call_guarded(struct sc_engine *e, const struct sc_case *c, void *fn, unsigned char *dst,
		     struct sc_outcome *out);
/* Lay the canaries over the window, place and call fn there. */
void sc_run_in_arena(struct sc_engine *e, const struct sc_case *c, void *fn,
		     struct sc_outcome *out);

#endif
