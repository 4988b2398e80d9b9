/*
 * canary.h - the known byte patterns around a case's buffers: canaries in
 * and around the destination, filler around the source.  A leaf: the
 * runner (engine.c) lays the patterns down, the judges (judge.c) and the
 * reports compare against them, and it calls neither.
 */
#ifndef SC_CANARY_H
#define SC_CANARY_H

#include <stddef.h>
#include <stdint.h>

/* Margin of canary (and filler) bytes kept on each side of a buffer. */
#define SC_MARGIN 256
/* Data bytes of each arena (source and destination), guards aside. */
#define SC_ARENA_DATA (SC_COUNT_MAX + 2 * SC_MARGIN + 3 * 65536)

/* The canary byte at dest offset k (never zero; period 64). */
static inline unsigned char sc_canary(int64_t k)
{
	return (unsigned char)(0xc0 | ((uint64_t)k * 5 + 3) % 64);
}

/* The filler byte around the source at source offset k (never zero). */
static inline unsigned char sc_filler(int64_t k)
{
	return (unsigned char)('A' + (uint64_t)k % 23);
}

/*
 * The canaries sc_canary(k), sc_canary(k+1), ... as n contiguous bytes,
 * n <= SC_COUNT_MAX + 2 * SC_MARGIN: fills and comparisons go through
 * memcpy and memcmp with it (a fuzzer's exec/s is made of these).
 */
const unsigned char *sc_canaries(int64_t k);

/* The n <= SC_MARGIN filler bytes just before the source:
 * sc_filler(-n) .. sc_filler(-1). */
const unsigned char *sc_filler_before(size_t n);

/* Up to SC_MARGIN filler bytes from source offset k >= 0 on:
 * sc_filler(k), sc_filler(k+1), ... */
const unsigned char *sc_filler_from(size_t k);

#endif
