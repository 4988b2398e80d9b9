#include <inttypes.h>
#include <stdio.h>

#include "count.h"

/* Limits that have a name a C programmer knows, as 2^n - 1. */
static const struct {
	unsigned bits;
	const char *name;
} named[] = {
	{ 64, "SIZE_MAX" }, { 63, "SSIZE_MAX" }, { 32, "UINT32_MAX" }, { 31, "INT_MAX" },
	{ 16, "UINT16_MAX" },
};

char *sc_count_value_describe(uint64_t v, char *buf, size_t size)
{
	unsigned n = 0;
	uint64_t d = UINT64_MAX;
	int minus = 0;

	/* The nearest power of two 2^n, n = 16..64, and the distance to it. */
	for (unsigned i = 16; i <= 64; i++) {
		uint64_t p = i < 64 ? (uint64_t)1 << i : 0;
		uint64_t di = i < 64 && v >= p ? v - p : p - v;  /* 2^64 - v when i = 64 */

		if (di < d)
			d = di, n = i, minus = i == 64 || v < p;
	}
	/* Within 1/256 of the power, or it is not its shape. */
	if (v < 65536 - 256 || d > ((uint64_t)1 << (n - 8))) {
		snprintf(buf, size, "%" PRIu64, v);
		return buf;
	}
	if (d == 0) {
		snprintf(buf, size, "2^%u (%" PRIu64 ")", n, v);
		return buf;
	}
	if (minus && d == 1)
		for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
			if (named[i].bits == n) {
				snprintf(buf, size, "2^%u - 1 = %s (%" PRIu64 ")", n, named[i].name, v);
				return buf;
			}
	snprintf(buf, size, "2^%u %c %" PRIu64 " (%" PRIu64 ")", n, minus ? '-' : '+', d, v);
	return buf;
}

char *sc_count_describe(const struct sc_case *c, char *buf, size_t size)
{
	const char *p = c->count_rel == SC_REL_DEST ? "dest" : "src";
	int64_t k = (int64_t)c->count;
	unsigned bits = sizeof(void *) * 8;

	if (c->count_rel == SC_REL_NONE)
		return sc_count_value_describe(c->count, buf, size);
	if (k >= 0)
		snprintf(buf, size, "2^%u - %s + %" PRId64 " (%s + count wraps around to %" PRId64
			 ")", bits, p, k, p, k);
	else
		snprintf(buf, size, "2^%u - %s - %" PRIu64 " (%s + count = 2^%u - %" PRIu64
			 ", no wrap)", bits, p, (uint64_t)0 - (uint64_t)k, p, bits,
			 (uint64_t)0 - (uint64_t)k);
	return buf;
}
