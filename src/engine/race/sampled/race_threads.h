/*
 * race_threads.h - inside the concurrent checks (race.h): what the calling
 * thread and its helper thread (the mutator or the reader) share, and the
 * handshake that starts the helper at the start of each call and stops it
 * before the next case is set up.
 *
 * Handshake, one word of state: call k is posted (RUN), claimed by the
 * helper (BUSY), told to stop (STOP) and over (IDLE of k+1).  The caller
 * writes the target while the state is IDLE, posts the call right before
 * it (sc_run's before_call hook) and waits a moment for the claim, so
 * both threads start the call together.  After the call, a post the helper
 * never claimed (it was not running: a busy machine) is simply withdrawn;
 * a claimed one is stopped, and the caller waits until the helper is idle,
 * so no stray write of the mutator lands in the next case's source and no
 * poll of the reader sees the checker set dest up.
 */
#ifndef SC_RACE_THREADS_H
#define SC_RACE_THREADS_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

/* Mutation strategies (race_mutator.c); the driver gives each an equal
 * share of the time, in turn. */
enum sc_strategy {
	SC_ST_NUL_FAST,   /* the byte at the NUL (count-1 on truncation), toggled flat out */
	SC_ST_NUL_BURST,  /* the same byte, each value held for a random while */
	SC_ST_BELOW,      /* one of the 8 bytes just below it, toggled flat out */
	SC_ST_WORD,       /* the aligned word holding it or a byte just below it */
	SC_ST_HEAD,       /* the first 1..8 bytes */
	SC_ST_SWEEP,      /* one byte, the next one on the next call: every byte in turn */
	SC_ST_LINE,       /* the 64-byte block holding it, flipped at a random moment */
	SC_ST_ANY,        /* any byte of the string, bursts */
	SC_ST_COUNT
};

/* Where one call is aimed; set by the caller while the helper idles. */
struct sc_race_target {
	unsigned char *src_rw;     /* mutator: the source, writable view */
	const unsigned char *src;  /* the same bytes as the candidate sees them */
	size_t span;               /* the mutator changes src[0..span-1] only */
	size_t hot;                /* the NUL (a fit) or count-1 (truncation) */
	enum sc_strategy strategy;
	uint64_t seq;              /* call number: the sweep walks with it */
	uint64_t rng;              /* this call's random state */
	const unsigned char *dst;  /* reader: dest[0..count-1] */
	size_t count;
};

enum { SC_RS_IDLE, SC_RS_RUN, SC_RS_BUSY, SC_RS_STOP };
#define SC_RS(k, phase) ((unsigned long)(k) << 2 | (phase))

struct sc_race_sync {
	volatile unsigned long state __attribute__((aligned(64)));
	volatile int quit;
	int one_cpu;               /* waits yield: the other thread needs the CPU */
	struct sc_race_target t;
	/* the helper's, on a line of its own */
	volatile unsigned long acts __attribute__((aligned(64)));  /* bumped as it works */
	volatile int seen;                   /* reader: dest[count-1] was not NUL */
	volatile unsigned char seen_byte;    /* ... it held this */
	volatile int seen_nul_before;        /* ... and a NUL was in dest[0..count-2] */
};

static inline void sc_race_relax(unsigned *spins, int one_cpu)
{
	if (one_cpu || ++*spins > 4096) {
		sched_yield();
		return;
	}
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/*
 * Helper side: wait for a call, claim it and copy its target to *t.
 * Returns the claimed state (BUSY of the call), or 0 when told to quit.
 */
static inline unsigned long sc_race_claim(struct sc_race_sync *s, struct sc_race_target *t)
{
	unsigned spins = 0;

	while (!s->quit) {
		unsigned long st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);

		if ((st & 3) == SC_RS_RUN &&
		    __atomic_compare_exchange_n(&s->state, &st, st + 1, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE)) {
			*t = s->t;
			return st + 1;
		}
		sc_race_relax(&spins, s->one_cpu);
	}
	return 0;
}

/* Helper side: the claimed call is over; go idle. */
static inline void sc_race_release(struct sc_race_sync *s, unsigned long busy)
{
	unsigned long stop = busy + 1, st = stop;
	unsigned spins = 0;

	/* Wait for the caller's stop unless it came already. */
	while (!__atomic_compare_exchange_n(&s->state, &st, SC_RS((busy >> 2) + 1, SC_RS_IDLE), 0,
					    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		if (s->quit)
			return;
		st = stop;
		sc_race_relax(&spins, s->one_cpu);
	}
}

/* A helper thread's life: claim each call, work on it, go idle. */
typedef void sc_race_work(struct sc_race_sync *s, unsigned long busy,
			  const struct sc_race_target *t);

static inline void *sc_race_serve(struct sc_race_sync *s, sc_race_work *work)
{
	struct sc_race_target t;
	unsigned long busy;

	while ((busy = sc_race_claim(s, &t)) != 0) {
		work(s, busy, &t);
		sc_race_release(s, busy);
	}
	return NULL;
}

/* The helpers' thread functions (arg: the struct sc_race_sync). */
void *sc_race_mutator(void *arg);
void *sc_race_reader(void *arg);

#endif
