/*
 * race_tamper.h - the traced check's second line against a candidate that
 * changed the tracer's protections (docs/tamper.md): after a traced call,
 * its read set must hold every source byte every correct call reads, and
 * the arenas' guard pages must still be inaccessible.
 */
#ifndef SC_RACE_TAMPER_H
#define SC_RACE_TAMPER_H

#include "../../judge/rules.h"
#include "../../trace/trace.h"

/*
 * After the traced (unflipped) run of c, its trace in t: a tamper finding
 * (rule no-memory-changes) into f when the call read none of a byte of
 * src[0 .. min(strlen, count - 1)] on a traced page (the string APIs, a
 * count that is not huge, a trace neither cut nor guessed), or when a
 * guard page of the source or dest arena is readable.  A trace of the read
 * set only (t->reads_only: the allowed reads not traced) is judged by
 * whether the source pages the tracer closed were still closed after the
 * call (t->reopened) instead of the bytes read.  Returns the
 * findings (0 or 1).
 */
int sc_trace_tampered(const struct sc_engine *e, const struct sc_case *c, const struct sc_trace *t,
		      struct sc_finding *f, int max);

#endif
