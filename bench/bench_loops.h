/*
 * bench_loops.h - `bench -l`: the bare loops of the vector paths
 * (bench_loops.c), timed beside the real paths.
 */
#ifndef BENCH_LOOPS_H
#define BENCH_LOOPS_H

#include "bench_impls.h"

/* Fill out (at most max) with the loops this CPU runs; returns how many. */
size_t bench_loops(struct bench_impl *out, size_t max);

#endif
