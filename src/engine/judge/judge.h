/*
 * judge.h - the contract rules applied to outcomes: pure functions of the
 * case and the outcome(s), each finding naming its rule (rules.h).
 */
#ifndef SC_JUDGE_H
#define SC_JUDGE_H

#include <stddef.h>

#include "../case/case.h"
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

/*
 * The exact-image judges (judge_image.c): strncpy, stpncpy, strncat,
 * memccpy, and strlcat when dest has no NUL in its size bytes.  Their
 * whole dest must equal the reference's, byte for byte; each difference
 * is named by the clause it breaks.  sc_judge_exact says whether a case
 * is judged so; sc_judge_image adds the image's findings to f[0..nf-1];
 * sc_judge_return adds the return value's (ret differs), in the API's
 * terms (a length, dest+N, NULL).
 */
int sc_judge_exact(const struct sc_case *c);
int sc_judge_image(const struct sc_case *c, const struct sc_outcome *cand,
		   const struct sc_outcome *ref, struct sc_finding *f, int nf, int max);
int sc_judge_return(const struct sc_case *c, const struct sc_outcome *cand,
		    const struct sc_outcome *ref, struct sc_finding *f, int nf, int max);

/* A return value as the API's caller reads it: "17", "dest+5", "NULL",
 * "-E2BIG"; buf of at least 32 bytes.  Returns buf. */
char *sc_ret_text(enum sc_api api, int64_t ret, char *buf, size_t size);

/* Describe where a fault hit relative to the buffers, e.g. "read at
 * src+17, 1 byte(s) past the last byte it may read (src+16), in the guard
 * page after the source".  Returns buf. */
char *sc_describe_fault(const struct sc_case *c, const struct sc_outcome *o,
			char *buf, size_t size);

/*
 * sc_demand_judge: judge a huge count's dest region backed on demand
 * (memory/demand.h) after the call (c's policy, o the candidate's outcome,
 * after_nul the index of dest's NUL as the reference wrote it, or -1 when
 * the reference wrote nothing).  Adds findings to f[nf..max), returns nf.
 */
int sc_demand_judge(const struct sc_arena *a, const struct sc_case *c,
		    const struct sc_outcome *o, int64_t nul, struct sc_finding *f, int nf, int max);

/* The race invariants (docs/contract.md, "Race robustness") on one outcome. */
int sc_judge_race(const struct sc_case *c, const struct sc_outcome *o,
		  struct sc_finding *f, int max);

#endif
