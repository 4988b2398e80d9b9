/*
 * watch.h - run a plan of checks in a supervised, sandboxed child.
 *
 * The engine survives faults, hangs and aborts inside a call.  What it
 * cannot survive is a candidate that ends the process, a signal it cannot
 * catch, a scribble that wrecks the checker, or a candidate that lies.  So
 * the cases run in a child (child.c) that loads the candidate, locks itself
 * into a seccomp sandbox (sandbox.c) and reports what it finds over a
 * socket as framed, checksummed, numbered messages (channel.c).  The
 * supervisor (watch.c) never loads the candidate: it validates every
 * message, keeps its own copy of every finding (findings.c), computes the
 * plan's case counts itself (plan.c), enforces a per-call and an overall
 * deadline, and restarts a child after the case that killed or hung the
 * last one.  The record the report is printed from (struct sc_record) lives
 * only in the supervisor's memory: the child cannot reach it.
 */
#ifndef SC_WATCH_H
#define SC_WATCH_H

#include <stddef.h>

#include "record/record.h"
#include "sandbox/syscalls.h"   /* the refused calls' table (--md-sandbox) */

/* Result of sc_supervise. */
enum sc_sup_status { SC_SUP_OK, SC_SUP_LOAD_ERROR, SC_SUP_SYSTEM_ERROR, SC_SUP_INTERRUPTED };

/*
 * Run the plan in supervised children.  On SC_SUP_OK (and on
 * SC_SUP_INTERRUPTED: the user's ^C) *out is the record (findings, counts;
 * free with sc_record_free).  On a load error err holds one line saying
 * why; on a system error, likewise.
 */
enum sc_sup_status sc_supervise(const struct sc_plan *plan, struct sc_record **out,
				char *err, size_t errlen);

/*
 * Lock the calling process itself into the checked child's sandbox
 * (sandbox/sandbox.h, self.c): stage 1 the first filter, before a
 * candidate is loaded; stage 2 the second, before its first call.  For a
 * process that calls a candidate outside a plan (--scan's probe).  1 when
 * the filter is on, 0 when unavailable (note says why).
 */
int sc_sandbox_self(int stage, char *note, size_t notelen);

#endif
