/*
 * case.h - one test case of the checker, and its byte encoding.
 *
 * A case is everything needed to repeat one call: which API, the source
 * bytes, count, and where source and destination sit relative to the guard
 * pages.  The same encoding is a fuzz input, a replay file and (in hex) a
 * --case= argument, so a finding from any of them replays in all.
 */
#ifndef SC_CASE_H
#define SC_CASE_H

#include <stddef.h>
#include <stdint.h>

enum sc_api {
	SC_STRSCPY,
	SC_STRSCPY_PAD,
	SC_STRLCPY,
	SC_STRNCPY,
	SC_API_COUNT
};

/*
 * Placement of a buffer in its arena.  off means, per placement:
 *   SC_FREE:     offset from a 64-byte boundary, away from any guard;
 *   SC_AT_START: distance from the guard page before the buffer
 *                (0: the buffer's first byte is the first byte of a page);
 *   SC_AT_END:   distance from the guard page after the buffer
 *                (0: the buffer's last byte is the last byte of a page).
 * The source buffer is its bytes (src_len); the destination buffer is
 * dest[0..count-1] (capped at SC_DST_SPAN for huge counts).
 */
enum sc_place { SC_FREE, SC_AT_START, SC_AT_END, SC_PLACE_COUNT };

enum sc_policy { SC_NO_LEAK, SC_STRICT };

/* Longest source: past 65,536 (16-bit length counters) and many pages. */
#define SC_SRC_MAX (1u << 17)
/* Counts up to this get a real destination of count bytes. */
#define SC_COUNT_MAX (SC_SRC_MAX + 64)
/* A count above SC_COUNT_MAX is "huge": the destination given is this long. */
#define SC_DST_SPAN 4096u
#define SC_OFF_MAX 63

struct sc_case {
	enum sc_api api;
	enum sc_policy policy;
	enum sc_place src_place, dst_place;
	unsigned src_off, dst_off;  /* 0..SC_OFF_MAX */
	uint64_t count;             /* may be huge, see sc_huge_counts */
	size_t src_len;
	unsigned char src[SC_SRC_MAX + 1];
};

/* Encoded header size; the source bytes follow it. */
#define SC_HEADER_LEN 8

/* Counts a huge-count case picks from: SSIZE_MAX, SIZE_MAX, INT_MAX + 1, ... */
extern const uint64_t sc_huge_counts[];
extern const unsigned sc_huge_count_n;

/* True when the case's count gets a capped destination (see SC_DST_SPAN). */
int sc_count_is_huge(const struct sc_case *c);

/* The destination's length: count, or SC_DST_SPAN for a huge count (the
 * one place that caps it: runner, judges and reports all ask here). */
size_t sc_case_dst_len(const struct sc_case *c);

/*
 * Decode any byte string into a valid case (fuzzers hand us anything):
 * out-of-range fields wrap, an over-long source is cut, and a source that
 * the contract would read past (no NUL where one is needed) gets a NUL
 * appended.  Always succeeds.
 */
void sc_case_decode(struct sc_case *c, const uint8_t *data, size_t len);

/* Encode; returns the length written (at most SC_HEADER_LEN + SC_SRC_MAX). */
size_t sc_case_encode(const struct sc_case *c, uint8_t *out);

/* Bring a hand-built case to the form sc_case_decode produces. */
void sc_case_normalize(struct sc_case *c);

/* How many source bytes the contract lets the API read (the NUL included). */
size_t sc_case_readable(const struct sc_case *c);

/* Index of the first NUL in src[0..src_len-1], or src_len if none. */
size_t sc_case_strlen(const struct sc_case *c);

const char *sc_api_name(enum sc_api api);
int sc_api_parse(const char *name, enum sc_api *api);  /* 0 ok, -1 unknown */
const char *sc_place_name(enum sc_place place);

#endif
