/*
 * bytes.h - small byte-string helpers shared by the engine, the reports
 * and the fuzz harness: compare two images, hex, and a C-literal escape.
 * A leaf: it calls nothing else of the project.
 */
#ifndef SC_BYTES_H
#define SC_BYTES_H

#include <stddef.h>
#include <stdint.h>

/*
 * First index in [from, to) where a and b differ, or -1 if none.  When
 * diffs is not NULL, *diffs is set to how many indices in [from, to)
 * differ (a full scan; with diffs NULL it stops at the first).
 */
int64_t sc_first_diff(const unsigned char *a, const unsigned char *b, size_t from, size_t to,
		      size_t *diffs);

/* Hex of n bytes; out must hold 2 * n + 1. */
void sc_hex(const uint8_t *b, size_t n, char *out);

/* Parse hex into b (at most max bytes); returns the length or -1. */
long sc_unhex(const char *hex, uint8_t *b, size_t max);

/*
 * Escape n bytes as the inside of a C string literal ("\"", "\\\\", "\\0",
 * "\\xNN" for bytes outside printable ASCII, and a hex digit right after
 * a numeric escape escaped too, so the literal means exactly these bytes).
 * Writes at most size - 1 characters and a NUL (size > 0), never cutting
 * an escape in two; SC_ESCAPE_MAX(n) bytes always suffice for all n bytes.
 * Returns how many of the n bytes were written out.
 */
size_t sc_escape(const unsigned char *b, size_t n, char *out, size_t size);
/* The plural ending of a count's noun: "1 byte", "2 bytes". */
#define SC_PL(n) ((n) == 1 ? "" : "s")

#define SC_ESCAPE_MAX(n) (4 * (size_t)(n) + 1)

#endif
