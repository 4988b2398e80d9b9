/*
 * beacon.h - where the checked child is, for the supervisor: what the
 * child's main loop (child.c) and its traced phase (child_trace.c) write.
 */
#ifndef SC_BEACON_H
#define SC_BEACON_H

#include <stdint.h>

/* Where the child is: written per case, read by the supervisor to name the
 * case of a death or hang.  Shared memory the candidate can reach: the
 * supervisor believes it only within bounds and only moving forward. */
struct sc_beacon {
	volatile uint64_t where;  /* phase << 56 | position: one store, never torn */
};

#define SC_POS_MASK (((uint64_t)1 << 56) - 1)

static inline void sc_beacon_set(struct sc_beacon *b, unsigned phase, uint64_t pos)
{
	__atomic_store_n(&b->where, (uint64_t)phase << 56 | (pos & SC_POS_MASK), __ATOMIC_RELEASE);
}

#endif
