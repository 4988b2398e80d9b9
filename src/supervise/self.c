/*
 * self.c - the checked child's sandbox for a process that is not one
 * (watch.h): --scan's probe calls a function it does not know yet, so it
 * runs under the same two seccomp filters as the checks, put on at the
 * same two points.  Refused calls fail with EPERM there; no report
 * channel listens (-1), so nothing is told.
 */
#include <stdint.h>

#include "sandbox/sandbox.h"
#include "watch.h"

static volatile uint64_t where;

int sc_sandbox_self(int stage, char *note, size_t notelen)
{
	if (stage == 1)
		return sc_sandbox_early(-1, &where, note, notelen);
	return sc_sandbox_lock(note, notelen);
}
