/*
 * arena.h - guard-page arenas.
 *
 * An arena is [PROT_NONE guard][data pages][PROT_NONE guard], mapped once,
 * its data inside one 4 GiB block (for the sandbox's filter, arena.c).
 * Buffers are placed in it by pointer arithmetic, flush against either
 * guard or in the middle, so no call to mmap or mprotect happens per case.
 * A read-only arena maps the same pages twice: read-only for the candidate
 * (a write to the source faults) and writable for the checker and the race
 * mutator (the `rw` alias).  An aliased arena (dest) is writable for the
 * candidate and has the same writable alias: the tracer stores through it
 * while the candidate's view is read-only (trace/trace_emulate.h).
 */
#ifndef SC_ARENA_H
#define SC_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "../case/case.h"

struct sc_arena {
	unsigned char *map;   /* whole mapping, guards included */
	size_t map_len;
	unsigned char *data;  /* first data byte (page-aligned) */
	size_t data_len;      /* a whole number of pages */
	unsigned char *rw;    /* writable view of data; == data if not read-only */
	size_t page;
};

/* Where an address falls, relative to an arena. */
enum sc_region {
	SC_OUTSIDE,
	SC_GUARD_BEFORE,
	SC_DATA,
	SC_GUARD_AFTER,
};

enum { SC_ARENA_PLAIN, SC_ARENA_READ_ONLY, SC_ARENA_ALIASED };

/* Map an arena with at least data_len bytes of data (mode: SC_ARENA_*).
 * 0 or -1 (errno). */
int sc_arena_init(struct sc_arena *a, size_t data_len, int mode);
/* The same with the mapping tried first at hint (tests/test_arena.c puts
 * it across a 4 GiB boundary, which the data never is: arena.c). */
int sc_arena_init_at(struct sc_arena *a, size_t data_len, int mode, void *hint);
void sc_arena_free(struct sc_arena *a);

/* Which part of the arena addr is in. */
enum sc_region sc_arena_region(const struct sc_arena *a, uintptr_t addr);

/*
 * Address of a buffer of len bytes placed as place/off says (case.h).
 * The arena must have room: data_len >= len + 2 pages + 64.
 */
unsigned char *sc_arena_place(const struct sc_arena *a, enum sc_place place,
			      unsigned off, size_t len);

/* The writable alias of an address inside the data. */
static inline unsigned char *sc_arena_rw(const struct sc_arena *a, const unsigned char *p)
{
	return a->rw + (p - a->data);
}

#endif
