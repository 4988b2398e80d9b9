#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "case.h"
#include "../base/mem.h"

/*
 * Header layout, version 3 (SC_HEADER_LEN = 16 bytes, little-endian), then
 * dest's initial bytes (strlcat, strncat: aux of them), then the source:
 *   [0] bits 0-2 api, bit 3 policy, bits 4-5 src_place, bits 6-7 dst_place
 *   [1] src_off        [2] dst_off
 *   [3] bits 0-2 count form (enum sc_count_form; 4-7 read as absolute),
 *       bits 4-7 the version (SC_CASE_VERSION)
 *   [4..11] the count field, 64 bits: any count, or a delta (form STRLEN),
 *       or the address dest + count / src + count wraps to (DEST, SRC)
 *   [12..15] aux, 32 bits: strlcat, strncat: how many of the bytes after
 *       the header are dest's initial bytes (dst_init); memccpy: its int c
 *       (two's complement); other APIs: unused (written 0)
 * The decoder reads any bytes as version 3 (fuzzers hand it anything),
 * except that a header whose version nibble says 2 is read in version 2's
 * layout: a 12-byte header, bits 0-1 api (the first four), bit 2 policy,
 * bits 3-4 and 5-6 the placements, no aux (so old cases still replay).
 * The CLI refuses a case of any other version in one line (version 1 had
 * an 8-byte header and a 32-bit count, see docs/counts.md).
 * sc_case_encode writes ABS, DEST or SRC; the STRLEN form is there so
 * that a fuzzer reaches counts near the string's length easily.
 */

static const char *const api_names[SC_API_COUNT] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy", "strlcat", "strncat", "stpncpy", "memccpy",
};

static const char *const place_names[SC_PLACE_COUNT] = {
	"free", "at-start-guard", "at-end-guard",
};

const char *sc_api_name(enum sc_api api)
{
	return (unsigned)api < SC_API_COUNT ? api_names[api] : "?";
}

int sc_api_parse(const char *name, enum sc_api *api)
{
	for (unsigned i = 0; i < SC_API_COUNT; i++)
		if (strcmp(name, api_names[i]) == 0) {
			*api = (enum sc_api)i;
			return 0;
		}
	return -1;
}

int sc_api_from_symbol(const char *symbol, enum sc_api *api)
{
	size_t best = 0;

	/* The longest API name in the symbol: my_strscpy_pad is strscpy_pad. */
	for (unsigned i = 0; i < SC_API_COUNT; i++)
		if (strstr(symbol, api_names[i]) && strlen(api_names[i]) > best) {
			best = strlen(api_names[i]);
			*api = (enum sc_api)i;
		}
	return best ? 0 : -1;
}

const char *sc_place_name(enum sc_place place)
{
	return (unsigned)place < SC_PLACE_COUNT ? place_names[place] : "?";
}

int sc_count_is_huge(const struct sc_case *c)
{
	return c->count_rel != SC_REL_NONE || c->count > SC_COUNT_MAX;
}

uint64_t sc_case_count(const struct sc_case *c, const void *src, const void *dest)
{
	uintptr_t base = c->count_rel == SC_REL_DEST ? (uintptr_t)dest :
			 c->count_rel == SC_REL_SRC ? (uintptr_t)src : 0;

	/* In the pointer's width: on a 32-bit host dest + count wraps at 2^32. */
	return c->count_rel == SC_REL_NONE ? c->count : (uint64_t)((uintptr_t)c->count - base);
}

int sc_count_fits_api(enum sc_api api, uint64_t count, enum sc_count_rel rel)
{
	switch (api) {
	case SC_STRNCPY:
	case SC_STPNCPY:
		return rel == SC_REL_NONE && count <= SC_COUNT_MAX;
	case SC_STRSCPY_PAD:
		/* A relative count is above INT_MAX only with 64-bit pointers. */
		if (rel != SC_REL_NONE)
			return SIZE_MAX > UINT32_MAX;
		return count <= SC_DEST_BACKED || count > INT_MAX;
	default:
		return 1;
	}
}

