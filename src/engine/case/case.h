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
	SC_STRLCAT,     /* the concatenations: dest holds a string first */
	SC_STRNCAT,
	SC_STPNCPY,
	SC_MEMCCPY,     /* copies up to a byte c (the case's ch) */
	SC_API_COUNT
};

/* True for the APIs that append to dest's string (strlcat, strncat): the
 * case carries dest's initial bytes (dst_init). */
static inline int sc_api_appends(enum sc_api api)
{
	return api == SC_STRLCAT || api == SC_STRNCAT;
}

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

/*
 * What a case's count is relative to.  SC_REL_NONE: count is the count.
 * SC_REL_DEST / SC_REL_SRC: count holds k (two's complement) and the call
 * gets count - (uintptr_t)dest (or src), so that dest + count (src + count)
 * is address k modulo 2^64: k = 0..4096 wraps around just past the top,
 * k = -1 ends at the very top without wrapping.  Such a count depends on
 * where the arena was mapped, so it is stored relative and resolved when
 * the case is placed (sc_case_count).  Always a huge count.
 */
enum sc_count_rel { SC_REL_NONE, SC_REL_DEST, SC_REL_SRC, SC_REL_COUNT };

/* Longest source: past 65,536 (16-bit length counters) and many pages. */
#define SC_SRC_MAX (1u << 17)
/* Counts up to this get a real destination of count bytes. */
#define SC_COUNT_MAX (SC_SRC_MAX + 64)
/* A count above SC_COUNT_MAX is "huge": the destination mapped is this long
 * (and the offset), the rest is backed on demand (memory/demand.h) ... */
#define SC_DST_SPAN 4096u
/* ... and its string ends this far before the end of it (a vector store). */
#define SC_HUGE_SLACK 64u
/* Counts up to this have their dest backed whole, on demand past what is
 * mapped: strscpy_pad, which pads to count, gets these. */
#define SC_DEST_BACKED ((size_t)1 << 21)
#define SC_OFF_MAX 63
/* Longest initial string of dest (strlcat, strncat): past two pages. */
#define SC_DINIT_MAX 8400u

struct sc_case {
	enum sc_api api;
	enum sc_policy policy;
	enum sc_place src_place, dst_place;
	unsigned src_off, dst_off;  /* 0..SC_OFF_MAX */
	enum sc_count_rel count_rel;
	uint64_t count;             /* any 64-bit value; k when count_rel != NONE */
	int32_t ch;                 /* memccpy: the int c the call gets; else 0 */
	size_t dst_init_len;        /* strlcat, strncat: dest's bytes before the call */
	unsigned char dst_init[SC_DINIT_MAX + 1];
	size_t src_len;
	unsigned char src[SC_SRC_MAX + 1];
};

/* Encoded header size (version 3); dest's initial bytes (strlcat,
 * strncat) and the source bytes follow it. */
#define SC_HEADER_LEN 16
/* The encoding's version, in the high nibble of header byte 3. */
#define SC_CASE_VERSION 3
/* The older version still replayed (a 12-byte header, four APIs). */
#define SC_CASE_VERSION_OLD 2
#define SC_HEADER_LEN_OLD 12
/* Longest encoded case. */
#define SC_ENCODED_MAX (SC_HEADER_LEN + SC_DINIT_MAX + SC_SRC_MAX)

/* Count forms of the header (byte 3, bits 0-2), see case.c. */
enum sc_count_form {
	SC_FORM_ABS,      /* count = the 64-bit field */
	SC_FORM_STRLEN,   /* count = strlen + (int64_t)field, at least 0 */
	SC_FORM_DEST,     /* dest + count = field (mod 2^64): SC_REL_DEST */
	SC_FORM_SRC,      /* src + count = field (mod 2^64): SC_REL_SRC */
};

/* True when the case's count gets a capped destination (see SC_DST_SPAN). */
int sc_count_is_huge(const struct sc_case *c);

/* True when dest is as long as a huge count says (backed on demand,
 * memory/demand.h): every API but strncat, whose dest is what it appends. */
static inline int sc_dst_is_huge(const struct sc_case *c)
{
	return c->api != SC_STRNCAT && sc_count_is_huge(c);
}

/* The destination's length: count, or SC_DST_SPAN for a huge count (the
 * one place that caps it: runner, judges and reports all ask here). */
size_t sc_case_dst_len(const struct sc_case *c);

/* The count the call gets, once src and dest are placed. */
uint64_t sc_case_count(const struct sc_case *c, const void *src, const void *dest);

/*
 * Can the API be checked with this count?  strncpy writes all n bytes and
 * strscpy_pad pads up to count, so both get only counts whose destination
 * is mapped whole (<= SC_COUNT_MAX); strscpy_pad gets counts up to
 * SC_DEST_BACKED (backed on demand) and above INT_MAX, which it must refuse
 * without writing.  strscpy and strlcpy take any.
 */
int sc_count_fits_api(enum sc_api api, uint64_t count, enum sc_count_rel rel);

/* Version of an encoded case's header (0 when shorter than a header). */
unsigned sc_case_version(const uint8_t *data, size_t len);

/* Header byte 0 with api and policy set (the placements kept): what the
 * fuzz harnesses force on an input. */
uint8_t sc_header_byte0(uint8_t b, enum sc_api api, enum sc_policy policy);

/* Set the count fields of an encoded header (hdr[3..11]): form and value. */
void sc_header_set_count(uint8_t *hdr, enum sc_count_form form, uint64_t value);

/* Read them back: returns the form, *value the 64-bit field. */
enum sc_count_form sc_header_count(const uint8_t *hdr, uint64_t *value);

/*
 * Decode any byte string into a valid case (fuzzers hand us anything):
 * out-of-range fields wrap, an over-long source is cut, and a source that
 * the contract would read past (no NUL where one is needed) gets a NUL
 * appended.  Always succeeds.
 */
void sc_case_decode(struct sc_case *c, const uint8_t *data, size_t len);

/* Encode; returns the length written (at most SC_ENCODED_MAX). */
size_t sc_case_encode(const struct sc_case *c, uint8_t *out);

/* Bring a hand-built case to the form sc_case_decode produces. */
void sc_case_normalize(struct sc_case *c);

/* How many source bytes the contract lets the API read (the NUL included). */
size_t sc_case_readable(const struct sc_case *c);

/* Index of the first NUL in src[0..src_len-1], or src_len if none. */
size_t sc_case_strlen(const struct sc_case *c);

/* dest's initial string's length (strlcat, strncat): the first NUL of
 * dst_init, or dst_init_len when it has none. */
size_t sc_case_dlen(const struct sc_case *c);

/* memccpy: index of the first (unsigned char)ch in src, or src_len. */
size_t sc_case_chpos(const struct sc_case *c);

/* How many bytes the case's encoding has (sc_case_encode's length). */
size_t sc_case_encoded_len(const struct sc_case *c);

const char *sc_api_name(enum sc_api api);
int sc_api_parse(const char *name, enum sc_api *api);  /* 0 ok, -1 unknown */
/* The API a symbol's name says (it holds the API's name, the longest
 * one: my_strlcat is strlcat, strscpy_pad_fast strscpy_pad); 0 ok, -1 if
 * it names none. */
int sc_api_from_symbol(const char *symbol, enum sc_api *api);
const char *sc_place_name(enum sc_place place);

#endif
