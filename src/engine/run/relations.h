/*
 * relations.h - what strscpy, strlcpy and strncpy must agree on for the
 * same source and count (docs/contract.md, "Relations"):
 *   strscpy returns L >= 0  ->  strlcpy returns L, and the images match;
 *   strscpy returns -E2BIG  ->  strlcpy returns >= count, images match;
 *   strncpy's image equals strscpy's on dest[0 .. min(L, count-1) - 1].
 */
#ifndef SC_RELATIONS_H
#define SC_RELATIONS_H

#include "engine.h"

/* Functions to relate; NULL members mean the references. */
struct sc_trio {
	void *strscpy, *strlcpy, *strncpy;
};

/* Run the three on case c (its api is ignored) and check the relations.
 * Returns the number of findings (0: they agree). */
int sc_check_relations(struct sc_engine *e, const struct sc_case *c,
		       const struct sc_trio *fns, struct sc_finding *f, int max);

#endif
