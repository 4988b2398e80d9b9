/*
 * race_trace.h - the traced checks (docs/race.md, "The traced check"): on
 * a fixed list of cases, each call is traced (trace.h) and judged three
 * ways besides the ordinary rules:
 *   - the read set: a source read on a page that holds no byte the call
 *     may read (src[0..min(count, L+1)-1]) is an over- or under-read, even
 *     where that page is mapped;
 *   - the race: for each source byte read more than once, and each of its
 *     reads but the last, the call runs again with the byte flipped (a
 *     non-NUL made NUL, the NUL made non-NUL) right after that read, and
 *     the race invariants judge the outcome;
 *   - the reader (on request): after each store into dest, a dest that
 *     started terminated holds a NUL in dest[0..count-1], and no dest byte
 *     is stored twice with different values.
 */
#ifndef SC_RACE_TRACE_H
#define SC_RACE_TRACE_H

#include <stdint.h>

#include "../run/engine.h"
#include "../trace/trace.h"
#include "traced/race_flips.h"

/* The traced plan: a fixed list of cases, the same on every machine and
 * load, run whole (race_plan.c; docs/race.md, "The traced plan"); the
 * list is the same for every API (each case made for it). */
uint64_t sc_trace_cases_total(void);
void sc_trace_case(enum sc_api api, uint64_t i, struct sc_case *c);
/* The name of the section case i is in ("page crossings", ...). */
const char *sc_trace_section(uint64_t i);

/* The bytes a flip may change (any flip there keeps a correct copy inside
 * mapped memory): the string and its NUL (a fit), src[0..count-1]. */
size_t sc_trace_span(const struct sc_case *c);

struct sc_traced {
	uint64_t accesses;   /* recorded over all runs */
	uint64_t faults;     /* the tracer's signals over all runs (trace.h) */
	uint64_t reads_only; /* cases traced for the read set only: just a
			      * read outside the pages allowed faults */
	uint64_t runs;       /* traced calls (flips included) */
	uint64_t flips;      /* flip runs */
	uint64_t cut;        /* calls with more accesses than the tracer keeps */
	uint64_t unrun;      /* flips the rule asked for and not run (bounded) */
	int case_bounded;    /* the last case's check was bounded (cut, unrun) */
	int nf;
	struct sc_finding f[4];
	struct sc_flip flip; /* the findings' flip (read 0: none) */
	int ordinary;        /* the findings are the ordinary rules' (a reference ran) */
};

/*
 * Check one case traced (reader: the reader check too).  Adds to r's
 * counts; returns the findings (r->nf, r->f, r->flip).  The outcomes stay
 * in e->cand (and e->ref when r->ordinary).
 */
int sc_trace_check(struct sc_engine *e, struct sc_trace *t, const struct sc_case *c, void *fn,
		   int reader, struct sc_traced *r);

/* Run the case once with the flip, untraced after it (a replay); the
 * outcome is in e->cand; returns the race invariants' findings. */
int sc_trace_flip(struct sc_engine *e, struct sc_trace *t, const struct sc_case *c, void *fn,
		  const struct sc_flip *fl, struct sc_finding *f, int max);

/* Put what the flip did before a finding's text: the byte, the read after
 * which it changed (first), the next read (second; NULL: unknown), each
 * named by its actor (sc_trace_actor). */
void sc_trace_flip_text(struct sc_finding *f, const struct sc_case *c, const struct sc_flip *fl,
			const struct sc_access *first, const struct sc_access *second);

/* "strscpy+0x2c" (or the object's name and offset) for an instruction. */
const char *sc_trace_where(uint64_t ip, char *buf, size_t size);

/* Who made an access: sc_trace_where of its instruction, or for one the
 * kernel made in a system call, "the kernel in write() (the system call at
 * __write+0xe)".  Returns buf. */
const char *sc_trace_actor(const struct sc_access *x, char *buf, size_t size);

#endif
