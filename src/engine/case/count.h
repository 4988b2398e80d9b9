/*
 * count.h - a count as a person reads it: "2^32 + 5 (4294967301)".
 *
 * Counts that break bounded-copy code are the ones a 16- or 32-bit
 * truncation, a signed conversion or a pointer wrap-around turns small,
 * and their decimal form hides that.  The reports name them by shape.
 */
#ifndef SC_COUNT_H
#define SC_COUNT_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"

/* Longest text sc_count_describe writes, its NUL included. */
#define SC_COUNT_TEXT 96

/*
 * Describe the case's count into buf (size >= SC_COUNT_TEXT is never cut):
 *   17                            a plain count
 *   2^32 + 5 (4294967301)         within a little of a power of two >= 2^16
 *   2^64 - 1 = SIZE_MAX (1844...) a named limit
 *   2^64 - dest + 5 (dest + count wraps around to 5)   a relative count
 * Returns buf.
 */
char *sc_count_describe(const struct sc_case *c, char *buf, size_t size);

/* The same for a plain 64-bit count. */
char *sc_count_value_describe(uint64_t count, char *buf, size_t size);

#endif
