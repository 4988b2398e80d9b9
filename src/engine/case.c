#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "case.h"
#include "mem.h"

/*
 * Header layout, version 2 (SC_HEADER_LEN = 12 bytes, little-endian), then
 * the source bytes:
 *   [0] bits 0-1 api, bit 2 policy, bits 3-4 src_place, bits 5-6 dst_place
 *   [1] src_off        [2] dst_off
 *   [3] bits 0-2 count form (enum sc_count_form; 4-7 read as absolute),
 *       bits 4-7 the version (SC_CASE_VERSION)
 *   [4..11] the count field, 64 bits: any count, or a delta (form STRLEN),
 *       or the address dest + count / src + count wraps to (DEST, SRC)
 * The decoder reads any bytes as version 2 (fuzzers hand it anything); the
 * CLI refuses a file whose version nibble says otherwise (version 1 had an
 * 8-byte header and a 32-bit count, see docs/counts.md).  sc_case_encode
 * writes ABS, DEST or SRC; the STRLEN form is there so that a fuzzer
 * reaches counts near the string's length easily.
 */

static const char *const api_names[SC_API_COUNT] = {
	"strscpy", "strscpy_pad", "strlcpy", "strncpy",
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

size_t sc_case_dst_len(const struct sc_case *c)
{
	return sc_count_is_huge(c) ? SC_DST_SPAN : (size_t)c->count;
}

size_t sc_case_strlen(const struct sc_case *c)
{
	const unsigned char *nul = sc_memchr(c->src, 0, c->src_len);

	return nul ? (size_t)(nul - c->src) : c->src_len;
}

size_t sc_case_readable(const struct sc_case *c)
{
	size_t len = sc_case_strlen(c);

	if (c->api == SC_STRLCPY || sc_count_is_huge(c) || c->count > len)
		return len + 1;
	return (size_t)c->count;
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
	/* A huge count gets a capped destination (sc_case_dst_len): a string that
	 * would not fit there ends SC_HUGE_SLACK bytes before its end, or a
	 * correct copy (which a huge count allows) that stores its final word
	 * or vector whole, past the NUL but inside count, would be called an
	 * overwrite. */
	if (sc_count_is_huge(c) && sc_case_strlen(c) >= sc_case_dst_len(c) - SC_HUGE_SLACK)
		c->src[sc_case_dst_len(c) - SC_HUGE_SLACK - 1] = 0;
	/* The contract would read one byte more than we have: terminate. */
	if (sc_case_readable(c) > c->src_len)
		c->src[c->src_len++] = 0;
}

unsigned sc_case_version(const uint8_t *data, size_t len)
{
	return len < SC_HEADER_LEN ? 0 : data[3] >> 4;
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
	size_t hl = len < SC_HEADER_LEN ? len : SC_HEADER_LEN;
	uint64_t v;
	enum sc_count_form form;

	memcpy(h, data, hl);
	data += hl;
	len -= hl;

	c->api = (enum sc_api)(h[0] & 3);
	c->policy = (h[0] >> 2) & 1 ? SC_STRICT : SC_NO_LEAK;
	c->src_place = (enum sc_place)(((h[0] >> 3) & 3) % SC_PLACE_COUNT);
	c->dst_place = (enum sc_place)(((h[0] >> 5) & 3) % SC_PLACE_COUNT);
	c->src_off = h[1] & SC_OFF_MAX;
	c->dst_off = h[2] & SC_OFF_MAX;
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

size_t sc_case_encode(const struct sc_case *c, uint8_t *out)
{
	enum sc_count_form form = c->count_rel == SC_REL_DEST ? SC_FORM_DEST :
				  c->count_rel == SC_REL_SRC ? SC_FORM_SRC : SC_FORM_ABS;

	out[0] = (uint8_t)((c->api & 3) | (c->policy == SC_STRICT) << 2 |
			   (c->src_place & 3) << 3 | (c->dst_place & 3) << 5);
	out[1] = (uint8_t)c->src_off;
	out[2] = (uint8_t)c->dst_off;
	sc_header_set_count(out, form, c->count);
	memcpy(out + SC_HEADER_LEN, c->src, c->src_len);
	return SC_HEADER_LEN + c->src_len;
}