size_t sc_case_strlen(const struct sc_case *c)
{
	const unsigned char *nul = sc_memchr(c->src, 0, c->src_len);

	return nul ? (size_t)(nul - c->src) : c->src_len;
}

size_t sc_case_dlen(const struct sc_case *c)
{
	const unsigned char *nul = sc_memchr(c->dst_init, 0, c->dst_init_len);

	return nul ? (size_t)(nul - c->dst_init) : c->dst_init_len;
}

size_t sc_case_chpos(const struct sc_case *c)
{
	const unsigned char *p = sc_memchr(c->src, (unsigned char)c->ch, c->src_len);

	return p ? (size_t)(p - c->src) : c->src_len;
}

/* strncat's bytes appended: the string, cut at n. */
static size_t strncat_k(const struct sc_case *c)
{
	size_t len = sc_case_strlen(c);

	return sc_count_is_huge(c) || c->count > len ? len : (size_t)c->count;
}

size_t sc_case_dst_len(const struct sc_case *c)
{
	/* strncat's n bounds the source, not dest: dest is exactly what the
	 * call may write, its string, the bytes appended and their NUL. */
	if (c->api == SC_STRNCAT)
		return sc_case_dlen(c) + strncat_k(c) + 1;
	return sc_count_is_huge(c) ? SC_DST_SPAN : (size_t)c->count;
}

size_t sc_case_readable(const struct sc_case *c)
{
	size_t len;

	if (c->api == SC_MEMCCPY) {
		len = sc_case_chpos(c);
		return sc_count_is_huge(c) || c->count > len ? len + 1 : (size_t)c->count;
	}
	len = sc_case_strlen(c);
	if (c->api == SC_STRLCPY || c->api == SC_STRLCAT || sc_count_is_huge(c) || c->count > len)
		return len + 1;
	return (size_t)c->count;
}

/*
 * dest's initial bytes: only the concatenations have any, and they lie
 * inside dest.  strncat's dest string is always terminated (the contract
 * reads it to its NUL); strlcat's may be unterminated only within size
 * (dst_init_len == count: the call must not read dest[size]); with a
 * huge size it gets at most half the capped dest, leaving room to append.
 */
static void normalize_dst_init(struct sc_case *c)
{
	size_t max = SC_DINIT_MAX;

	if (!sc_api_appends(c->api)) {
		c->dst_init_len = 0;
		return;
	}
	if (c->api == SC_STRLCAT)
		max = sc_count_is_huge(c) ? SC_DST_SPAN / 2 : (size_t)c->count;
	if (max > SC_DINIT_MAX)
		max = SC_DINIT_MAX;
	if (c->dst_init_len > max)
		c->dst_init_len = max;
	if (sc_case_dlen(c) == c->dst_init_len &&
	    (c->api == SC_STRNCAT || sc_count_is_huge(c) || c->dst_init_len < c->count)) {
		if (c->dst_init_len == max && c->dst_init_len)
			c->dst_init_len--;
		c->dst_init[c->dst_init_len++] = 0;
	}
}

