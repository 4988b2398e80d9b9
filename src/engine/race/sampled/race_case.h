/*
 * race_case.h - the cases of the concurrent checks (race_case.c).
 */
#ifndef SC_RACE_CASE_H
#define SC_RACE_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "../../case/case.h"

/*
 * A random case for api (strscpy or strscpy_pad) from *rng, and where a
 * mutator may aim in it: src[0..*span-1] are the bytes it may change (any
 * change keeps a correct copy inside mapped memory), and *hot is the byte
 * that decides where the copy ends (the NUL, or count-1 on truncation).
 */
void sc_race_case(uint64_t *rng, enum sc_api api, struct sc_case *c, size_t *span, size_t *hot);

#endif
