/*
 * race.h - the concurrent checks.
 *
 * Race: a mutator thread rewrites the source (bytes flipping between NUL
 * and non-NUL around where the string ends and before it) while the
 * candidate copies; after every call dest must be terminated, agree with
 * the return value, and be unharmed outside dest[0..count-1].
 *
 * Reader: dest starts out as a terminated string and a reader thread polls
 * it while the candidate overwrites it; at no moment may dest[0..count-1]
 * hold no NUL (each dest byte written once).
 */
#ifndef SC_RACE_H
#define SC_RACE_H

#include <stdint.h>

#include "engine.h"

enum sc_race_kind { SC_RACE_MUTATOR, SC_RACE_READER };

struct sc_race_result {
	uint64_t calls;        /* candidate calls made */
	uint64_t overlapped;   /* calls during which the other thread acted */
	int nf;                /* findings (0: passed) */
	struct sc_finding f[4];
	struct sc_case *c;     /* with nf > 0: the case of the first finding */
};

/* Whether an API promises race robustness (strscpy, strscpy_pad). */
int sc_race_applies(enum sc_api api);

/*
 * Run the check for up to `seconds` or max_calls calls (0: no limit),
 * stopping at the first finding.  c is scratch space; on a finding it
 * holds the failing case.  Returns 0, or -1 if the thread could not start.
 */
int sc_race(struct sc_engine *e, enum sc_race_kind kind, enum sc_api api, void *fn,
	    uint64_t seed, double seconds, uint64_t max_calls, struct sc_case *c,
	    struct sc_race_result *r);

/* The race invariants (docs/contract.md, "Race robustness") on one outcome. */
int sc_judge_race(const struct sc_case *c, const struct sc_outcome *o,
		  struct sc_finding *f, int max);

#endif