void sc_case_normalize(struct sc_case *c)
{
	c->api = (enum sc_api)((unsigned)c->api % SC_API_COUNT);
	c->policy = c->policy == SC_STRICT ? SC_STRICT : SC_NO_LEAK;
	c->src_place = (enum sc_place)((unsigned)c->src_place % SC_PLACE_COUNT);
	c->dst_place = (enum sc_place)((unsigned)c->dst_place % SC_PLACE_COUNT);
	c->src_off &= SC_OFF_MAX;
	c->dst_off &= SC_OFF_MAX;
	if (c->src_len > SC_SRC_MAX)
		c->src_len = SC_SRC_MAX;
	if ((unsigned)c->count_rel >= SC_REL_COUNT)
		c->count_rel = SC_REL_NONE;
#if SIZE_MAX < UINT64_MAX
	/* What a call with a size_t count would get anyway. */
	if (c->count_rel == SC_REL_NONE)
		c->count = (size_t)c->count;
#endif
	/* strncpy and strscpy_pad write count bytes: a count they would write
	 * beyond the mapped destination is folded into it (sc_count_fits_api). */
	if (!sc_count_fits_api(c->api, c->count, c->count_rel)) {
		c->count_rel = SC_REL_NONE;
		c->count %= SC_COUNT_MAX + 1;
	}
	normalize_dst_init(c);
	if (c->api != SC_MEMCCPY)
		c->ch = 0;
	/* strncat: dest (its string, what is appended, a NUL) fits an image. */
	if (c->api == SC_STRNCAT && sc_case_dst_len(c) > SC_COUNT_MAX)
		c->src[SC_COUNT_MAX - 1 - sc_case_dlen(c)] = 0;
	/* A huge count gets a capped destination (sc_case_dst_len): a string that
	 * would not fit there ends SC_HUGE_SLACK bytes before its end, or a
	 * correct copy (which a huge count allows) that stores its final word
	 * or vector whole, past the NUL but inside count, would be called an
	 * overwrite. */
	if (c->api == SC_MEMCCPY) {
		/* memccpy stops after c: the same, with c for the NUL. */
		if (sc_count_is_huge(c) && sc_case_chpos(c) >= SC_DST_SPAN - SC_HUGE_SLACK)
			c->src[SC_DST_SPAN - SC_HUGE_SLACK - 1] = (unsigned char)c->ch;
		if (sc_case_readable(c) > c->src_len)
			c->src[c->src_len++] = (unsigned char)c->ch;
		return;
	}
	if (c->api == SC_STRLCAT && sc_count_is_huge(c) &&
	    sc_case_dlen(c) + sc_case_strlen(c) >= SC_DST_SPAN - SC_HUGE_SLACK)
		c->src[SC_DST_SPAN - SC_HUGE_SLACK - 1 - sc_case_dlen(c)] = 0;
	else if (c->api != SC_STRNCAT && sc_count_is_huge(c) &&
		 sc_case_strlen(c) >= sc_case_dst_len(c) - SC_HUGE_SLACK)
		c->src[sc_case_dst_len(c) - SC_HUGE_SLACK - 1] = 0;
	/* The contract would read one byte more than we have: terminate. */
	if (sc_case_readable(c) > c->src_len)
		c->src[c->src_len++] = 0;
	/* strncat's dest is what it may write: initial bytes past it would
	 * lie in the margin (the source is final now, and with it dest). */
	if (c->api == SC_STRNCAT && c->dst_init_len > sc_case_dst_len(c))
		c->dst_init_len = sc_case_dst_len(c);
}

unsigned sc_case_version(const uint8_t *data, size_t len)
{
	if (len >= SC_HEADER_LEN_OLD && data[3] >> 4 == SC_CASE_VERSION_OLD)
		return SC_CASE_VERSION_OLD;
	return len < SC_HEADER_LEN ? 0 : data[3] >> 4;
}

uint8_t sc_header_byte0(uint8_t b, enum sc_api api, enum sc_policy policy)
{
	return (uint8_t)((b & 0xf0u) | ((unsigned)api & 7) | (policy == SC_STRICT) << 3);
}

void sc_header_set_count(uint8_t *hdr, enum sc_count_form form, uint64_t value)
{
	hdr[3] = (uint8_t)(SC_CASE_VERSION << 4 | ((unsigned)form & 7));
	for (int i = 0; i < 8; i++)
		hdr[4 + i] = (uint8_t)(value >> (8 * i));
}

enum sc_count_form sc_header_count(const uint8_t *hdr, uint64_t *value)
{
	unsigned form = hdr[3] & 7;

	*value = 0;
	for (int i = 0; i < 8; i++)
		*value |= (uint64_t)hdr[4 + i] << (8 * i);
	return form <= SC_FORM_SRC ? (enum sc_count_form)form : SC_FORM_ABS;
}

