/*
 * plan.h - the plan turned into cases: which phases run, how many cases
 * each has, and the case at each position, computed by the supervisor
 * itself (it never takes a count from the child) and regenerated exactly
 * for a report (the one source of cases: the engine's grid and random
 * generators).
 */
#ifndef SC_PLAN_H
#define SC_PLAN_H

#include <stdint.h>

#include "../record/record.h"

/* Positions of a phase with no end of its own (random cases until the
 * deadline). */
#define SC_UNBOUNDED UINT64_MAX

/* The plan's shape, derived once before the first child starts. */
struct sc_layout {
	uint64_t grid_total;          /* cases in the whole grid */
	uint64_t grid_from, grid_n;   /* grid indices this run covers */
	uint64_t *spread;             /* grid index of each spread slot, round by round */
	uint64_t *spread_sorted;      /* the same, ascending */
	uint64_t spread_n;
	unsigned kinds;               /* kinds of placement the spread covers */
	uint8_t **spread_case;        /* each slot's case, encoded (the child runs these) */
	size_t *spread_len;
	uint64_t random_from, random_n;  /* random indices; random_n may be SC_UNBOUNDED */
	unsigned char *in_spread;     /* bitmap over the grid: run by the spread */
};

/* Fill l for plan p.  0, or -1 (out of memory). */
int sc_layout_make(const struct sc_plan *p, struct sc_layout *l);

/* Whether phase ph runs in this plan. */
int sc_phase_wanted(const struct sc_plan *p, enum sc_phase ph);

/* Positions of a phase: 0 .. sc_phase_n - 1 (SC_UNBOUNDED: until the
 * deadline).  Position k is grid case grid_from + k, spread slot k, or
 * random case random_from + k; the replayed case is position 0. */
uint64_t sc_phase_n(const struct sc_layout *l, enum sc_phase ph);

/* Cases run by positions [a, b) of a phase (the grid skips what the
 * spread ran). */
uint64_t sc_phase_cases(const struct sc_layout *l, enum sc_phase ph, uint64_t a, uint64_t b);

/* Whether grid index i is run by the spread. */
static inline int sc_layout_spread_has(const struct sc_layout *l, uint64_t i)
{
	return l->in_spread && (l->in_spread[i / 8] >> (i % 8) & 1);
}

/* The phase and index a case at (phase, position) is reported under: a
 * spread slot is its grid case. */
void sc_report_index(const struct sc_layout *l, enum sc_phase *ph, uint64_t *pos);

/*
 * The case at (phase, index) as reported (grid index, random index, or the
 * replayed case), regenerated exactly: the walk stops at that case and c
 * gets a copy of it as emitted.  0, or -1 when there is no such case.
 */
int sc_plan_case(const struct sc_plan *plan, enum sc_phase phase, uint64_t index,
		 struct sc_case *c);

#endif
