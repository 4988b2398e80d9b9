/*
 * race_place.h - where the traced check's flip runs place a case
 * (docs/race.md, "The traced plan"): each at other addresses with the
 * same layout, after a call with other arguments, so that no flip run
 * repeats the candidate's last call.
 */
#ifndef SC_RACE_PLACE_H
#define SC_RACE_PLACE_H

#include "../../run/engine.h"

/*
 * The case as flip run k places it: a buffer that is free (SC_FREE) moves
 * 1 to n whole pages further into its arena (its offset within the page,
 * its distance from the guard before it and every alignment stay); one
 * flush against a guard page stays there (its guard is its layout).  A
 * huge or relative count keeps its dest.  The bytes and count are c's.
 * Returns a static copy, valid until the next call.
 */
const struct sc_case *sc_flip_placed(const struct sc_engine *e, const struct sc_case *c,
				     unsigned k);

/*
 * Before flip run k: one untraced call of fn with other arguments (a short
 * string of c's first bytes, its own count and placement), whose outcome
 * is not judged: a candidate that remembers its last call's (src, dest,
 * count) never sees a flip run repeat it.
 */
void sc_flip_decoy(struct sc_engine *e, const struct sc_case *c, void *fn, unsigned k);

#endif
