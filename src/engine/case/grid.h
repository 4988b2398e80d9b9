/*
 * grid.h - where cases come from: the deterministic grid, then seeded
 * random cases.  Same API, policy and seed: same cases, in the same order.
 */
#ifndef SC_GRID_H
#define SC_GRID_H

#include <stdint.h>

#include "case.h"

/* Called for each case with its index in the grid; non-zero stops. */
typedef int (*sc_case_fn)(const struct sc_case *c, uint64_t index, void *arg);

/*
 * Enumerate the grid (docs/checking.md, "What a run does"): every source and
 * destination alignment 0..63 for short strings, lengths 0 to past two
 * pages and some far longer, counts around each length, word and page
 * multiples +-1, all 255 non-zero byte values, NUL at every offset of a
 * word and of a 64-byte block, placements flush against every guard, and
 * huge counts.  c is the caller's scratch case.  Returns the number of
 * cases visited (stops early when fn returns non-zero); with fn NULL it
 * only counts them (sc_grid_size), leaving c's content unspecified.
 */
uint64_t sc_grid(enum sc_api api, enum sc_policy policy, struct sc_case *c,
		 sc_case_fn fn, void *arg);

/* As sc_grid, but a case whose index want(index, arg) refuses is only
 * counted: neither normalized nor handed to fn.  A walk for a few cases
 * it knows by index costs about what counting does (under qemu-s390x
 * the normalizing is most of a walk's CPU). */
uint64_t sc_grid_some(enum sc_api api, enum sc_policy policy, struct sc_case *c,
		      int (*want)(uint64_t index, void *arg), sc_case_fn fn, void *arg);

/* How many cases the grid of (api, policy) has, what sc_grid returns
 * (walks it without normalizing a case; not thread-safe: it uses a
 * scratch case of its own). */
uint64_t sc_grid_size(enum sc_api api, enum sc_policy policy);

/* Seeded random case number index; same (seed, index): same case. */
void sc_random_case(uint64_t seed, uint64_t index, enum sc_api api,
		    enum sc_policy policy, struct sc_case *c);

/* splitmix64: the project's one PRNG. */
uint64_t sc_rand(uint64_t *state);

#endif
