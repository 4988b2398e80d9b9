/*
 * outcome.h - what one call did: how it stopped, what it returned, where
 * it faulted, and the image of dest and its margins afterwards.  Written
 * by the runner (engine.c), read by the judges and the supervisor.
 */
#ifndef SC_OUTCOME_H
#define SC_OUTCOME_H

#include <stddef.h>
#include <stdint.h>

#include "../memory/arena.h"

/* A returned NULL pointer (memccpy), as the outcome's ret holds it. */
#define SC_RET_NULL INT64_MIN

/* How the call ended. */
enum sc_stop { SC_RETURNED, SC_FAULTED, SC_HUNG, SC_SIGNALLED,
	      SC_CUT /* stopped where strcheck stops backing dest (memory/demand.h) */ };

struct sc_outcome {
	enum sc_stop stop;
	int signo;
	char access;             /* fault: 'r', 'w', or '?' when unknown */
	uintptr_t fault_addr;
	/* fault: the kernel gave no address (a general-protection fault: a
	 * non-canonical or misaligned address); fault_addr is then the
	 * address decoded from the instruction, or 0 */
	char no_addr;
	char fault_arena;        /* 's' source, 'd' dest, 0 elsewhere */
	enum sc_region fault_region;
	int64_t ret;             /* a pointer (strncpy, strncat, stpncpy, memccpy):
				  * minus dest, SC_RET_NULL for NULL */
	uint64_t count;          /* the count the call got (sc_case_count) */
	const unsigned char *src, *dst;  /* where the buffers were placed */
	size_t dst_len;          /* dest bytes the call may write (sc_case_dst_len) */
	size_t before;           /* window bytes before dest */
	size_t win_len;          /* window: [dst - before, dst - before + win_len) */
	unsigned char *win;      /* image of the window after the call */
};

#endif
