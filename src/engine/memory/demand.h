/*
 * demand.h - dest as large as the count says.
 *
 * A huge count (above SC_COUNT_MAX) promises more dest than the arenas
 * map.  Such a dest is placed in an arena of its own whose mapped part
 * (the string, the canaries: two pages) is followed by a region backed
 * on demand: a fault there, inside [dest, dest + count), backs the pages
 * up to the one that faulted (canaries in them, so they are judged as the
 * rest of dest is) and the call resumes.  A count up to SC_DEST_BACKED is
 * backed whole; a larger one (too large to back: 2^32 + k, SIZE_MAX) only
 * SC_DEMAND_PROBE bytes into the region: a call that writes further is cut
 * there, and what it would have written beyond is reported as not judged,
 * not as a defect.
 * After the call the pages are judged by the policy (after the NUL:
 * unchanged or zero; --strict: unchanged; strscpy_pad: zero up to count;
 * at dest[count] or beyond: unchanged) and given back.
 *
 * Where a fault past the memfd's end does not name its address exactly
 * (qemu-user, whose resumption after such a fault is not exact either),
 * the region is backed up to count (or the cap) before each call instead.
 * The backing is a memfd whose size is the backed length: growing it is
 * one ftruncate (which the sandbox allows: no memory call), shrinking it
 * to 0 unmaps every page again.  The candidate can reach the memfd too
 * (/proc/self/fd): the judge reads its real size (sc_demand_size), and a
 * huge call whose memfd was resized starts from nothing.  Each engine's arena has its region; one
 * call runs at a time, so the call's state is this file's own.
 */
#ifndef SC_DEST_DEMAND_H
#define SC_DEST_DEMAND_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "../case/case.h"

/* Most dest bytes backed on demand past the mapped part (2 MiB). */
#define SC_DEMAND_CAP SC_DEST_BACKED
/* Backed this much at a time (fewer faults; never past count's page). */
#define SC_DEMAND_CHUNK ((size_t)1 << 16)
/* A count too large to back whole (above SC_DEST_BACKED) gets only this
 * much: enough to see what a call writes far past the NUL, and cheap to
 * cut (hundreds of grid cases have such counts). */
#define SC_DEMAND_PROBE ((size_t)1 << 16)

/*
 * Map the huge-count dest arena: [guard][mapped part][demand region]
 * [guard].  0, or -1 with errno.
 */
int sc_demand_init(struct sc_arena *a);
void sc_demand_fini(struct sc_arena *a);

/* Where a huge count's dest goes in that arena, and how many bytes of it
 * are mapped (the window runs to the region's start). */
unsigned char *sc_demand_place(const struct sc_arena *a, enum sc_place place, unsigned off,
			       size_t *mapped);

/* Whether each call's region is backed before it (see above). */
int sc_demand_eager(void);

/* Before a call: faults in a's region below dest + count back it (a dest
 * elsewhere, e.g. the reference's image, arms nothing that can fault). */
void sc_demand_arm(const struct sc_arena *a, const unsigned char *dest, uint64_t count);
/* After it (also from the fault path): no more backing. */
void sc_demand_disarm(void);

/*
 * The fault handler's hook (SIGSEGV, SIGBUS): 1 when the fault was the
 * kernel's (si_code > 0), in the region, inside count, and is now backed
 * (the call resumes), else 0.  access: 'r', 'w' or '?' (unknown): a read
 * past what a huge count backs is backed too; only a write (or '?') is cut.
 * Async-signal-safe.
 */
int sc_demand_fault(const siginfo_t *si, char access);

/* Whether the last call was cut where dest stops being backed; bytes of
 * a's region backed now. */
int sc_demand_was_cut(void);
size_t sc_demand_backed(const struct sc_arena *a);
/* The region's real size (the memfd's, fstat; at most the cap): what the
 * judge reads, whatever the candidate did to the memfd. */
size_t sc_demand_size(const struct sc_arena *a);

/* The first byte of a's region backed on demand (NULL: none). */
const unsigned char *sc_demand_region(const struct sc_arena *a);

/* Give a's region's pages back (before the next case). */
void sc_demand_reset(const struct sc_arena *a);

/* The memfds behind the regions, at most max of them into fds: the
 * descriptors the engine keeps open (the child closes every other one it
 * did not open).  Returns how many. */
int sc_demand_fds(int *fds, int max);

/* Cases cut at the cap since the engine started (the supervisor's note). */
extern volatile unsigned long sc_demand_cuts;

#endif
