/*
 * judge.h - the contract rules applied to outcomes: pure functions of the
 * case and the outcome(s), each finding naming its rule (rules.h).
 */
#ifndef SC_JUDGE_H
#define SC_JUDGE_H

#include <stddef.h>

#include "case.h"
#include "outcome.h"
#include "rules.h"

/*
 * Judge a candidate's outcome against the reference's for the same case:
 * a pure function.  Writes up to max findings, the most telling first, and
 * returns how many (0: the call kept the contract).
 */
int sc_judge(const struct sc_case *c, const struct sc_outcome *cand,
	     const struct sc_outcome *ref, struct sc_finding *f, int max);

/*
 * What every judge checks first.  Returns 0 when judging is over: max <= 0
 * (*nf = 0), or the call did not return (*nf = 1, its fault, hang or
 * signal).  Else returns 1 with *nf findings of writes outside
 * dest[0..dst_len-1] (the canaries) in f, for the caller to add to.
 */
int sc_judge_begin(const struct sc_case *c, const struct sc_outcome *o,
		   struct sc_finding *f, int max, int *nf);

/* Describe where a fault hit relative to the buffers, e.g. "read at
 * src+17, 1 byte(s) past the last byte it may read (src+16), in the guard
 * page after the source".  Returns buf. */
char *sc_describe_fault(const struct sc_case *c, const struct sc_outcome *o,
			char *buf, size_t size);

#endif