void sc_case_decode(struct sc_case *c, const uint8_t *data, size_t len)
{
	uint8_t h[SC_HEADER_LEN] = {0};
	int old = len >= SC_HEADER_LEN_OLD && data[3] >> 4 == SC_CASE_VERSION_OLD;
	size_t hlen = old ? SC_HEADER_LEN_OLD : SC_HEADER_LEN;
	size_t hl = len < hlen ? len : hlen;
	uint32_t aux;
	uint64_t v;
	enum sc_count_form form;

	memcpy(h, data, hl);
	data += hl;
	len -= hl;

	if (old) {
		c->api = (enum sc_api)(h[0] & 3);
		c->policy = (h[0] >> 2) & 1 ? SC_STRICT : SC_NO_LEAK;
		c->src_place = (enum sc_place)(((h[0] >> 3) & 3) % SC_PLACE_COUNT);
		c->dst_place = (enum sc_place)(((h[0] >> 5) & 3) % SC_PLACE_COUNT);
		aux = 0;
	} else {
		c->api = (enum sc_api)(h[0] & 7);
		c->policy = (h[0] >> 3) & 1 ? SC_STRICT : SC_NO_LEAK;
		c->src_place = (enum sc_place)(((h[0] >> 4) & 3) % SC_PLACE_COUNT);
		c->dst_place = (enum sc_place)(((h[0] >> 6) & 3) % SC_PLACE_COUNT);
		aux = (uint32_t)h[12] | (uint32_t)h[13] << 8 | (uint32_t)h[14] << 16 |
		      (uint32_t)h[15] << 24;
	}
	c->src_off = h[1] & SC_OFF_MAX;
	c->dst_off = h[2] & SC_OFF_MAX;
	c->ch = c->api == SC_MEMCCPY ? (int32_t)aux : 0;
	c->dst_init_len = 0;
	if (sc_api_appends(c->api)) {
		c->dst_init_len = aux < len ? aux : len;
		if (c->dst_init_len > SC_DINIT_MAX)
			c->dst_init_len = SC_DINIT_MAX;
		memcpy(c->dst_init, data, c->dst_init_len);
		/* Bytes past the ones kept are the source's, as encoded. */
		data += aux < len ? aux : len;
		len -= aux < len ? aux : len;
	}
	c->src_len = len > SC_SRC_MAX ? SC_SRC_MAX : len;
	sc_memcpy(c->src, data, c->src_len);

	form = sc_header_count(h, &v);
	c->count_rel = form == SC_FORM_DEST ? SC_REL_DEST : form == SC_FORM_SRC ? SC_REL_SRC :
		       SC_REL_NONE;
	c->count = v;
	if (form == SC_FORM_STRLEN) {
		uint64_t L = sc_case_strlen(c);

		/* L + delta, at least 0 (the delta is two's complement). */
		c->count = (int64_t)v < 0 && (uint64_t)0 - v > L ? 0 : L + v;
	}
	sc_case_normalize(c);
}

size_t sc_case_encoded_len(const struct sc_case *c)
{
	return SC_HEADER_LEN + (sc_api_appends(c->api) ? c->dst_init_len : 0) + c->src_len;
}

size_t sc_case_encode(const struct sc_case *c, uint8_t *out)
{
	enum sc_count_form form = c->count_rel == SC_REL_DEST ? SC_FORM_DEST :
				  c->count_rel == SC_REL_SRC ? SC_FORM_SRC : SC_FORM_ABS;
	uint32_t aux = sc_api_appends(c->api) ? (uint32_t)c->dst_init_len :
		       c->api == SC_MEMCCPY ? (uint32_t)c->ch : 0;
	size_t at = SC_HEADER_LEN;

	out[0] = sc_header_byte0((uint8_t)((c->src_place & 3) << 4 | (c->dst_place & 3) << 6),
				 c->api, c->policy);
	out[1] = (uint8_t)c->src_off;
	out[2] = (uint8_t)c->dst_off;
	sc_header_set_count(out, form, c->count);
	for (int i = 0; i < 4; i++)
		out[12 + i] = (uint8_t)(aux >> (8 * i));
	if (sc_api_appends(c->api)) {
		memcpy(out + at, c->dst_init, c->dst_init_len);
		at += c->dst_init_len;
	}
	memcpy(out + at, c->src, c->src_len);
	return at + c->src_len;
}
