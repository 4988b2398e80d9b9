/*
 * race_flips.h - which flips a traced case runs (race_trace.h, which
 * includes this one; this one includes none of the traced checks): each
 * source byte's reads, indexed from the trace, and the flips chosen from
 * them, uncapped (docs/race.md, "Which flips").  Inside the race room.
 */
#ifndef SC_RACE_FLIPS_H
#define SC_RACE_FLIPS_H

#include <stdint.h>

#include "../../run/engine.h"
#include "../../trace/trace.h"

/* A flip: source byte `byte` becomes `to` (a non-NUL: NUL; the NUL: '#')
 * right after its read-th read (1, 2, ...; 0: no flip).  Replayed by
 * --race-flip=BYTE@READ. */
struct sc_flip {
	uint32_t byte;
	uint32_t read;
	uint8_t to;
	/* after the flip run: the traced accesses to the byte's page up to
	 * the flip (what a reproducer counts: --emit-repro) */
	uint32_t step;
};

/* The flip's new value for a source byte. */
static inline uint8_t sc_flip_value(uint8_t was)
{
	return was ? 0 : '#';
}

/* Most flips one case runs; a case that wants more is reported bounded
 * (its verdict is not PASS).  No correct copy comes near it. */
#define SC_FLIPS_MAX 4096

/* Index the trace's source reads per byte of src[0..span-1] (src: where
 * the case's source was placed).  0, or -1 out of memory. */
int sc_flips_index(const struct sc_trace *t, uint64_t src, size_t span);

/* Byte b's reads (after sc_flips_index), and the trace index of its
 * read j (0-based, j < sc_flips_nreads(b)). */
uint32_t sc_flips_nreads(size_t b);
uint32_t sc_flips_read(size_t b, uint32_t j);

/*
 * The flips to run (src: where the case's source was placed): every read
 * but the last of the byte that decides the end (src[span-1]: the NUL, or
 * src[count-1]); for the other bytes, runs of neighbours read by the same
 * two loads and flipped the same way, grouped by the loads' instructions,
 * the run's place in each load, its length, the read's number and the
 * direction: each group's ends (the first byte of its first run, the last
 * byte of its last).
 * Fills fl (up to SC_FLIPS_MAX); returns how many; *wanted: how many the
 * rule asked for.
 */
size_t sc_flips_pick(const struct sc_trace *t, const struct sc_case *c, uint64_t src, size_t span,
		     struct sc_flip *fl, size_t *wanted);

#endif
