/* canary.c - the canary and filler patterns, as tables made once (canary.h). */
#include "canary.h"
#include "../case/case.h"

/*
 * Both patterns are periodic (64 and 23 bytes; the filler only on each
 * side of offset 0), so they are copied from tables made once instead of
 * computed byte by byte: that was three quarters of the time of a short
 * case.
 */
static unsigned char canary_tab[64 + SC_COUNT_MAX + 2 * SC_MARGIN];
static unsigned char filler_before[SC_MARGIN];      /* [SC_MARGIN - i]: sc_filler(-i) */
static unsigned char filler_after[23 + SC_MARGIN];  /* [j]: sc_filler(j) */

__attribute__((constructor)) static void make_tables(void)
{
	for (size_t j = 0; j < sizeof(canary_tab); j++)
		canary_tab[j] = sc_canary((int64_t)j);
	for (size_t i = 1; i <= SC_MARGIN; i++)
		filler_before[SC_MARGIN - i] = sc_filler(-(int64_t)i);
	for (size_t j = 0; j < sizeof(filler_after); j++)
		filler_after[j] = sc_filler((int64_t)j);
}

const unsigned char *sc_canaries(int64_t k)
{
	return canary_tab + (uint64_t)k % 64;  /* sc_canary has period 64 */
}

const unsigned char *sc_filler_before(size_t n)
{
	return filler_before + SC_MARGIN - n;
}

const unsigned char *sc_filler_from(size_t k)
{
	return filler_after + k % 23;
}
